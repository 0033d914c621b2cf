import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { bus, disconnectRealtime, sessionActions, type Alert } from 'shared';

/**
 * Ends the session in this tab: the realtime connection closes, the session is cleared (authType is saved
 * signed out), `auth/loggedOut` is announced and the tab goes to /login, showing `alert` there if given.
 */
export function useEndSession(): (alert?: Alert) => void {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(
    (alert?: Alert) => {
      disconnectRealtime();
      dispatch(sessionActions.loggedOut());
      bus.emit({ type: 'auth/loggedOut' });
      if (alert) dispatch(sessionActions.alertSet(alert));
      void navigate('/login', { replace: true });
    },
    [dispatch, navigate],
  );
}
