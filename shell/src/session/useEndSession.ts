import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { bus, disconnectRealtime, releaseLeaveGuards, sessionActions, type Alert } from 'shared';

/**
 * Ends the session in this tab: the realtime connection closes, the session is cleared (authType is saved
 * signed out), `auth/loggedOut` is announced and the tab goes to /login, showing `alert` there if given.
 * A form's unsaved changes do not hold it up: signed out, nothing could be saved any more.
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
      releaseLeaveGuards();
      void navigate('/login', { replace: true });
    },
    [dispatch, navigate],
  );
}
