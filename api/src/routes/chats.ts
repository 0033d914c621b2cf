import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Chat, Message } from 'shared/src/contracts/entities';
import { isUniqueViolation } from '../db/index.js';
import { precompile } from '../db/precompiled.js';
import type { Database, MessageType, Role } from '../db/schema.js';
import { currentUser } from '../http/auth.js';
import { fieldError, forbidden, HttpError, notFound } from '../http/errors.js';
import { hasVisibleCharacter } from 'shared/src/contracts/textRules';
import { fileField } from '../http/fields.js';
import { send } from '../http/reply.js';
import {
  AUTH_ERRORS,
  chatSchema,
  envelope,
  idParams,
  listOf,
  messageSchema,
  nullable,
  paginationQuery,
  idempotencyKeyHeader,
  responses,
  socketIdHeaders,
  askingTab,
} from '../http/schemas.js';
import {
  insertNotification,
  markNotificationsRead,
  notificationEvent,
  notificationsReadEvent,
  type NewNotification,
} from '../queries/notifications.js';
import { PEOPLE_COLUMNS } from '../queries/people.js';
import { fullName, person, toIso } from '../serializers.js';
import { eventDataBytes, MAX_EVENT_DATA_BYTES, ownChannelEvent, type RealtimeEvent } from '../services/publisher.js';
import { discardUpload, readUpload, storeUpload } from '../services/uploads.js';

/** A text message as its notification shows it: at most 80 characters, cut on whole characters (never half an emoji). */
function previewOf(text: string): string {
  const characters = Array.from(text);
  return characters.length > 80 ? `${characters.slice(0, 77).join('')}...` : text;
}

const tags = ['chat'];
const security = [{ bearerAuth: [] }];

/** A chat message as the chat routes answer it: the shared message shape plus the attached file's name and size. */
const chatMessageSchema = {
  ...messageSchema,
  properties: {
    ...(messageSchema.properties as Record<string, unknown>),
    attachment_name: nullable('string'),
    attachment_size: nullable('integer'),
    client_key: {
      type: 'string',
      description: "The Idempotency-Key the caller's own message was sent with (only on their own messages).",
    },
  },
};

/** A chat of the caller's list: both parties, its newest message and the caller's unread count. */
const chatSummarySchema = {
  ...chatSchema,
  properties: {
    ...(chatSchema.properties as Record<string, unknown>),
    last_message: { ...chatMessageSchema, type: ['object', 'null'] },
    unread_count: { type: 'integer' },
  },
};

const readStateSchema = {
  type: 'object',
  properties: {
    chat_id: { type: 'integer' },
    unread_count: { type: 'integer' },
    unread_total: { type: 'integer' },
  },
};

/**
 * 'ChatRead' on the reader's own channel: they read a chat (in one tab or device), so their other tabs
 * and devices count their unread messages anew and show the chat read. Nobody else is told.
 */
export const chatReadEvent = (userId: number, chatId: number, exceptSocketId?: string): RealtimeEvent =>
  ownChannelEvent(userId, 'ChatRead', { chat_id: chatId }, exceptSocketId);

/** The 'Message' event of a message whose text would not fit in an event: the message without its text. */
export type OmittedMessage = Message & { message: ''; message_omitted: true };

/**
 * The data of a message's 'Message' event: the message, or, when it would exceed Pusher's limit of an
 * event's data (5000 characters of 3 to 4 UTF-8 bytes each do), the same message with its text left out
 * and `message_omitted: true`; the client fetches it whole (GET /api/chats/{id}/messages/{message_id}).
 * An event over the limit would not be published at all (services/publisher.ts).
 */
export function messageEventData(message: Message): Message | OmittedMessage {
  if (eventDataBytes(message) <= MAX_EVENT_DATA_BYTES) return message;
  return { ...message, message: '', message_omitted: true };
}

/** The chats column holding how far `role` has read. */
const readColumnOf = (role: Role) => (role === 'Provider' ? 'provider_read_id' : 'customer_read_id');

export const NO_SUCH_PROVIDER = 'No provider has this id.';
export const NO_SUCH_CUSTOMER = 'No customer has this id.';
export const SENT_WITH_OTHER_CONTENT =
  'A message was already sent with this Idempotency-Key, with other content or to another chat. Send this one with a new key.';

/** Other ways of writing a stored file's extension that name the same type. */
const SAME_TYPE_EXTENSIONS: Record<string, readonly string[]> = { jpg: ['jpg', 'jpeg'] };
/** Controls (C0, C1) and the marks that turn text around (bidi embeddings, overrides, isolates, LRM/RLM/ALM). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point of this pattern
const UNSHOWABLE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_ATTACHMENT_NAME = 200;

/**
 * The original name of an uploaded file, made safe to show and to save: no folders, no control or
 * direction characters ('receipt\u202Efdp.cmd' would read 'receiptdmc.pdf'), at most 200 characters,
 * and ending in the extension of the type its content was found to be (`ext`), so that the recipient's
 * download opens as what was checked ('receipt.pdf.cmd' is saved as 'receipt.pdf.cmd.pdf'); with no
 * usable name, `fallbackStem`.`ext`.
 */
export function attachmentNameOf(raw: unknown, ext: string, fallbackStem: string): string {
  const base = typeof raw === 'string' ? (raw.split(/[\\/]/).pop() ?? '') : '';
  const name = base.replace(UNSHOWABLE_IN_NAMES, '').trim();
  if (!name || name === 'upload') return `${fallbackStem}.${ext}`;
  const own = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const kept = (SAME_TYPE_EXTENSIONS[ext] ?? [ext]).includes(own);
  const ending = kept ? name.slice(name.length - own.length - 1) : `.${ext}`;
  const stem = kept ? name.slice(0, -ending.length) : name;
  return cutWhole(stem, MAX_ATTACHMENT_NAME - ending.length) + ending;
}

/** The first `length` UTF-16 units of `text`, one fewer where the cut would split a surrogate pair (half an emoji). */
function cutWhole(text: string, length: number): string {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function chatsWithPeople(db: Kysely<Database>) {
  return db
    .selectFrom('chats')
    .innerJoin('users as c', 'c.id', 'chats.customer_id')
    .innerJoin('users as p', 'p.id', 'chats.provider_id')
    .select(['chats.id', 'chats.customer_id', 'chats.provider_id', 'chats.updated_at', ...PEOPLE_COLUMNS]);
}

export function toMessage(r: {
  id: number;
  chat_id: number;
  from_id: number;
  message: string;
  message_type: MessageType;
  attachment: string | null;
  created_at: Date | string;
  attachment_name?: string | null;
  attachment_size?: number | null;
}): Message {
  return {
    id: r.id,
    chat_id: r.chat_id,
    from_id: r.from_id,
    message: r.message,
    message_type: r.message_type,
    attachment: r.attachment,
    created_at: toIso(r.created_at),
    attachment_name: r.attachment_name ?? null,
    attachment_size: r.attachment_size ?? null,
  };
}

/**
 * A message as `viewerId` reads it: their own carries the Idempotency-Key it was sent with, by which the
 * tab that sent it recognises a copy it holds as not sent (its answer was lost) once the message shows.
 */
function asSeenBy(viewerId: number, r: Parameters<typeof toMessage>[0] & { client_key?: string | null }): Message {
  const message = toMessage(r);
  // Set on the message rather than spread into a copy: a spread followed by another key is a slow path on Node 20 (serializers.ts).
  if (r.from_id === viewerId && r.client_key) message.client_key = r.client_key;
  return message;
}

/** The most chats the list answers. */
const CHAT_LIST_LIMIT = 200;

/**
 * The caller's chats as a user of `role` sees them (their own column decides which chats are theirs and
 * how far they have read), each with its newest message (the `last_` columns, null when it has none) and
 * the number of the other party's messages the caller has not read; one chat only when `onlyId` is given.
 */
function chatSummaryQuery(db: Kysely<Database>, role: Role, userId: number, onlyId?: number) {
  const readColumn = `chats.${readColumnOf(role)}` as const;
  const query = chatsWithPeople(db)
    .leftJoin('messages as last', (join) =>
      join.on('last.id', '=', (eb) =>
        eb
          .selectFrom('messages as lm')
          .select((e) => e.fn.max('lm.id').as('max_id'))
          .whereRef('lm.chat_id', '=', 'chats.id'),
      ),
    )
    .select([
      'last.id as last_id',
      'last.from_id as last_from_id',
      'last.message as last_message',
      'last.message_type as last_message_type',
      'last.attachment as last_attachment',
      'last.attachment_name as last_attachment_name',
      'last.attachment_size as last_attachment_size',
      'last.created_at as last_created_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('messages as um')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('um.chat_id', '=', 'chats.id')
        .where('um.from_id', '<>', userId)
        .whereRef('um.id', '>', readColumn)
        .as('unread_count'),
    ])
    .where(role === 'Provider' ? 'chats.provider_id' : 'chats.customer_id', '=', userId);
  return onlyId === undefined ? query : query.where('chats.id', '=', onlyId);
}
type ChatSummaryRow = Awaited<ReturnType<ReturnType<typeof chatSummaryQuery>['execute']>>[number];

/** The whole list per role, compiled once: the chat screen and the sidebar's count ask for it often. */
const chatListOf = (role: Role) =>
  precompile<Database, [userId: number, limit: number], ChatSummaryRow>(2, (db, userId, limit) =>
    chatSummaryQuery(db, role, userId).orderBy('chats.updated_at', 'desc').orderBy('chats.id', 'desc').limit(limit),
  );
const CHAT_LISTS = { Provider: chatListOf('Provider'), Customer: chatListOf('Customer') };

/** A chat row's newest message, read from its `last_` columns. */
function lastMessageOf(r: ChatSummaryRow): Message | null {
  const { last_id: id, last_from_id: fromId, last_message: text, last_message_type: type, last_created_at: at } = r;
  // All null together: the chat has no message yet (the left join found none).
  if (id === null || fromId === null || text === null || type === null || at === null) return null;
  return toMessage({
    id,
    chat_id: r.id,
    from_id: fromId,
    message: text,
    message_type: type,
    attachment: r.last_attachment,
    created_at: at,
    attachment_name: r.last_attachment_name,
    attachment_size: r.last_attachment_size,
  });
}

/**
 * The caller's chats (all, or the one with id `onlyId`), newest conversation first, each with its
 * newest message and the number of the other party's messages the caller has not read.
 */
async function chatSummaries(db: Kysely<Database>, user: { id: number; role: Role }, onlyId?: number): Promise<Chat[]> {
  const rows =
    onlyId === undefined
      ? await CHAT_LISTS[user.role](db, user.id, CHAT_LIST_LIMIT)
      : await chatSummaryQuery(db, user.role, user.id, onlyId).execute();

  return rows.map((r) => ({
    id: r.id,
    customer_id: r.customer_id,
    provider_id: r.provider_id,
    customer: person(r.customer_id, r.c_first_name, r.c_last_name, r.c_avatar),
    provider: person(r.provider_id, r.p_first_name, r.p_last_name, r.p_avatar),
    updated_at: toIso(r.updated_at),
    last_message: lastMessageOf(r),
    unread_count: Number(r.unread_count ?? 0),
  }));
}

/** The caller's unread messages over all their chats, per role, compiled once: every screen load asks for it. */
const unreadTotalOf = (role: Role) =>
  precompile<Database, [userId: number], { n: number | string }>(1, (db, userId) =>
    db
      .selectFrom('messages')
      .innerJoin('chats', 'chats.id', 'messages.chat_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(role === 'Provider' ? 'chats.provider_id' : 'chats.customer_id', '=', userId)
      .where('messages.from_id', '<>', userId)
      .whereRef('messages.id', '>', `chats.${readColumnOf(role)}`),
  );
const UNREAD_TOTALS = { Provider: unreadTotalOf('Provider'), Customer: unreadTotalOf('Customer') };

async function unreadTotal(db: Kysely<Database>, user: { id: number; role: Role }): Promise<number> {
  const [row] = await UNREAD_TOTALS[user.role](db, user.id);
  return Number(row?.n ?? 0);
}

/** A chat of the caller's (404 when there is none with that id, 403 when it is someone else's). */
async function ownChat(db: Kysely<Database>, chatId: number, userId: number) {
  const chat = await db
    .selectFrom('chats')
    .select(['id', 'customer_id', 'provider_id'])
    .where('id', '=', chatId)
    .executeTakeFirst();
  if (!chat) throw notFound('Chat not found.');
  if (chat.customer_id !== userId && chat.provider_id !== userId) throw forbidden('This chat is not yours.');
  return chat;
}

export const PROVIDER_CANNOT_START = 'A provider can only chat with a customer who has booked them or started a chat with them.';

/**
 * Whether a provider may talk to a customer: the customer has booked them (a job of any status) or a chat
 * between the two is there already (the customer opened or wrote it). A provider cannot start a
 * conversation with just any user id, which would let them message every customer and learn who exists.
 */
async function providerMayChatWith(db: Kysely<Database>, providerId: number, customerId: number): Promise<boolean> {
  // The chat first: a provider's reply (the common case, on every send) is answered by its unique key alone.
  const chat = await db
    .selectFrom('chats')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (chat) return true;
  const job = await db
    .selectFrom('jobs')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return job !== undefined;
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
      schema: {
        tags,
        security,
        summary:
          "The caller's chats with customer and provider, newest conversation first, each with its last message and the caller's unread count",
        response: responses({ 200: envelope(listOf(chatSummarySchema)) }, [401]),
      },
    },
    async (request, reply) => send(reply, await chatSummaries(db, currentUser(request))),
  );

  app.get(
    '/api/chats/unread',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "How many of the other parties' messages the caller has not read, over all their chats",
        response: responses({ 200: envelope({ type: 'object', properties: { total: { type: 'integer' } } }) }, [401]),
      },
    },
    async (request, reply) => send(reply, { total: await unreadTotal(db, currentUser(request)) }),
  );

  app.post<{ Body: { user_id: number } }>(
    '/api/chats/open',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'The chat between the caller and a user of the other role: the existing one (200) or a new, empty one (201). Only a customer and a provider chat; a provider only with a customer who has booked them or opened a chat with them (403).',
        body: {
          type: 'object',
          required: ['user_id'],
          properties: {
            user_id: {
              type: 'integer',
              minimum: 1,
              'x-messages': {
                type: 'The user id must be a positive integer.',
                minimum: 'The user id must be a positive integer.',
              },
            },
          },
        },
        response: responses({ 200: envelope(chatSummarySchema), 201: envelope(chatSummarySchema) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Asked first, so that a provider learns nothing of a user id they have no business with.
      if (user.role === 'Provider' && !(await providerMayChatWith(db, user.id, request.body.user_id))) {
        throw forbidden(PROVIDER_CANNOT_START);
      }
      const other = await db.selectFrom('users').select(['id', 'role']).where('id', '=', request.body.user_id).executeTakeFirst();
      // An unknown id and one of the caller's own role read alike: the answer tells no one which ids are customers.
      if (!other || other.role === user.role) throw notFound(user.role === 'Customer' ? NO_SUCH_PROVIDER : NO_SUCH_CUSTOMER);
      const pair =
        user.role === 'Customer'
          ? { customer_id: user.id, provider_id: other.id }
          : { customer_id: other.id, provider_id: user.id };
      const now = ctx.clock.now().toISOString();
      // Two tabs opening the same chat at once: one insert wins, the other finds its row.
      const created = await db
        .insertInto('chats')
        .values({ ...pair, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['customer_id', 'provider_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const id =
        created?.id ??
        (
          await db
            .selectFrom('chats')
            .select('id')
            .where('customer_id', '=', pair.customer_id)
            .where('provider_id', '=', pair.provider_id)
            .executeTakeFirstOrThrow()
        ).id;
      const [chat] = await chatSummaries(db, user, id);
      return send(reply, chat, created ? 'Chat created' : 'Success', created ? 201 : 200);
    },
  );

  app.post<{ Params: { id: number }; Headers: { 'x-socket-id'?: string } }>(
    '/api/chats/:id/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Marks every message of a chat read for the caller; answers the chat's and the caller's total unread counts",
        params: idParams,
        headers: socketIdHeaders,
        response: responses({ 200: envelope(readStateSchema) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const chat = await ownChat(db, request.params.id, user.id);
      const column = chat.customer_id === user.id ? 'customer_read_id' : 'provider_read_id';
      const newest = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('max_id'))
        .where('chat_id', '=', chat.id)
        .executeTakeFirst();
      const upTo = Number(newest?.max_id ?? 0);
      // Only forward: a late call never marks fewer messages read than an earlier one.
      const [moved] = await db
        .updateTable('chats')
        .set({ [column]: upTo })
        .where('id', '=', chat.id)
        .where(column, '<', upTo)
        .execute();
      const live: RealtimeEvent[] = [];
      // The reader's other tabs and devices count their unread messages anew (the sidebar's Chat count).
      // The asking tab has the new total from the answer: it is not told (each message arriving in an
      // open conversation cost that tab a second unread count otherwise).
      if (Number(moved?.numUpdatedRows ?? 0) > 0) live.push(chatReadEvent(user.id, chat.id, askingTab(request)));
      // The conversation's notifications are read with it: the bell does not count what was read here.
      // Every tab is told, the asking one too: its bell learns it from this event only.
      if (await markNotificationsRead(db, user.id, ctx.clock.now().toISOString(), { chatId: chat.id })) {
        live.push(notificationsReadEvent(user.id));
      }
      if (live.length > 0) ctx.publisher.publish(live);
      return send(reply, { chat_id: chat.id, unread_count: 0, unread_total: await unreadTotal(db, user) });
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
          { 200: envelope({ type: 'object', properties: { messages: listOf(chatMessageSchema) } }, true) },
          AUTH_ERRORS,
        ),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const chat = await ownChat(db, request.params.id, user.id);
      const { page, per_page: perPage } = request.query;
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('chat_id', '=', chat.id)
        .orderBy('id', 'desc')
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
        .execute();
      return send(reply, { messages: rows.slice(0, perPage).map((row) => asSeenBy(user.id, row)) }, 'Success', 200, {
        meta: { page, per_page: perPage, has_more: rows.length > perPage },
      });
    },
  );

  app.get<{ Params: { id: number; message_id: number } }>(
    '/api/chats/:id/messages/:message_id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "One message of a chat, as the chat's messages answer it: for a 'Message' event with `message_omitted: true` (its text did not fit in the event)",
        params: {
          type: 'object',
          required: ['id', 'message_id'],
          properties: {
            ...(idParams.properties as Record<string, unknown>),
            message_id: {
              type: 'integer',
              minimum: 1,
              'x-messages': { type: 'The message id must be a positive integer.' },
            },
          },
        },
        response: responses({ 200: envelope(chatMessageSchema) }, AUTH_ERRORS),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const chat = await ownChat(db, request.params.id, user.id);
      const row = await db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', request.params.message_id)
        .where('chat_id', '=', chat.id)
        .executeTakeFirst();
      if (!row) throw notFound('Message not found.');
      return send(reply, toMessage(row));
    },
  );

  /**
   * The sender's message stored with this Idempotency-Key, if any, when this request sends the same:
   * the same chat, and the same text or the same file. A key sent again with another message is a 409,
   * not a success that drops it.
   */
  const messageWithKey = async (senderId: number, key: string, sending: { body: SendBody; file?: Buffer }) => {
    const row = await db
      .selectFrom('messages')
      .innerJoin('chats', 'chats.id', 'messages.chat_id')
      .selectAll('messages')
      .select(['chats.customer_id', 'chats.provider_id'])
      .where('messages.from_id', '=', senderId)
      .where('messages.client_key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    const { body, file } = sending;
    const sameChat = row.customer_id === body.customer_id && row.provider_id === body.provider_id;
    const sameContent = file
      ? row.attachment !== null && row.attachment_size === file.length && (await storedFileEquals(row.attachment, file))
      : row.message_type === 'text' && row.message === (body.message ?? '').trim();
    if (!sameChat || !sameContent)
      throw new HttpError(409, SENT_WITH_OTHER_CONTENT, { idempotency_key: [SENT_WITH_OTHER_CONTENT] });
    return asSeenBy(senderId, row);
  };
  /** Whether the stored upload at `publicPath` holds these bytes (a file gone since counts as the same: its size matched). */
  const storedFileEquals = async (publicPath: string, bytes: Buffer) => {
    const stored = await readUpload(ctx.config.uploadsDir, publicPath);
    return stored === null || stored.equals(bytes);
  };

  app.post<{ Body: SendBody; Headers: { 'x-socket-id'?: string; 'idempotency-key'?: string } }>(
    '/api/chats',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Send a message (multipart). Creates the chat on the first message and publishes event 'Message' on private-message.{recipientId}. A provider writes only to a customer who has booked them or opened a chat with them (403).",
        consumes: ['multipart/form-data', 'application/json'],
        body: {
          type: 'object',
          required: ['customer_id', 'provider_id', 'message_type'],
          properties: {
            customer_id: { type: 'integer', minimum: 1 },
            provider_id: { type: 'integer', minimum: 1 },
            message_type: {
              type: 'string',
              enum: ['text', 'photo', 'attachment'],
              description: "With a file, the stored type is the file's: photo for a PNG, attachment for any other.",
            },
            message: { type: 'string', maxLength: 5000 },
            attachment: fileField,
          },
        },
        headers: {
          ...socketIdHeaders,
          properties: {
            ...socketIdHeaders.properties,
            'idempotency-key': {
              ...idempotencyKeyHeader,
              description: 'The same key sends the message once: a retry after a lost answer gets the stored message back.',
            },
          },
        },
        response: responses({ 201: envelope(chatMessageSchema) }, [...AUTH_ERRORS, 409, 413]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const clientKey = request.headers['idempotency-key'] ?? null;
      if (clientKey) {
        const earlier = await messageWithKey(user.id, clientKey, { body, file: request.uploadedFiles?.attachment });
        if (earlier) return send(reply, earlier, 'Message sent', 201);
      }
      const isCustomer = user.role === 'Customer' && user.id === body.customer_id;
      const isProvider = user.role === 'Provider' && user.id === body.provider_id;
      if (!isCustomer && !isProvider) throw forbidden('You can only send messages in your own chats.');
      if (isProvider && !(await providerMayChatWith(db, user.id, body.customer_id))) throw forbidden(PROVIDER_CANNOT_START);
      const recipientId = isCustomer ? body.provider_id : body.customer_id;
      const recipientRole = isCustomer ? 'Provider' : 'Customer';
      const recipient = await db.selectFrom('users').select(['id', 'role']).where('id', '=', recipientId).executeTakeFirst();
      if (!recipient || recipient.role !== recipientRole) {
        throw fieldError(isCustomer ? 'provider_id' : 'customer_id', `The selected ${recipientRole.toLowerCase()} is invalid.`);
      }

      const text = (body.message ?? '').trim();
      let messageType: MessageType = 'text';
      let attachment: string | null = null;
      let attachmentName: string | null = null;
      let attachmentSize: number | null = null;
      const file = request.uploadedFiles?.attachment;
      if (file) {
        const stored = await storeUpload(
          ctx.config.uploadsDir,
          'attachment',
          file,
          ['image', 'document'],
          'The attachment must be an image or a PDF.',
        );
        // The type is the content's, whatever the client said (spec section 4): a PNG is a photo, any other file an attachment.
        messageType = stored.mime === 'image/png' ? 'photo' : 'attachment';
        attachment = stored.path;
        // The multipart parser puts the file part's own name in the body field (see app.ts).
        attachmentName = attachmentNameOf(body.attachment, stored.path.split('.').pop() ?? '', messageType);
        attachmentSize = file.length;
      } else if (body.message_type !== 'text') {
        throw fieldError('attachment', 'The attachment field is required.');
      } else if (!hasVisibleCharacter(text)) {
        throw fieldError('message', 'The message field is required.');
      }

      const now = ctx.clock.now().toISOString();
      /** Set once the transaction's work is done: a failure after it is the commit's, which may have stored the message. */
      let committing = false;
      let stored: Awaited<ReturnType<typeof storeMessage>>;
      try {
        stored = await storeMessage();
      } catch (error) {
        // No message refers to the file this request stored (an idempotent replay answers the other
        // request's message, with that request's file): it is removed; after a failed commit, only if none does.
        if (attachment) {
          const ownFile = attachment;
          const referenced = async () =>
            (await db.selectFrom('messages').select('id').where('attachment', '=', ownFile).executeTakeFirst()) !== undefined;
          await discardUpload(ctx.config.uploadsDir, ownFile, request.log, committing ? referenced : undefined);
        }
        // The same key sent twice at once: the other request stored it.
        const earlier =
          clientKey && isUniqueViolation(error)
            ? await messageWithKey(user.id, clientKey, { body, file: request.uploadedFiles?.attachment })
            : null;
        if (earlier) return send(reply, earlier, 'Message sent', 201);
        throw error;
      }
      const { message, notificationLive } = stored;
      function storeMessage() {
        return db.transaction().execute(async (trx) => {
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
            .values({
              chat_id: chat.id,
              from_id: user.id,
              message: text,
              message_type: messageType,
              attachment,
              attachment_name: attachmentName,
              attachment_size: attachmentSize,
              client_key: clientKey,
              created_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          // Replying means the sender has read the conversation up to here.
          await trx
            .updateTable('chats')
            .set({ [isCustomer ? 'customer_read_id' : 'provider_read_id']: row.id })
            .where('id', '=', chat.id)
            .execute();
          const preview = messageType === 'text' ? previewOf(text) : `sent you a ${messageType === 'photo' ? 'photo' : 'file'}.`;
          const notification: NewNotification = {
            userId: recipientId,
            senderId: user.id,
            title: 'Chat',
            description:
              messageType === 'text'
                ? `${fullName(user.first_name, user.last_name)}: ${preview}`
                : `${fullName(user.first_name, user.last_name)} ${preview}`,
            chatId: chat.id,
          };
          const notificationId = await insertNotification(trx, notification, now);
          committing = true;
          return { message: toMessage(row), notificationLive: notificationEvent(notificationId, notification, user, now) };
        });
      }

      // The live events of the message in one publish, queued: the answer does not wait for it. The sender
      // gets the message too, for their other tabs and devices; not the sending tab's own connection when
      // it names it (X-Socket-ID, as Laravel Echo sends it), since the answer brings it there, and the
      // event could otherwise arrive first and show the message twice while it is still sending.
      // A text too big for an event goes without it (`message_omitted`): the clients fetch the message.
      const senderSocket = askingTab(request);
      const live = messageEventData(message);
      ctx.publisher.publish([
        { userId: recipientId, event: 'Message', data: live },
        {
          userId: user.id,
          event: 'Message',
          data: live,
          ...(senderSocket && { exceptSocketId: senderSocket }),
        },
        notificationLive,
      ]);
      return send(reply, clientKey ? { ...message, client_key: clientKey } : message, 'Message sent', 201);
    },
  );
}
