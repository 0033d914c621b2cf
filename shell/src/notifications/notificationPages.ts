import type { AppNotification } from 'shared';

/** Notifications per page of Your Notifications (the API's default page). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export interface ShownRange {
  up_to_id: number;
  from_id: number;
}

/**
 * What marking read covers: the notifications shown, from the oldest card to `upTo` (the newest when the
 * page first showed; newer ones arrived while it was open and stay unread). Null when none of them is
 * unread, or nothing was there when the page opened.
 */
export function unreadShownRange(shown: AppNotification[], upTo: number | null): ShownRange | null {
  if (upTo === null || shown.length === 0) return null;
  const range = { up_to_id: upTo, from_id: shown.reduce((oldest, n) => Math.min(oldest, n.id), upTo) };
  return shown.some((n) => !n.read && inRange(n, range)) ? range : null;
}

const inRange = (n: AppNotification, range: ShownRange) => n.id >= range.from_id && n.id <= range.up_to_id;

/** The cards with those of `range` read. */
export const markedRead = (shown: AppNotification[], range: ShownRange): AppNotification[] =>
  shown.map((n) => (!n.read && inRange(n, range) ? { ...n, read: true } : n));

/** The ids of the unread cards: labelled New for the visit. */
export const unreadIds = (list: AppNotification[]): number[] => list.filter((n) => !n.read).map((n) => n.id);
