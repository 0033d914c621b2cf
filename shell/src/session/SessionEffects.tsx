import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { bus, connectRealtime, disconnectRealtime, fetchMe, onCatchUp, sessionActions, useSession } from 'shared';
import { afterFirstScreen } from './firstScreenShown';
import { hasKeptRevocations } from './keptRevocations';
import { noteSignedInUser } from './lastSignedInUser';
import { startProviderSharing, stopProviderSharing } from './providerLocationSharing';
import { useSessionExpiry } from './useSessionExpiry';
import { useSessionFromOtherTabs } from './useSessionFromOtherTabs';

/** The longest the realtime connection waits for an idle moment once the first screen is shown. */
const REALTIME_IDLE_TIMEOUT_MS = 1500;

/**
 * While signed in: the realtime connection (private-message.{userId}), the notifications list and the
 * bell's count (sessionNotifications.ts), and the user, read again on sign-in (also a session stored by
 * an earlier visit), whenever a job changes, and when the profile changed in another tab or device
 * ('profile/changed'). Disconnects on logout, ends the session when the API refuses its token
 * (useSessionExpiry), and follows sign-ins and sign-outs made in the browser's other tabs
 * (useSessionFromOtherTabs).
 */
export function SessionEffects() {
  useSessionExpiry();
  useSessionFromOtherTabs();
  const dispatch = useDispatch();
  const { isLogin, users, token } = useSession();
  const userId = users?.id;
  const role = users?.role;

  useEffect(() => {
    if (isLogin && users) noteSignedInUser(users);
  }, [isLogin, users]);

  useEffect(() => {
    if (!isLogin || userId === undefined || !token) return undefined;
    let active = true;
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
    // meanwhile is fetched again once it subscribes (sessionNotifications.ts). The notifications' code is
    // loaded then too: the first load of /login carries none of it.
    const connect = () => void connectRealtime({ userId, token });
    let idle: number | undefined;
    let stopNotifications: (() => void) | undefined;
    void afterFirstScreen().then(async () => {
      const notifications = await import(/* webpackChunkName: "session-notifications" */ './sessionNotifications').catch(
        (error: unknown) => {
          console.warn('notifications unavailable', error);
          return null;
        },
      );
      if (!active) return;
      if (notifications) stopNotifications = notifications.followNotifications(dispatch);
      void refreshUser();
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(connect, { timeout: REALTIME_IDLE_TIMEOUT_MS })
          : window.setTimeout(connect, 0);
    });
    const jobSubscription = bus.on('job/updated').subscribe(() => void refreshUser());
    const profileSubscription = bus.on('profile/changed').subscribe(() => void refreshUser());
    // What changed before the channel was subscribed (or while it was down) was not pushed: read again.
    const subscribedSubscription = onCatchUp(() => void refreshUser());
    return () => {
      active = false;
      stopNotifications?.();
      jobSubscription.unsubscribe();
      profileSubscription.unsubscribe();
      subscribedSubscription.unsubscribe();
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
      disconnectRealtime();
    };
  }, [dispatch, isLogin, userId, token]);

  useEffect(() => {
    // bootstrap.tsx starts it before the first render for a signed-in provider (starting it again changes
    // nothing); a session that ended before this mounted stops it here.
    if (!isLogin || userId === undefined || !token || role !== 'Provider') {
      stopProviderSharing();
      return undefined;
    }
    void startProviderSharing({ userId, role, token });
    return () => stopProviderSharing();
  }, [isLogin, userId, token, role]);

  useRevokeKeptTokens();
  return null;
}

/** A Logout's revocation that got no answer is made once the first screen is shown, and when back online. */
function useRevokeKeptTokens(): void {
  useEffect(() => {
    const revokeKept = () => {
      if (!hasKeptRevocations()) return;
      void import(/* webpackChunkName: "token-revocation" */ './tokenRevocation').then(
        ({ revokeKeptTokens }) => revokeKeptTokens(),
        (error: unknown) => console.warn('token revocation unavailable', error),
      );
    };
    void afterFirstScreen().then(revokeKept);
    window.addEventListener('online', revokeKept);
    return () => window.removeEventListener('online', revokeKept);
  }, []);
}
