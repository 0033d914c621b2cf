/** What the address asks the chat screen to open. */
export type ChatTarget =
  | { kind: 'none' }
  /** /chatview/{userId}: the conversation with that user (created if none exists yet). */
  | { kind: 'user'; id: number }
  /** /chatview?chat={chatId}: a conversation by its chat id (e.g. from a Chat notification). */
  | { kind: 'chat'; id: number }
  /** What the address gave is no id; `of` says which it was meant to be. */
  | { kind: 'invalid'; raw: string; of: 'user' | 'chat' };

const positiveId = (raw: string): number | null => (/^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** Reads the route parameter (a user id, spec section 2) and the `chat` query parameter. */
export function chatTargetOf(param: string | undefined, chatQuery: string | null): ChatTarget {
  if (param !== undefined && param !== '') {
    const id = positiveId(param.trim());
    return id === null ? { kind: 'invalid', raw: param, of: 'user' } : { kind: 'user', id };
  }
  if (chatQuery !== null && chatQuery !== '') {
    const id = positiveId(chatQuery.trim());
    return id === null ? { kind: 'invalid', raw: chatQuery, of: 'chat' } : { kind: 'chat', id };
  }
  return { kind: 'none' };
}
