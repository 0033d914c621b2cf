import type { Chat, Message, PersonSummary, Role } from 'shared';

/** One entry of the contact list: the other party of a chat and what the list shows about it. */
export interface Contact {
  chatId: number;
  /** The other party: the provider for a Customer, the customer for a Provider. */
  person: PersonSummary;
  /** The last message as one line: its text, 'Photo' or the attached file's name (then the text sent with it); '' when there is none. */
  preview: string;
  /** When the conversation last moved (ISO), or null. */
  time: string | null;
  unread: number;
}

/**
 * Spec section 6: the contact list is built from the provider side for a Customer and from the
 * customer side for a Provider.
 */
export function counterpartOf(chat: Chat, role: Role | null | undefined): PersonSummary {
  return role === 'Provider' ? chat.customer : chat.provider;
}

/**
 * What the list shows of a message, on one line: its text; for a photo 'Photo', for another file its name,
 * followed by the text sent with it.
 */
export function previewOf(message: Message | null | undefined): string {
  if (!message) return '';
  const text = message.message.replace(/\s+/g, ' ').trim();
  if (message.message_type === 'text') return text;
  const file = message.message_type === 'photo' ? 'Photo' : message.attachment_name || 'Attachment';
  return text ? `${file}: ${text}` : file;
}

/**
 * The contacts of the chats, in the chats' order (see chatList.ts for the ordering). A Provider's list
 * leaves out a chat with no message yet unless it is the one open (`openChatId`): a customer who only
 * opened a driver's chat, wrote nothing and left is not one of the driver's conversations.
 */
export function buildContacts(
  chats: readonly Chat[],
  role: Role | null | undefined,
  openChatId: number | null = null,
): Contact[] {
  const listed = role === 'Provider' ? chats.filter((chat) => chat.last_message || chat.id === openChatId) : chats;
  return listed.map((chat) => ({
    chatId: chat.id,
    person: counterpartOf(chat, role),
    preview: previewOf(chat.last_message),
    time: chat.last_message?.created_at ?? chat.updated_at ?? null,
    unread: chat.unread_count ?? 0,
  }));
}

/** The contacts whose name contains every word of the query (case and accents ignored). */
export function filterContacts(contacts: readonly Contact[], query: string): Contact[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...contacts];
  return contacts.filter((c) => {
    const name = fold(c.person.full_name);
    return words.every((w) => name.includes(w));
  });
}
