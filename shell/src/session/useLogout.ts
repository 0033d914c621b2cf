import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { apiClient, bus, disconnectRealtime, sessionActions } from 'shared';

/** The session is cleared about 200 ms after Logout (spec section 9). */
export const LOGOUT_DELAY_MS = 200;

/** Logout: revoke the token (silently), clear the session after 200 ms, go to /login. */
export function useLogout(): () => void {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    // Signing out of an already expired session is not a second "session expired".
    apiClient.post('/api/auth/logout', undefined, { silent: true, ignoreSessionExpiry: true }).catch(() => undefined);
    setTimeout(() => {
      disconnectRealtime();
      dispatch(sessionActions.loggedOut());
      bus.emit({ type: 'auth/loggedOut' });
      void navigate('/login', { replace: true });
    }, LOGOUT_DELAY_MS);
  }, [dispatch, navigate]);
}
