import { useSyncExternalStore } from 'react';

/**
 * How many of the signed-in user's notifications are unread, as the API last told (`meta.unread`):
 * the bell's count, which a page of the list cannot give. Null until known (signed out, or before the
 * first answer). Answers can cross (a list read while a mark-as-read is on its way): each caller takes
 * a ticket before asking, and an answer asked before the one already shown is dropped.
 *
 * A read asked while a mark-as-read is on its way may have been answered by the server before or after
 * it (the two run side by side), so its count is dropped whenever it comes; once the mark-as-read has
 * answered, the count is read again (onUnreadCountStale) so that nothing that arrived meanwhile is missed.
 */
let unread: number | null = null;
let asked = 0;
let shown = 0;
/** Mark-as-read requests on their way. */
const writes = new Set<number>();
/** Reads asked while a mark-as-read was on its way: their counts cannot be placed before or after it. */
const overlapping = new Set<number>();
/** A read overlapped the mark-as-read requests on their way now: read again once they have answered. */
let readAgain = false;
const listeners = new Set<() => void>();
const staleListeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/** Taken before a request whose answer carries the count; `write`: a request that changes it (mark as read). */
export function askUnreadCount(write = false): number {
  asked += 1;
  if (write) writes.add(asked);
  else if (writes.size > 0) {
    overlapping.add(asked);
    readAgain = true;
  }
  return asked;
}

/**
 * The count answered to the request of `ticket` (undefined: none, or the request failed); ignored when a
 * later request's answer is already in, or when it is a read that overlapped a mark-as-read. True when
 * it is the count now (false: no count, or an answer that crossed another).
 */
export function answerUnreadCount(ticket: number, count: number | undefined): boolean {
  if (writes.delete(ticket) && writes.size === 0 && readAgain) {
    readAgain = false;
    // The overlapping reads' counts are dropped (whenever they come): the count is read again, after it.
    queueMicrotask(() => staleListeners.forEach((listener) => listener()));
  }
  if (overlapping.delete(ticket)) return false;
  if (typeof count !== 'number' || ticket < shown) return false;
  shown = ticket;
  if (count === unread) return true;
  unread = count;
  notify();
  return true;
}

/** Called when the count must be read again: a read overlapped a mark-as-read, and its count was dropped. */
export function onUnreadCountStale(listener: () => void): () => void {
  staleListeners.add(listener);
  return () => staleListeners.delete(listener);
}

/** Signed out (or another user): the count is unknown again. */
export function forgetUnreadCount(): void {
  shown = asked + 1;
  writes.clear();
  overlapping.clear();
  readAgain = false;
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
