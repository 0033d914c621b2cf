import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { currentUser } from '../http/auth.js';
import { fieldError, forbidden, notFound } from '../http/errors.js';
import { send } from '../http/reply.js';
import {
  AUTH_ERRORS,
  idParams,
  listOf,
  notificationSchema,
  paginationQuery,
  responses,
  socketIdHeaders,
  askingTab,
} from '../http/schemas.js';
import { listNotifications, markNotificationsRead, notificationsReadEvent } from '../queries/notifications.js';

type Schema = Record<string, unknown>;

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

/** The list's page, and with the first page `unread`: how many of all the caller's notifications are unread (the bell's count). */
const notificationsAnswer: Schema = {
  type: 'object',
  properties: {
    data: listOf(notificationSchema),
    message: { type: 'string' },
    meta: {
      type: 'object',
      properties: {
        page: { type: 'integer' },
        per_page: { type: 'integer' },
        has_more: { type: 'boolean' },
        unread: {
          type: 'integer',
          description:
            'With the first page only (`page` 1, and the answers of marking read): how many of all the caller’s ' +
            'notifications are unread. Later pages do not have it.',
        },
      },
    },
  },
};

const notificationId = (name: string): Schema => ({
  type: 'integer',
  minimum: 1,
  description: 'A notification id (a positive integer)',
  'x-messages': {
    type: `The ${name} must be a notification id (a positive integer).`,
    minimum: `The ${name} must be a notification id (a positive integer).`,
  },
});

/** Which notifications POST /api/notifications/read-all marks read: those the page showed. */
const readAllBody: Schema = {
  type: 'object',
  required: ['up_to_id'],
  properties: {
    up_to_id: {
      ...notificationId('up_to_id'),
      description: 'The newest notification the user was shown: newer ones stay unread.',
    },
    from_id: {
      ...notificationId('from_id'),
      description: 'The oldest notification the user was shown (optional): older ones stay unread.',
    },
  },
};

/** Answers a page of the list; the first page with the unread total. */
async function sendPage(
  reply: FastifyReply,
  db: Kysely<Database>,
  userId: number,
  page: number,
  perPage: number,
  message: string,
) {
  const { items, has_more, unread } = await listNotifications(db, userId, page, perPage);
  return send(reply, items, message, 200, {
    meta: { page, per_page: perPage, has_more, ...(unread !== undefined && { unread }) },
  });
}

/** Answers the first page of the list with the unread total, as GET /api/notifications does. */
const sendFirstPage = (reply: FastifyReply, db: Kysely<Database>, userId: number, message: string) =>
  sendPage(reply, db, userId, 1, paginationQuery.per_page.default, message);

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
        description:
          'A page of the list (50 by default). The first page’s `meta.unread` counts all of the caller’s unread ' +
          'notifications, not only that page’s: it is the bell’s count. Later pages (`page` 2 and on) answer ' +
          'no `meta.unread`.',
        querystring: { type: 'object', properties: { ...paginationQuery } },
        response: responses({ 200: notificationsAnswer }, [400, 401]),
      },
    },
    async (request, reply) => {
      const { page, per_page: perPage } = request.query;
      return sendPage(reply, db, currentUser(request).id, page, perPage, 'Success');
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/notifications/:id/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark one notification read; answers the first page of the list and the unread total',
        params: idParams,
        response: responses({ 200: notificationsAnswer }, AUTH_ERRORS),
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
      return sendFirstPage(reply, db, user.id, 'Notification marked as read');
    },
  );

  app.post<{ Body: { up_to_id: number; from_id?: number } }>(
    '/api/notifications/read-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark read the notifications the user was shown; answers the first page of the list and the unread total',
        description:
          'Marks read the caller’s notifications with `from_id` <= id <= `up_to_id` (`from_id` optional): those ' +
          'Your Notifications showed. One that arrived after the page read its list has a greater id and stays ' +
          'unread, as do older ones not yet paged to.',
        headers: socketIdHeaders,
        body: readAllBody,
        response: responses({ 200: notificationsAnswer }, [400, 401]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { up_to_id: upToId, from_id: fromId } = request.body;
      if (fromId !== undefined && fromId > upToId)
        throw fieldError('from_id', 'The from_id may not be greater than the up_to_id.');
      if (await markNotificationsRead(db, user.id, ctx.clock.now().toISOString(), { upToId, fromId })) {
        // The asking tab has the list from the answer: only the user's other tabs and devices are told.
        ctx.publisher.publish([notificationsReadEvent(user.id, askingTab(request))]);
      }
      return sendFirstPage(reply, db, user.id, 'Notifications marked as read');
    },
  );
}
