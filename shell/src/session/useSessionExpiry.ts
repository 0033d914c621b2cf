import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { bus, type RootStateWithSession } from 'shared';
import { markSessionExpired } from './sessionExpiredMark';
import { useEndSession } from './useEndSession';

/** Shown on /login when the API refused the session's token (expired or revoked). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/**
 * Ends the session cleanly when the API client announces `auth/sessionExpired` (a 401 to the
 * session's own token, on any screen): the realtime connection closes, the stored session
 * (authType) is cleared, the user lands on /login with SESSION_EXPIRED_MESSAGE. Once: a second 401
 * finds no session and does nothing, and requests made afterwards carry no token, so nothing loops.
 */
export function useSessionExpiry(): void {
  const store = useStore<RootStateWithSession>();
  const endSession = useEndSession();
  useEffect(() => {
    const subscription = bus.on('auth/sessionExpired').subscribe(() => {
      const { isLogin, users } = store.getState().session;
      if (!isLogin) return;
      // Before authType is saved signed out: the user's other tabs read it when they hear of that.
      if (users) markSessionExpired(users.id);
      // Nobody chose to leave: the login form starts with the account's email and role.
      endSession({ type: 'danger', message: SESSION_EXPIRED_MESSAGE }, { handOverAccount: true });
    });
    return () => subscription.unsubscribe();
  }, [endSession, store]);
}
