import { useEffect } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { bus, disconnectRealtime, sessionActions, type RootStateWithSession } from 'shared';

/** Shown on /login when the API refused the session's token (expired or revoked). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/**
 * Ends the session cleanly when the API client announces `auth/sessionExpired` (a 401 to the
 * session's own token, on any screen): the realtime connection closes, the stored session
 * (authType) is cleared, the user lands on /login with SESSION_EXPIRED_MESSAGE. Once: a second 401
 * finds no session and does nothing, and requests made afterwards carry no token, so nothing loops.
 */
export function useSessionExpiry(): void {
  const dispatch = useDispatch();
  const store = useStore<RootStateWithSession>();
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = bus.on('auth/sessionExpired').subscribe(() => {
      if (!store.getState().session.isLogin) return;
      disconnectRealtime();
      dispatch(sessionActions.loggedOut());
      bus.emit({ type: 'auth/loggedOut' });
      dispatch(sessionActions.alertSet({ type: 'danger', message: SESSION_EXPIRED_MESSAGE }));
      void navigate('/login', { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [dispatch, navigate, store]);
}
