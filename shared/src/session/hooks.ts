import { useDispatch, useSelector } from 'react-redux';
import { selectSession, type RootStateWithSession, type SessionState } from './sessionSlice';

/**
 * The current session (user, token, jobs, cards, ...) from the shell's store. A component using it
 * renders again on every change of the session (a notification, an alert); one that needs only the
 * user uses useSessionUser, or only whether someone is signed in, useSignedIn.
 */
export function useSession(): SessionState {
  return useSelector((state: RootStateWithSession) => selectSession(state));
}

/** The signed-in user (null signed out); renders again only when the user changes. */
export function useSessionUser(): SessionState['users'] {
  return useSelector((state: RootStateWithSession) => selectSession(state).users);
}

/** Whether someone is signed in; renders again only when that changes. */
export function useSignedIn(): boolean {
  return useSelector((state: RootStateWithSession) => selectSession(state).isLogin);
}

export const useAppDispatch = useDispatch;
