import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import {
  apiClient,
  bus,
  connectRealtime,
  disconnectRealtime,
  fetchMe,
  sessionActions,
  startLocationSharing,
  stopLocationSharing,
  useSession,
  type AppNotification,
  type NotificationsEnvelope,
} from 'shared';
import { answerUnreadCount, askUnreadCount, forgetUnreadCount } from '../notifications/unreadCount';
import { afterFirstScreen } from './firstScreenShown';
import { noteSignedInUser } from './lastSignedInUser';
import { useSessionExpiry } from './useSessionExpiry';
import { useSessionFromOtherTabs } from './useSessionFromOtherTabs';

/** The longest the realtime connection waits for an idle moment once the first screen is shown. */
const REALTIME_IDLE_TIMEOUT_MS = 1500;

/**
 * GET /api/notifications (the first page), silently (failures are only logged, spec section 8), with the
 * unread total of all pages (`meta.unread`), which the bell shows.
 */
export async function fetchNotificationsSilently(): Promise<{ notifications: AppNotification[]; unread?: number } | null> {
  const ticket = askUnreadCount();
  try {
    const response = await apiClient.get<NotificationsEnvelope>('/api/notifications', { silent: true });
    if (!Array.isArray(response.data?.data)) return null;
    // An answer that crossed a later one (a mark-as-read) carries no count: it is not the count any more.
    const current = answerUnreadCount(ticket, response.data.meta?.unread);
    return { notifications: response.data.data, unread: current ? response.data.meta?.unread : undefined };
  } catch (error) {
    console.warn('notifications unavailable', error);
    return null;
  }
}

/**
 * While signed in: the realtime connection (private-message.{userId}), the notifications list, fetched on
 * sign-in and whenever `notifications/changed` is announced, and the user, read again on sign-in (also a
 * session stored by an earlier visit) and whenever a job changes. Disconnects on logout, ends the
 * session when the API refuses its token (useSessionExpiry), and follows sign-ins and sign-outs made in
 * the browser's other tabs (useSessionFromOtherTabs).
 */
export function SessionEffects() {
  useSessionExpiry();
  useSessionFromOtherTabs();
  const dispatch = useDispatch();
  const { isLogin, users, token } = useSession();
  const userId = users?.id;
  const role = users?.role;

  useEffect(() => {
    if (!isLogin || userId === undefined || !token) return undefined;
    noteSignedInUser(userId);
    let active = true;
    const refresh = () =>
      fetchNotificationsSilently().then((answer) => {
        if (active && answer) dispatch(sessionActions.patched({ notifications: answer.notifications }));
      });
    // The stored user dates from sign-in or this browser's last change: their counts (Jobs Done, Job
    // Requests on the provider's Home) and profile are read again when the session starts in this page
    // (after the first screen, as the notifications) and whenever a job changes.
    const refreshUser = () =>
      fetchMe({ silent: true }).then(
        ({ data }) => {
          if (active) dispatch(sessionActions.userUpdated(data));
        },
        (error: unknown) => console.warn('profile refresh failed', error),
      );
    // The notifications (the bell's count) and the realtime connection (pusher-js) wait for the first
    // screen, the connection then for an idle moment, off that screen's path (issue 12); what is published
    // meanwhile is fetched again once it subscribes (realtime/subscribed below).
    const connect = () => void connectRealtime({ userId, token });
    let idle: number | undefined;
    void afterFirstScreen().then(() => {
      if (!active) return;
      void refresh();
      void refreshUser();
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(connect, { timeout: REALTIME_IDLE_TIMEOUT_MS })
          : window.setTimeout(connect, 0);
    });
    // Notifications published while the channel was (re)connecting were missed: fetch them again, and
    // announce them, so that an open Notifications page shows them too.
    const resubscribed = bus.on('realtime/subscribed').subscribe(() => {
      void fetchNotificationsSilently().then((answer) => {
        if (active && answer) bus.emit({ type: 'notifications/changed', ...answer });
      });
    });
    const subscription = bus.on('notifications/changed').subscribe((event) => {
      if (event.notifications) dispatch(sessionActions.patched({ notifications: event.notifications }));
      // A page of the list cannot tell the bell's count: without the total, it is read again.
      if (event.notifications && event.unread !== undefined) answerUnreadCount(askUnreadCount(), event.unread);
      else void refresh();
    });
    const jobSubscription = bus.on('job/updated').subscribe(() => void refreshUser());
    return () => {
      active = false;
      subscription.unsubscribe();
      resubscribed.unsubscribe();
      jobSubscription.unsubscribe();
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
      disconnectRealtime();
      forgetUnreadCount();
    };
  }, [dispatch, isLogin, userId, token]);

  useEffect(() => {
    // bootstrap.tsx starts it before the first render for a signed-in provider (starting it again changes
    // nothing); a session that ended before this mounted stops it here.
    if (!isLogin || userId === undefined || !token || role !== 'Provider') {
      stopLocationSharing();
      return undefined;
    }
    startLocationSharing({ userId, role, token });
    return () => stopLocationSharing();
  }, [isLogin, userId, token, role]);

  return null;
}
