import type { Dispatch } from 'redux';
import { apiClient, bus, onCatchUp, sessionActions, type AppNotification, type NotificationsEnvelope } from 'shared';
import { aListReadsTheFirstPage } from '../notifications/openLists';
import { answerUnreadCount, askUnreadCount, forgetUnreadCount, onUnreadCountStale } from '../notifications/unreadCount';

/**
 * GET /api/notifications (the first page), silently (failures are only logged, spec section 8), with the
 * unread total of all pages (`meta.unread`), which the bell shows.
 */
export async function fetchNotificationsSilently(): Promise<{ notifications: AppNotification[]; unread?: number } | null> {
  const ticket = askUnreadCount();
  try {
    const response = await apiClient.get<NotificationsEnvelope>('/api/notifications', { silent: true });
    if (!Array.isArray(response.data?.data)) {
      answerUnreadCount(ticket, undefined);
      return null;
    }
    // An answer that crossed a later one (a mark-as-read) carries no count: it is not the count any more.
    const current = answerUnreadCount(ticket, response.data.meta?.unread);
    return { notifications: response.data.data, unread: current ? response.data.meta?.unread : undefined };
  } catch (error) {
    answerUnreadCount(ticket, undefined);
    console.warn('notifications unavailable', error);
    return null;
  }
}

/**
 * While signed in (SessionEffects starts it after the first screen): the notifications list and the
 * bell's count, read now, whenever `notifications/changed` is announced without them (unless Your
 * Notifications is open: it reads them itself), when the realtime channel (re)subscribes (what was
 * published meanwhile was missed: read and announced, so that an open Notifications page shows it too),
 * and after a mark-as-read that a read overlapped. Returns the stop, which forgets the count.
 */
export function followNotifications(dispatch: Dispatch): () => void {
  let active = true;
  const refresh = () =>
    fetchNotificationsSilently().then((answer) => {
      if (active && answer) dispatch(sessionActions.patched({ notifications: answer.notifications }));
    });
  void refresh();
  const resubscribed = onCatchUp(() => {
    void fetchNotificationsSilently().then((answer) => {
      if (active && answer) bus.emit({ type: 'notifications/changed', ...answer });
    });
  });
  const changed = bus.on('notifications/changed').subscribe((event) => {
    if (event.notifications) dispatch(sessionActions.patched({ notifications: event.notifications }));
    // A page of the list cannot tell the bell's count: without the total, it is read again. Announced
    // without the list, an open Your Notifications reads the first page itself, which tells the count too.
    if (event.notifications && event.unread !== undefined) answerUnreadCount(askUnreadCount(), event.unread);
    else if (event.notifications || !aListReadsTheFirstPage()) void refresh();
  });
  // A read that overlapped a mark-as-read could not tell the count: it is read again after it.
  const stopStale = onUnreadCountStale(() => void refresh());
  return () => {
    active = false;
    changed.unsubscribe();
    resubscribed.unsubscribe();
    stopStale();
    forgetUnreadCount();
  };
}
