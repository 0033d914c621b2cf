import type { Message } from 'shared';

/**
 * A conversation's messages are kept in store order, newest first, as the API pages them; incoming
 * messages are prepended (spec section 4). The pane shows them in reading order, oldest first.
 */

/** An incoming or just-sent message goes in front; one already there (same id) is replaced in place. */
export function prependMessage(store: readonly Message[], message: Message): Message[] {
  if (store.some((m) => m.id === message.id)) return store.map((m) => (m.id === message.id ? message : m));
  return [message, ...store];
}

/** An older page (newest first) goes behind; messages already there are not repeated. */
export function appendOlderPage(store: readonly Message[], page: readonly Message[]): Message[] {
  const known = new Set(store.map((m) => m.id));
  return [...store, ...page.filter((m) => !known.has(m.id))];
}

/** Oldest first, as people read a conversation. */
export function readingOrder(store: readonly Message[]): Message[] {
  return [...store].sort((a, b) => a.id - b.id);
}
