import type { FastifyInstance } from 'fastify';
import { currentUser } from '../http/auth.js';
import { forbidden, notFound } from '../http/errors.js';
import { send } from '../http/reply.js';
import {
  AUTH_ERRORS,
  envelope,
  idParams,
  listOf,
  notificationSchema,
  paginationQuery,
  responses,
  socketIdHeaders,
} from '../http/schemas.js';
import { isValidSocketId } from '../realtime/protocol.js';
import { listNotifications, markNotificationsRead, notificationsReadEvent } from '../queries/notifications.js';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export default async function notificationsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  app.get<{ Querystring: { page: number; per_page: number } }>(
    '/api/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first, with the sender's avatar and name and the read state",
        querystring: { type: 'object', properties: { ...paginationQuery } },
        response: responses({ 200: envelope(listOf(notificationSchema), true) }, [400, 401]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { page, per_page: perPage } = request.query;
      const result = await listNotifications(db, user.id, page, perPage);
      return send(reply, result.items, 'Success', 200, { meta: { page, per_page: perPage, has_more: result.has_more } });
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/notifications/:id/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark one notification read; answers the first page of the list',
        params: idParams,
        response: responses({ 200: envelope(listOf(notificationSchema)) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'read_at'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Notification not found.');
      if (row.user_id !== user.id) throw forbidden('This notification is not yours.');
      if (await markNotificationsRead(db, user.id, ctx.clock.now().toISOString(), { id: row.id })) {
        ctx.publisher.publish([notificationsReadEvent(user.id)]);
      }
      return send(reply, (await listNotifications(db, user.id, 1, 50)).items, 'Notification marked as read');
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark all notifications read; answers the first page of the list',
        headers: socketIdHeaders,
        response: responses({ 200: envelope(listOf(notificationSchema)) }, [400, 401]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (await markNotificationsRead(db, user.id, ctx.clock.now().toISOString())) {
        // The asking tab has the list from the answer: only the user's other tabs and devices are told.
        const asking = request.headers['x-socket-id'];
        ctx.publisher.publish([notificationsReadEvent(user.id, isValidSocketId(asking) ? asking : undefined)]);
      }
      return send(reply, (await listNotifications(db, user.id, 1, 50)).items, 'All notifications marked as read');
    },
  );
}
