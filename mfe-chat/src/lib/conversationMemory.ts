import { askBeforeUnload, bus, type Message } from 'shared';
import type { OutgoingMessage } from './outgoing';

/**
 * What a conversation keeps while its pane is closed (another contact opened, another screen), for as
 * long as this page lives: the text and file typed but not sent, and the messages sent from here that
 * are still on their way or failed. A message that fails after its pane was closed is there, with
 * Retry, when the conversation is opened again. Kept in memory only, per signed-in user and chat, and
 * forgotten at sign-out (an expired session keeps the text: keepTextThroughExpiry): nothing typed is
 * written to storage, and reloading or closing the tab with any of it asks first.
 */

export interface ComposerDraft {
  text: string;
  file: File | null;
}

/** `${userId}:${chatId}`: a chat has two people, who may sign in one after the other in one tab. */
export type ConversationKey = string;
export const conversationKey = (userId: number | undefined, chatId: number): ConversationKey => `${userId ?? 0}:${chatId}`;

const drafts = new Map<ConversationKey, ComposerDraft>();
const outboxes = new Map<ConversationKey, OutgoingMessage[]>();
const listeners = new Set<() => void>();
/** The outbox of a conversation with nothing in it: one array, so a store snapshot stays the same. */
export const NO_OUTGOING: OutgoingMessage[] = [];

export function draftFor(key: ConversationKey): ComposerDraft | undefined {
  return drafts.get(key);
}

export function keepDraft(key: ConversationKey, draft: ComposerDraft): void {
  if (draft.text === '' && draft.file === null) drafts.delete(key);
  else drafts.set(key, draft);
}

/** The conversation's unconfirmed messages, oldest first; the same array until it changes. */
export function outboxOf(key: ConversationKey): OutgoingMessage[] {
  return outboxes.get(key) ?? NO_OUTGOING;
}

export function updateOutbox(key: ConversationKey, change: (list: OutgoingMessage[]) => OutgoingMessage[]): void {
  const next = change(outboxOf(key));
  if (next.length === 0) outboxes.delete(key);
  else outboxes.set(key, next);
  listeners.forEach((listener) => listener());
}

/** The panes open on each conversation, told of the messages the API confirmed for it. */
const confirmationListeners = new Map<ConversationKey, Set<(message: Message) => void>>();

/**
 * Tells the conversation's open pane, if any, that the API stored a message sent from here. The pane
 * that sent it may have been closed and another opened on the same conversation since (a contact
 * switched and back): that one loaded its messages before this one was stored, and must show it.
 */
export function announceConfirmed(key: ConversationKey, message: Message): void {
  confirmationListeners.get(key)?.forEach((listener) => listener(message));
}

export function onConfirmed(key: ConversationKey, listener: (message: Message) => void): () => void {
  const listeners = confirmationListeners.get(key) ?? new Set();
  listeners.add(listener);
  confirmationListeners.set(key, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) confirmationListeners.delete(key);
  };
}

/** Each conversation's deliveries under way, the last one queued. */
const deliveries = new Map<ConversationKey, Promise<boolean>>();

/**
 * Runs `deliver` once every message the conversation sent before it has been answered, so that a text
 * typed while a photo uploads never arrives before the photo. Answers whether the API took it.
 */
export function deliverInTurn(key: ConversationKey, deliver: () => Promise<boolean>): Promise<boolean> {
  const turn = (deliveries.get(key) ?? Promise.resolve(true)).then(deliver, deliver);
  deliveries.set(key, turn);
  void turn.finally(() => {
    if (deliveries.get(key) === turn) deliveries.delete(key);
  });
  return turn;
}

/** Whether the message is still in its conversation's outbox (not forgotten at sign-out, not taken back). */
export function isInOutbox(key: ConversationKey, localId: string): boolean {
  return outboxOf(key).some((message) => message.localId === localId);
}

export function subscribeOutboxes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether something typed or sent in a conversation has not reached the server: a draft, or the outbox. */
export function holdsUnsent(): boolean {
  for (const draft of drafts.values()) if (draft.text.trim() !== '' || draft.file !== null) return true;
  for (const outbox of outboxes.values()) if (outbox.length > 0) return true;
  return false;
}

// Reloading or closing the tab would lose it (it is kept in memory only): the browser's own question
// first, as for any form's unsaved changes. Moving inside the app keeps it, and asks nothing.
window.addEventListener('beforeunload', (event) => {
  if (holdsUnsent()) askBeforeUnload(event);
});

export function forgetConversations(): void {
  drafts.clear();
  outboxes.clear();
  deliveries.clear();
  listeners.forEach((listener) => listener());
}

/**
 * A session the API ended (its token expired) is not a sign-out anybody chose: the texts of each
 * conversation's messages that had not gone through, in the order sent, then what was typed, stay as its
 * draft for the same user's next sign-in in this page (the keys name the user; nobody else sees them).
 * Files go, and nothing is sent again unasked.
 */
function keepTextThroughExpiry(): void {
  for (const key of new Set([...drafts.keys(), ...outboxes.keys()])) {
    const unsent = (outboxes.get(key) ?? []).map((m) => m.message);
    const text = [...unsent, drafts.get(key)?.text ?? '']
      .map((part) => part.trim())
      .filter(Boolean)
      .join('\n');
    if (text) drafts.set(key, { text, file: null });
    else drafts.delete(key);
  }
  outboxes.clear();
  deliveries.clear();
  listeners.forEach((listener) => listener());
}

let sessionExpired = false;
bus.on('auth/sessionExpired').subscribe(() => {
  sessionExpired = true;
});
// An expiry told while signed out (a second 401) says nothing about the next session's sign-out.
bus.on('auth/loggedIn').subscribe(() => {
  sessionExpired = false;
});
bus.on('auth/loggedOut').subscribe(() => {
  // Decided once the bus is done telling: the shell announces the sign-out from inside its own handler
  // of auth/sessionExpired, which runs before this module's when the shell subscribed first (it does:
  // the chat remote loads later), so the expiry is not known here yet. Nothing can be sent meanwhile.
  queueMicrotask(() => {
    if (sessionExpired) keepTextThroughExpiry();
    else forgetConversations();
    sessionExpired = false;
  });
});
