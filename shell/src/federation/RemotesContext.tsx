import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RemoteContract } from 'shared';
import { REMOTE_NAMES, type RemoteLoader, type RemoteName, type RemoteState } from './types';

interface RemotesContextValue {
  states: Record<RemoteName, RemoteState>;
  /** Starts loading a remote's contract unless it is loading or loaded already, or failed only moments ago. */
  ensure: (name: RemoteName) => void;
  /** Forgets a failed load and loads the remote again. */
  retry: (name: RemoteName) => void;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

/**
 * A remote whose load failed is loaded again when one of its screens is opened this long after: a
 * remote back after a redeploy or an outage comes back without Retry or a reload, and a screen
 * opened right after the failure does not ask a server that is down again at once.
 */
export const RETRY_FAILED_AFTER_MS = 5_000;

const allIdle = (): Record<RemoteName, RemoteState> =>
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, { status: 'idle' }])) as Record<RemoteName, RemoteState>;

/**
 * Loads the remote contracts on demand and independently: one failing never blocks the others, and a
 * remote nobody needs yet (e.g. the customer remote on /login) is not downloaded at all.
 */
export function RemotesProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  const [states, setStates] = useState<Record<RemoteName, RemoteState>>(allIdle);
  /** The states as of now, ahead of the next render: ensure and retry may run several times before it. */
  const statesRef = useRef(states);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const set = useCallback((name: RemoteName, state: RemoteState) => {
    statesRef.current = { ...statesRef.current, [name]: state };
    setStates(statesRef.current);
  }, []);

  const run = useCallback(
    (name: RemoteName, attempt: () => Promise<RemoteContract>) => {
      set(name, { status: 'loading' });
      attempt().then(
        (contract) => {
          if (mounted.current) set(name, { status: 'ready', contract });
        },
        (error: unknown) => {
          const err = error instanceof Error ? error : new Error(String(error));
          failedAt.current[name] = Date.now();
          if (mounted.current) set(name, { status: 'error', error: err });
        },
      );
    },
    [set],
  );

  /** When each remote's last load failed: a screen of it opened a while later tries again by itself. */
  const failedAt = useRef<Partial<Record<RemoteName, number>>>({});

  const ensure = useCallback(
    (name: RemoteName) => {
      const { status } = statesRef.current[name];
      if (status === 'idle') run(name, () => loader.loadContract(name));
      else if (status === 'error' && Date.now() - (failedAt.current[name] ?? 0) >= RETRY_FAILED_AFTER_MS)
        run(name, () => loader.retryContract(name));
    },
    [loader, run],
  );

  const retry = useCallback(
    (name: RemoteName) => {
      if (statesRef.current[name].status !== 'loading') run(name, () => loader.retryContract(name));
    },
    [loader, run],
  );

  const value = useMemo(() => ({ states, ensure, retry }), [states, ensure, retry]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}

export function useRemotes(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes must be used inside <RemotesProvider>');
  return value;
}

/** Loads every remote's contract (signed-in users need them all). */
export function useAllRemotes(): Record<RemoteName, RemoteState> {
  const { states, ensure } = useRemotes();
  useEffect(() => {
    REMOTE_NAMES.forEach(ensure);
  }, [ensure]);
  return states;
}

/** The load state of one remote's contract (loading it if needed) and a function that retries it. */
export function useRemote(name: RemoteName): RemoteState & { retry: () => void } {
  const { states, ensure, retry } = useRemotes();
  useEffect(() => {
    ensure(name);
  }, [ensure, name]);
  return { ...states[name], retry: () => retry(name) };
}
