import { useCallback, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { bus, disconnectRealtime, releaseLeaveGuards, sessionActions, type Alert } from 'shared';
import { loginNavStateFrom } from './lastSignedInUser';

/**
 * Ends the session in this tab: the realtime connection closes, the session is cleared (authType is saved
 * signed out), `auth/loggedOut` is announced and the tab goes to /login, showing `alert` there if given.
 * A form's unsaved changes do not hold it up: signed out, nothing could be saved any more. It names the
 * page it leaves, as the route guard does (loginNavStateFrom), so that Login comes back to it: whichever
 * of the two moves to /login comes last, the way back is the same. `handOverAccount` (an expired session)
 * starts the login form with the account's email and role.
 */
export function useEndSession(): (alert?: Alert, options?: { handOverAccount?: boolean }) => void {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const page = useRef(location);
  useEffect(() => {
    page.current = location;
  });
  return useCallback(
    (alert?: Alert, { handOverAccount = false }: { handOverAccount?: boolean } = {}) => {
      disconnectRealtime();
      dispatch(sessionActions.loggedOut());
      bus.emit({ type: 'auth/loggedOut' });
      if (alert) dispatch(sessionActions.alertSet(alert));
      releaseLeaveGuards();
      void navigate('/login', { replace: true, state: loginNavStateFrom(page.current, { handOverAccount }) });
    },
    [dispatch, navigate],
  );
}
