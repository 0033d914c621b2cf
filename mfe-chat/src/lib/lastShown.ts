import { bus, type Chat, type Message } from 'shared';
import type { ConversationKey } from './conversationMemory';

/**
 * What Chat last showed, for as long as this page lives: each user's chat list and the newest messages of
 * each conversation. Chat (or a conversation) opened again shows them at once while they are read again,
 * instead of a loader or, with no connection, an error in place of what was seen a moment ago. Kept in
 * memory only, and forgotten at sign-out.
 */

export interface ShownMessages {
  /** Store order: newest first. */
  messages: Message[];
  page: number;
  hasMore: boolean;
}

const chatLists = new Map<number, Chat[]>();
const conversations = new Map<ConversationKey, ShownMessages>();

export function lastShownChats(userId: number | undefined): Chat[] | null {
  return userId === undefined ? null : (chatLists.get(userId) ?? null);
}

export function rememberShownChats(userId: number | undefined, chats: Chat[]): void {
  if (userId !== undefined) chatLists.set(userId, chats);
}

export function lastShownMessages(key: ConversationKey | null): ShownMessages | null {
  return key === null ? null : (conversations.get(key) ?? null);
}

export function rememberShownMessages(key: ConversationKey | null, shown: ShownMessages): void {
  if (key !== null) conversations.set(key, shown);
}

export function forgetLastShown(): void {
  chatLists.clear();
  conversations.clear();
}

bus.on('auth/loggedOut').subscribe(forgetLastShown);
