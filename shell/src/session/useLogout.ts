import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootStateWithSession } from 'shared';
import { revokeToken } from './tokenRevocation';
import { useEndSession } from './useEndSession';

/** The session is cleared about 200 ms after Logout (spec section 9). */
export const LOGOUT_DELAY_MS = 200;

/**
 * Logout: clear the session after 200 ms (the guard then goes to /login), then revoke its token
 * (silently; tried again later when the API could not answer, tokenRevocation.ts). Revoked only once the
 * session has ended here: revoked at once, a call still on its way with the token got a 401 meanwhile,
 * which ended the session as expired ('Your session has expired.' after a Logout), and the timer then
 * ended it a second time, losing the way back to the page for its user.
 */
export function useLogout(): () => void {
  const endSession = useEndSession();
  const store = useStore<RootStateWithSession>();
  return useCallback(() => {
    const { token } = store.getState().session;
    setTimeout(() => {
      // Ended meanwhile (a sign-out in another tab): nothing more to end here.
      if (store.getState().session.isLogin) endSession();
      if (token) void revokeToken(token);
    }, LOGOUT_DELAY_MS);
  }, [endSession, store]);
}
