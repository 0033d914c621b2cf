import { useCallback } from 'react';
import { apiClient } from 'shared';
import { useEndSession } from './useEndSession';

/** The session is cleared about 200 ms after Logout (spec section 9). */
export const LOGOUT_DELAY_MS = 200;

/** Logout: revoke the token (silently), clear the session after 200 ms, go to /login. */
export function useLogout(): () => void {
  const endSession = useEndSession();
  return useCallback(() => {
    // Signing out of an already expired session is not a second "session expired".
    apiClient.post('/api/auth/logout', undefined, { silent: true, ignoreSessionExpiry: true }).catch(() => undefined);
    setTimeout(() => endSession(), LOGOUT_DELAY_MS);
  }, [endSession]);
}
