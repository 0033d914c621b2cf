import { bus, type Chat, type Message } from 'shared';
import { applyMessage, markReadLocally } from './chatList';
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

// While Chat is closed, live messages and reads elsewhere still reach the lists kept, so that Chat opened
// again (offline too) counts what came meanwhile, as the sidebar does. While it is open its screen's list
// is kept over these (useChats), and a message it already shows is not counted again.
bus.on('realtime/message').subscribe(({ message }) => {
  chatLists.forEach((chats, userId) => {
    const chat = chats.find((c) => c.id === message.chat_id);
    if (!chat || (chat.last_message?.id ?? 0) >= message.id) return;
    const applied = applyMessage(chats, message, { myId: userId, openChatId: null });
    if (applied) chatLists.set(userId, applied);
  });
});
bus.on('chat/read').subscribe(({ chatId }) => {
  chatLists.forEach((chats, userId) => chatLists.set(userId, markReadLocally(chats, chatId)));
});
