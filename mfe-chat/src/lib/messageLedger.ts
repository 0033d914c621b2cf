import type { Chat, Message } from 'shared';

/**
 * Which messages the chat list already reflects, so that each one counts once whatever order its events
 * come in: everything up to each chat's last message in the API's answer, and every message noted since.
 * A message's event can arrive after a newer one's (a long message is fetched whole before it is told),
 * and a reload can answer without messages that arrived while it was under way.
 */
export class MessageLedger {
  /** Per chat id, the newest message id the API's list answered. */
  private readonly answeredUpTo = new Map<number, number>();
  /** Messages noted since the list was answered, by id. */
  private readonly noted = new Map<number, Message>();

  /** Whether the list already shows this message (counted, or older than what the API answered). */
  knows(message: Message): boolean {
    return this.noted.has(message.id) || message.id <= (this.answeredUpTo.get(message.chat_id) ?? 0);
  }

  note(message: Message): void {
    this.noted.set(message.id, message);
  }

  /** A chat the API answered on its own (opened by user id): its messages up to its last are in it. */
  answeredChat(chat: Chat): void {
    const upTo = chat.last_message?.id ?? 0;
    if (upTo > (this.answeredUpTo.get(chat.id) ?? 0)) this.answeredUpTo.set(chat.id, upTo);
  }

  /**
   * The API answered the whole list anew: answers the messages noted meanwhile that the answer does not
   * have yet (they are applied to it again), oldest first, and forgets the rest.
   */
  answeredList(chats: readonly Chat[]): Message[] {
    this.answeredUpTo.clear();
    for (const chat of chats) this.answeredChat(chat);
    const missing = [...this.noted.values()].filter((message) => !this.knowsFromAnswer(message)).sort((a, b) => a.id - b.id);
    this.noted.clear();
    for (const message of missing) this.noted.set(message.id, message);
    return missing;
  }

  private knowsFromAnswer(message: Message): boolean {
    return message.id <= (this.answeredUpTo.get(message.chat_id) ?? 0);
  }
}
