import type { UnknownAction } from 'redux';
import type { Alert, PersistedSession, User } from '../contracts';

export interface SessionState extends PersistedSession {
  /** Alerts are shared state but not persisted. */
  alert: Alert | null;
}

export const LOGGED_OUT: PersistedSession = {
  isLogin: false,
  users: null,
  token: null,
  jobs: [],
  paymentMethod: [],
  notifications: [],
  UserMessages: [],
  ChatUserData: null,
  providerServiceData: [],
};

export const initialSessionState: SessionState = { ...LOGGED_OUT, alert: null };

/** An action of the session slice: `session/<name>` with its payload. */
export type SessionAction<P = undefined> = { type: string; payload: P };

/** Makes the action creator of `session/<name>` (like a Redux Toolkit slice's, with `type` and `match`). */
function sessionAction<P = undefined>(name: string) {
  const type = `session/${name}`;
  const create = (...[payload]: P extends undefined ? [] : [payload: P]): SessionAction<P> => ({ type, payload: payload as P });
  return Object.assign(create, {
    type,
    match: (action: unknown): action is SessionAction<P> => (action as { type?: unknown } | null)?.type === type,
  });
}

/**
 * The session's actions. Plain Redux (no Redux Toolkit, no immer): the shell's first load carries no
 * toolkit (issue 12); the toolkit stays a shared singleton for the slices remotes may inject.
 */
export const sessionActions = {
  loggedIn: sessionAction<{ user: User; token: string }>('loggedIn'),
  userUpdated: sessionAction<User>('userUpdated'),
  patched: sessionAction<Partial<PersistedSession>>('patched'),
  /** A list read for user `userId`: stored only while that user is the one signed in. */
  answeredFor: sessionAction<{ userId: number; lists: Partial<Pick<PersistedSession, 'paymentMethod'>> }>('answeredFor'),
  alertSet: sessionAction<Alert>('alertSet'),
  alertCleared: sessionAction('alertCleared'),
  loggedOut: sessionAction('loggedOut'),
};

/** The session reducer: each action returns a new state object (unchanged state for other actions). */
export function sessionReducer(state: SessionState = initialSessionState, action: UnknownAction): SessionState {
  // A sign-in starts from empty lists: none of an earlier account's jobs, cards or notifications carry over.
  if (sessionActions.loggedIn.match(action)) {
    return { ...LOGGED_OUT, alert: state.alert, isLogin: true, users: action.payload.user, token: action.payload.token };
  }
  // Only the signed-in user's own profile: a save answered after a sign-out (or another account's sign-in)
  // must not write that profile into the session.
  if (sessionActions.userUpdated.match(action)) {
    return state.isLogin && state.users?.id === action.payload.id ? { ...state, users: action.payload } : state;
  }
  // Signed out, only a patch that signs in (another tab's session taken on) applies: a list answered
  // after the sign-out must not be stored under authType, where the next account would see it.
  if (sessionActions.patched.match(action)) {
    return state.isLogin || action.payload.isLogin ? { ...state, ...action.payload } : state;
  }
  // An answer that arrives after its user signed out and another signed in is that first user's, not theirs.
  if (sessionActions.answeredFor.match(action)) {
    return state.isLogin && state.users?.id === action.payload.userId ? { ...state, ...action.payload.lists } : state;
  }
  if (sessionActions.alertSet.match(action)) return { ...state, alert: action.payload };
  if (sessionActions.alertCleared.match(action)) return { ...state, alert: null };
  if (sessionActions.loggedOut.match(action)) return initialSessionState;
  return state;
}

/** The shell mounts the slice under this key; remotes select through the selectors below. */
export interface RootStateWithSession {
  session: SessionState;
}

export const selectSession = (state: RootStateWithSession): SessionState => state.session;
export const selectUser = (state: RootStateWithSession): User | null => state.session.users;
export const selectIsLoggedIn = (state: RootStateWithSession): boolean => state.session.isLogin;
export const selectRole = (state: RootStateWithSession) => state.session.users?.role ?? null;
