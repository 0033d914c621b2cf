import { useEffect, useRef } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  afterLoginPath,
  afterLoginState,
  bus,
  loadPersistedSession,
  releaseLeaveGuards,
  SESSION_STORAGE_KEY,
  sessionActions,
  type LoginNavState,
  type RootStateWithSession,
} from 'shared';
import { sessionJustExpiredFor } from './sessionExpiredMark';
import { useEndSession } from './useEndSession';

/** Shown on /login in the user's other tabs when they sign out in one. */
export const SIGNED_OUT_ELSEWHERE_MESSAGE = 'You signed out in another tab.';

/** Starts the app afresh at `path` (a full page load), without the browser asking about unsaved changes. */
const openAfresh = (path: string) => {
  releaseLeaveGuards();
  window.location.replace(path);
};

/** Whether /login's navigation state names `userId` as the user whose session ended on the page it came from. */
const returnsTo = (state: unknown, userId: number) =>
  typeof state === 'object' && state !== null && (state as Partial<LoginNavState>).forUserId === userId;

/**
 * Keeps this tab's session in step with what the browser's other tabs save under authType. Every tab
 * saves its whole session on each change, so without this a tab left open would write its own session
 * back over a sign-out or a sign-in made in another tab, and the next page load would find the wrong one.
 * When another tab
 * - signs out, this tab signs out too and shows /login, saying why;
 * - was refused the session's token by the API, this tab's session expired too: announced here as
 *   `auth/sessionExpired`, so that this tab ends it as its own 401 would (the message on /login) and its
 *   open forms and chats keep what was typed in it;
 * - signs in again as the user whose session ended on this tab's page (an expiry, a Logout), this tab
 *   goes back to that page with the session, as its own Login would, and what was typed there is kept;
 * - signs in as another account (or signs in while this tab is signed out otherwise), this tab starts
 *   afresh on Home with that session: nothing of the previous account's screens, connections or caches remains;
 * - signs the same account in again (a new token), or edits the profile, this tab takes the new token
 *   or details where it is.
 */
export function useSessionFromOtherTabs(reload: (path: string) => void = openAfresh): void {
  const dispatch = useDispatch();
  const store = useStore<RootStateWithSession>();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const location = useLocation();
  const loginState = useRef<unknown>(null);
  useEffect(() => {
    loginState.current = location.pathname === '/login' ? location.state : null;
  });
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key null: another tab cleared the whole storage.
      if (event.storageArea !== window.localStorage || (event.key !== null && event.key !== SESSION_STORAGE_KEY)) return;
      const saved = loadPersistedSession();
      const current = store.getState().session;
      if (!saved.isLogin) {
        if (!current.isLogin) return;
        if (current.users && sessionJustExpiredFor(current.users.id)) bus.emit({ type: 'auth/sessionExpired' });
        // Logout there: said here, or this tab's page would just turn into /login with nobody knowing why.
        else endSession(event.key === null ? undefined : { type: 'info', message: SIGNED_OUT_ELSEWHERE_MESSAGE });
        return;
      }
      if (!current.isLogin || saved.users?.id !== current.users?.id) {
        // Taken on first, so that whatever this tab saves before the page is gone is the new session.
        dispatch(sessionActions.patched(saved));
        const userId = saved.users?.id;
        const backTo = afterLoginPath(loginState.current, userId);
        if (!current.isLogin && userId !== undefined && backTo !== '/' && returnsTo(loginState.current, userId)) {
          void navigate(backTo, { replace: true, state: afterLoginState(loginState.current, userId) });
        } else {
          reload('/');
        }
        return;
      }
      if (saved.token !== current.token || JSON.stringify(saved.users) !== JSON.stringify(current.users)) {
        dispatch(sessionActions.patched({ token: saved.token, users: saved.users }));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, endSession, navigate, reload, store]);
}
