import { useSyncExternalStore } from 'react';

/**
 * How many of the signed-in user's notifications are unread, as the API last told (`meta.unread`):
 * the bell's count, which a page of the list cannot give. Null until known (signed out, or before the
 * first answer). Answers can cross (a list read while a mark-as-read is on its way): each caller takes
 * a ticket before asking, and an answer asked before the one already shown is dropped.
 */
let unread: number | null = null;
let asked = 0;
let shown = 0;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/** Taken before a request whose answer carries the count. */
export function askUnreadCount(): number {
  asked += 1;
  return asked;
}

/**
 * The count answered to the request of `ticket`; ignored when a later request's answer is already in.
 * True when it is the count now (false: no count, or an answer that crossed a later one).
 */
export function answerUnreadCount(ticket: number, count: number | undefined): boolean {
  if (typeof count !== 'number' || ticket < shown) return false;
  shown = ticket;
  if (count === unread) return true;
  unread = count;
  notify();
  return true;
}

/** Signed out (or another user): the count is unknown again. */
export function forgetUnreadCount(): void {
  shown = asked + 1;
  if (unread === null) return;
  unread = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => unread;

export const useUnreadCount = (): number | null => useSyncExternalStore(subscribe, snapshot, snapshot);
