import { createAppStore, loadPersistedSession, persistSession, sessionActions, setTokenProvider, type AppStore } from 'shared';

/** Alerts clear 50 000 ms after being set (spec section 9). */
export const ALERT_TIMEOUT_MS = 50_000;

/** Clears the stored alert ALERT_TIMEOUT_MS after each time it is set, whoever set it. */
export function autoClearAlerts(store: AppStore, timeoutMs = ALERT_TIMEOUT_MS): () => void {
  let last = store.getState().session.alert;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe(() => {
    const alert = store.getState().session.alert;
    if (alert === last) return;
    last = alert;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (alert) {
      timer = setTimeout(() => {
        if (store.getState().session.alert === alert) store.dispatch(sessionActions.alertCleared());
      }, timeoutMs);
    }
  });
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * The one store of the page: the session preloaded from localStorage (`authType`, a corrupt value resets
 * to logged out), saved on every change; the API client reads its token from it.
 */
export function createShellStore(storage?: Storage): AppStore {
  const store = createAppStore(loadPersistedSession(storage));
  persistSession(store, storage);
  setTokenProvider(() => store.getState().session.token);
  autoClearAlerts(store);
  return store;
}
