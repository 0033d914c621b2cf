import type { Kysely } from 'kysely';
import type { AppNotification } from 'shared/src/contracts/entities';
import type { Database } from '../db/schema.js';
import { precompile } from '../db/precompiled.js';
import { ownChannelEvent, type RealtimeEvent } from '../services/publisher.js';
import { fullName, toIso } from '../serializers.js';

export interface NewNotification {
  userId: number;
  senderId: number | null;
  /** What the notification is about, as the client shows it: 'Job' or 'Chat'. */
  title: string;
  description: string;
  jobId?: number | null;
  chatId?: number | null;
}

/** Stores a notification (inside the caller's transaction when `db` is one). Answers its id. */
export async function insertNotification(db: Kysely<Database>, n: NewNotification, now: string): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      sender_id: n.senderId,
      title: n.title,
      description: n.description,
      job_id: n.jobId ?? null,
      chat_id: n.chatId ?? null,
      read_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function notificationsWithSender(db: Kysely<Database>) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as s', 's.id', 'n.sender_id')
    .select([
      'n.id',
      'n.user_id',
      'n.title',
      'n.description',
      'n.job_id',
      'n.chat_id',
      'n.read_at',
      'n.created_at',
      's.id as sender_id',
      's.first_name',
      's.last_name',
      's.avatar',
    ]);
}

type Row = {
  id: number;
  title: string;
  description: string;
  job_id: number | null;
  chat_id: number | null;
  read_at: Date | string | null;
  created_at: Date | string;
  /** Null for a notification from the platform itself (no person sent it). */
  sender_id: number | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
};

export function toNotification(r: Row): AppNotification & { job_id: number | null; chat_id: number | null } {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    user: {
      id: r.sender_id,
      avatar: r.avatar,
      full_name: r.first_name ? fullName(r.first_name, r.last_name ?? '') : 'Marketplace',
    },
    read: r.read_at !== null,
    job_id: r.job_id,
    chat_id: r.chat_id,
    created_at: toIso(r.created_at),
  };
}

/** A page of a user's notifications, compiled once: every screen load asks for it (the bell's count). */
const notificationPage = precompile<Database, [userId: number, limit: number, offset: number], Row>(
  3,
  (db, userId, limit, offset) =>
    notificationsWithSender(db).where('n.user_id', '=', userId).orderBy('n.id', 'desc').limit(limit).offset(offset),
);

/** How many of a user's notifications are unread, on all pages: the bell's count. */
const unreadCount = precompile<Database, [userId: number], { unread: number | string | bigint }>(1, (db, userId) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null),
);

export async function countUnreadNotifications(db: Kysely<Database>, userId: number): Promise<number> {
  const [row] = await unreadCount(db, userId);
  return Number(row?.unread ?? 0);
}

/**
 * A page of the user's notifications, newest first; with the first page, how many of all of them are
 * unread (the bell's count is read there: older pages, asked for by Load more, do not count them again).
 */
export async function listNotifications(db: Kysely<Database>, userId: number, page: number, perPage: number) {
  const [rows, unread] = await Promise.all([
    notificationPage(db, userId, perPage + 1, (page - 1) * perPage),
    page === 1 ? countUnreadNotifications(db, userId) : undefined,
  ]);
  return { items: rows.slice(0, perPage).map(toNotification), has_more: rows.length > perPage, unread };
}

/**
 * The live 'Notification' event of a notification just stored (by insertNotification, with the same
 * values), as GET /api/notifications would answer it: built in process, so publishing it needs no
 * query and can go out together with the other events of the same action.
 */
export function notificationEvent(
  id: number,
  n: NewNotification,
  sender: { first_name: string; last_name: string; avatar: string | null } | null,
  createdAt: string,
): RealtimeEvent {
  return {
    userId: n.userId,
    event: 'Notification',
    data: toNotification({
      id,
      title: n.title,
      description: n.description,
      job_id: n.jobId ?? null,
      chat_id: n.chatId ?? null,
      read_at: null,
      created_at: createdAt,
      sender_id: sender ? n.senderId : null,
      first_name: sender?.first_name ?? null,
      last_name: sender?.last_name ?? null,
      avatar: sender?.avatar ?? null,
    }),
  };
}

/**
 * Marks read the user's unread notifications: one by id, those about one chat (its conversation was
 * read), or those a page showed (ids from `fromId` to `upToId`, both included). Answers how many changed.
 */
export async function markNotificationsRead(
  db: Kysely<Database>,
  userId: number,
  now: string,
  only: { id?: number; chatId?: number; fromId?: number; upToId?: number } = {},
): Promise<number> {
  let update = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (only.id !== undefined) update = update.where('id', '=', only.id);
  if (only.chatId !== undefined) update = update.where('chat_id', '=', only.chatId);
  if (only.fromId !== undefined) update = update.where('id', '>=', only.fromId);
  if (only.upToId !== undefined) update = update.where('id', '<=', only.upToId);
  const [result] = await update.execute();
  return Number(result?.numUpdatedRows ?? 0);
}

/**
 * 'NotificationsRead' on the user's channel: some of their notifications were read (in one tab, or by
 * reading a chat), so every tab and device of theirs reads the list again and its bell counts anew.
 */
export const notificationsReadEvent = (userId: number, exceptSocketId?: string): RealtimeEvent =>
  ownChannelEvent(userId, 'NotificationsRead', {}, exceptSocketId);
