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

/** What placing the pane's items needs of each: when it was written, and whether the API has it. */
interface Placed {
  createdAt: string;
  status: 'sent' | 'sending' | 'failed';
}

/**
 * The pane's items: the confirmed messages in reading order, each failed message where it was written
 * (before the first confirmed one written after it; by this device's clock against the server's), and
 * those on their way last. A failed message does not sink below what was said after it.
 */
export function withOutgoing<T extends Placed>(confirmed: readonly T[], outgoing: readonly T[]): T[] {
  const items = [...confirmed];
  const onTheirWay: T[] = [];
  for (const item of outgoing) {
    if (item.status !== 'failed') {
      onTheirWay.push(item);
      continue;
    }
    const writtenAt = Date.parse(item.createdAt);
    const later = items.findIndex((other) => other.status === 'sent' && Date.parse(other.createdAt) > writtenAt);
    if (later === -1) items.push(item);
    else items.splice(later, 0, item);
  }
  return [...items, ...onTheirWay];
}
