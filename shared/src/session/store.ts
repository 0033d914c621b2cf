import { combineReducers, legacy_createStore as createStore, type Reducer, type UnknownAction } from 'redux';
import { savePersistedSession } from './persistence';
import { initialSessionState, sessionReducer, type SessionState } from './sessionSlice';

/** The root state: the session plus whatever remotes inject. */
export interface AppRootState {
  session: SessionState;
  [key: string]: unknown;
}

/**
 * The app store: the `session` slice of `shared`, plus reducers that remotes inject at run time.
 * The shell creates the one store of the page; every app's tests and standalone harness create their own.
 */
export function createAppStore(preloadedSession?: Partial<SessionState>) {
  const reducers: Record<string, Reducer> = { session: sessionReducer };
  // Redux itself (no Redux Toolkit): the one store of the page needs no middleware, and the toolkit stays
  // out of the shell's first load (issue 12). Remotes' slices may still be made with the toolkit.
  const store = createStore(
    combineReducers(reducers) as unknown as Reducer<AppRootState, UnknownAction, Partial<AppRootState>>,
    preloadedSession ? { session: { ...initialSessionState, ...preloadedSession } } : undefined,
  );
  return Object.assign(store, {
    /** Adds a reducer under `key` (once); remotes use it for state that is theirs alone. */
    injectReducer(key: string, reducer: Reducer): void {
      if (key in reducers) return;
      reducers[key] = reducer;
      store.replaceReducer(combineReducers(reducers) as never);
    },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

/** Saves the session under `authType` whenever it changes; returns the unsubscribe function. */
export function persistSession(store: AppStore, storage?: Storage): () => void {
  let last = store.getState().session;
  return store.subscribe(() => {
    const next = store.getState().session;
    if (next === last) return;
    last = next;
    savePersistedSession(next, storage);
  });
}
