import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ user: User; token: string }>) {
      state.isLogin = true;
      state.users = action.payload.user;
      state.token = action.payload.token;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.users = action.payload;
    },
    patched(state, action: PayloadAction<Partial<PersistedSession>>) {
      Object.assign(state, action.payload);
    },
    alertSet(state, action: PayloadAction<Alert>) {
      state.alert = action.payload;
    },
    alertCleared(state) {
      state.alert = null;
    },
    loggedOut() {
      return initialSessionState;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** The shell mounts the slice under this key; remotes select through the selectors below. */
export interface RootStateWithSession {
  session: SessionState;
}

export const selectSession = (state: RootStateWithSession): SessionState => state.session;
export const selectUser = (state: RootStateWithSession): User | null => state.session.users;
export const selectIsLoggedIn = (state: RootStateWithSession): boolean => state.session.isLogin;
export const selectRole = (state: RootStateWithSession) => state.session.users?.role ?? null;
