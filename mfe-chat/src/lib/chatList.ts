import type { Chat, Message } from 'shared';

/** When a chat last moved: its newest message, else when it was opened. */
export const lastActivity = (chat: Chat): string => chat.last_message?.created_at ?? chat.updated_at ?? '';

/** Newest conversation first (ties: the newer chat first). */
export function sortChats(chats: readonly Chat[]): Chat[] {
  return [...chats].sort((a, b) => {
    const byTime = lastActivity(b).localeCompare(lastActivity(a));
    return byTime !== 0 ? byTime : b.id - a.id;
  });
}

/** Adds a chat or replaces the one with its id, keeping the order. */
export function upsertChat(chats: readonly Chat[], chat: Chat): Chat[] {
  const rest = chats.filter((c) => c.id !== chat.id);
  return sortChats([...rest, chat]);
}

export interface MessageContext {
  /** The signed-in user's id: their own messages are never unread. */
  myId: number | undefined;
  /** The conversation on screen, if any: its messages are read as they arrive. */
  openChatId: number | null;
}

/**
 * A message the list does not show yet arrived (live, or sent from here): it counts one more unread unless
 * it is the user's own or its conversation is open, and, if it is the chat's newest, the chat moves to the
 * top with it as the last message (a late event of an older message only counts). Which messages are new
 * is the caller's to know (MessageLedger). Answers null when the chat is not in the list (the caller
 * reloads the list).
 */
export function applyMessage(chats: readonly Chat[], message: Message, { myId, openChatId }: MessageContext): Chat[] | null {
  const chat = chats.find((c) => c.id === message.chat_id);
  if (!chat) return null;
  const unread = message.from_id !== myId && chat.id !== openChatId ? (chat.unread_count ?? 0) + 1 : (chat.unread_count ?? 0);
  if (chat.last_message && chat.last_message.id > message.id) {
    return chats.map((c) => (c.id === chat.id ? { ...chat, unread_count: unread } : c));
  }
  const updated: Chat = { ...chat, last_message: message, updated_at: message.created_at, unread_count: unread };
  return [updated, ...chats.filter((c) => c.id !== chat.id)];
}

/** The chat's messages are all read. */
export function markReadLocally(chats: readonly Chat[], chatId: number): Chat[] {
  return chats.map((c) => (c.id === chatId && (c.unread_count ?? 0) !== 0 ? { ...c, unread_count: 0 } : c));
}

/** Unread messages over all chats (the sidebar's Chat count). */
export function totalUnread(chats: readonly Chat[]): number {
  return chats.reduce((sum, c) => sum + (c.unread_count ?? 0), 0);
}
