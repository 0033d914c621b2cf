import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Chat, Message } from 'shared/src/contracts/entities';
import type { Database, MessageType } from '../db/schema.js';
import { currentUser } from '../http/auth.js';
import { fieldError, forbidden, notFound } from '../http/errors.js';
import { fileField } from '../http/fields.js';
import { send } from '../http/reply.js';
import { AUTH_ERRORS, chatSchema, envelope, idParams, listOf, messageSchema, paginationQuery, responses } from '../http/schemas.js';
import { insertNotification, notificationEvent, type NewNotification } from '../queries/notifications.js';
import { PEOPLE_COLUMNS } from '../queries/people.js';
import { fullName, person, toIso } from '../serializers.js';
import { storeUpload } from '../services/uploads.js';

const tags = ['chat'];
const security = [{ bearerAuth: [] }];

function chatsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('chats')
    .innerJoin('users as c', 'c.id', 'chats.customer_id')
    .innerJoin('users as p', 'p.id', 'chats.provider_id')
    .select([
      'chats.id',
      'chats.customer_id',
      'chats.provider_id',
      'chats.updated_at',
      ...PEOPLE_COLUMNS,
    ]);
}

export function toMessage(r: {
  id: number;
  chat_id: number;
  from_id: number;
  message: string;
  message_type: MessageType;
  attachment: string | null;
  created_at: Date | string;
}): Message {
  return {
    id: r.id,
    chat_id: r.chat_id,
    from_id: r.from_id,
    message: r.message,
    message_type: r.message_type,
    attachment: r.attachment,
    created_at: toIso(r.created_at),
  };
}

interface SendBody {
  customer_id: number;
  provider_id: number;
  message_type: MessageType;
  message?: string;
  attachment?: string;
}

export default async function chatsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  app.get(
    '/api/chats',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: "The caller's chats with customer and provider", response: responses({ 200: envelope(listOf(chatSchema)) }, [401]) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rows = await chatsWithPeople(db)
        .where(user.role === 'Provider' ? 'chats.provider_id' : 'chats.customer_id', '=', user.id)
        .orderBy('chats.updated_at', 'desc')
        .orderBy('chats.id', 'desc')
        .limit(200)
        .execute();
      const chats: Chat[] = rows.map((r) => ({
        id: r.id,
        customer_id: r.customer_id,
        provider_id: r.provider_id,
        customer: person(r.customer_id, r.c_first_name, r.c_last_name, r.c_avatar),
        provider: person(r.provider_id, r.p_first_name, r.p_last_name, r.p_avatar),
        updated_at: toIso(r.updated_at),
      }));
      return send(reply, chats);
    },
  );

  app.get<{ Params: { id: number }; Querystring: { page: number; per_page: number } }>(
    '/api/chats/:id/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "A chat's messages, newest first",
        params: idParams,
        querystring: { type: 'object', properties: { ...paginationQuery } },
        response: responses(
          { 200: envelope({ type: 'object', properties: { messages: listOf(messageSchema) } }, true) },
          AUTH_ERRORS,
        ),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const chat = await db.selectFrom('chats').select(['id', 'customer_id', 'provider_id']).where('id', '=', request.params.id).executeTakeFirst();
      if (!chat) throw notFound('Chat not found.');
      if (chat.customer_id !== user.id && chat.provider_id !== user.id) throw forbidden('This chat is not yours.');
      const { page, per_page: perPage } = request.query;
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('chat_id', '=', chat.id)
        .orderBy('id', 'desc')
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
        .execute();
      return send(reply, { messages: rows.slice(0, perPage).map(toMessage) }, 'Success', 200, {
        meta: { page, per_page: perPage, has_more: rows.length > perPage },
      });
    },
  );

  app.post<{ Body: SendBody }>(
    '/api/chats',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Send a message (multipart). Creates the chat on the first message and publishes event 'Message' on private-message.{recipientId}.",
        consumes: ['multipart/form-data', 'application/json'],
        body: {
          type: 'object',
          required: ['customer_id', 'provider_id', 'message_type'],
          properties: {
            customer_id: { type: 'integer', minimum: 1 },
            provider_id: { type: 'integer', minimum: 1 },
            message_type: { type: 'string', enum: ['text', 'photo', 'attachment'] },
            message: { type: 'string', maxLength: 5000 },
            attachment: fileField,
          },
        },
        response: responses({ 201: envelope(messageSchema) }, [...AUTH_ERRORS, 413]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const isCustomer = user.role === 'Customer' && user.id === body.customer_id;
      const isProvider = user.role === 'Provider' && user.id === body.provider_id;
      if (!isCustomer && !isProvider) throw forbidden('You can only send messages in your own chats.');
      const recipientId = isCustomer ? body.provider_id : body.customer_id;
      const recipientRole = isCustomer ? 'Provider' : 'Customer';
      const recipient = await db.selectFrom('users').select(['id', 'role']).where('id', '=', recipientId).executeTakeFirst();
      if (!recipient || recipient.role !== recipientRole) {
        throw fieldError(isCustomer ? 'provider_id' : 'customer_id', `The selected ${recipientRole.toLowerCase()} is invalid.`);
      }

      const text = (body.message ?? '').trim();
      let attachment: string | null = null;
      const file = request.uploadedFiles?.attachment;
      if (body.message_type === 'text') {
        if (!text) throw fieldError('message', 'The message field is required.');
      } else {
        if (!file) throw fieldError('attachment', 'The attachment field is required.');
        const stored = await storeUpload(
          ctx.config.uploadsDir,
          'attachment',
          file,
          body.message_type === 'photo' ? ['image'] : ['image', 'document'],
          body.message_type === 'photo'
            ? 'The photo must be an image (PNG, JPEG, WebP or GIF).'
            : 'The attachment must be an image or a PDF.',
        );
        attachment = stored.path;
      }

      const now = ctx.clock.now().toISOString();
      const { message, notificationLive } = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('chats')
          .values({ customer_id: body.customer_id, provider_id: body.provider_id, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(['customer_id', 'provider_id']).doUpdateSet({ updated_at: now }))
          .execute();
        const chat = await trx
          .selectFrom('chats')
          .select('id')
          .where('customer_id', '=', body.customer_id)
          .where('provider_id', '=', body.provider_id)
          .executeTakeFirstOrThrow();
        const row = await trx
          .insertInto('messages')
          .values({ chat_id: chat.id, from_id: user.id, message: text, message_type: body.message_type, attachment, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        const preview = body.message_type === 'text' ? (text.length > 80 ? `${text.slice(0, 77)}...` : text) : `sent you a ${body.message_type === 'photo' ? 'photo' : 'file'}.`;
        const notification: NewNotification = {
          userId: recipientId,
          senderId: user.id,
          title: 'Chat',
          description: body.message_type === 'text' ? `${fullName(user.first_name, user.last_name)}: ${preview}` : `${fullName(user.first_name, user.last_name)} ${preview}`,
          chatId: chat.id,
        };
        const notificationId = await insertNotification(trx, notification, now);
        return { message: toMessage(row), notificationLive: notificationEvent(notificationId, notification, user, now) };
      });

      // Both live events of the message in one publish, queued: the answer does not wait for it.
      ctx.publisher.publish([{ userId: recipientId, event: 'Message', data: message }, notificationLive]);
      return send(reply, message, 'Message sent', 201);
    },
  );
}
