import { useDispatch, useSelector } from 'react-redux';
import { selectSession, type RootStateWithSession, type SessionState } from './sessionSlice';

/** The current session (user, token, jobs, cards, ...) from the shell's store. */
export function useSession(): SessionState {
  return useSelector((state: RootStateWithSession) => selectSession(state));
}

export const useAppDispatch = useDispatch;
