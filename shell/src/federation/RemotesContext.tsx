import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { REMOTE_NAMES, type RemoteLoader, type RemoteName, type RemoteState } from './types';

interface RemotesContextValue {
  states: Record<RemoteName, RemoteState>;
  retry: (name: RemoteName) => void;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

const allLoading = (): Record<RemoteName, RemoteState> =>
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, { status: 'loading' }])) as Record<RemoteName, RemoteState>;

/**
 * Loads the four remote contracts independently: one failing never blocks the others.
 * `retry(name)` re-registers a failed remote and loads it again.
 */
export function RemotesProvider({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  const [states, setStates] = useState<Record<RemoteName, RemoteState>>(allLoading);
  const mounted = useRef(true);

  const run = useCallback(
    (name: RemoteName, attempt: (n: RemoteName) => Promise<import('shared').RemoteContract>) => {
      setStates((prev) => ({ ...prev, [name]: { status: 'loading' } }));
      attempt(name).then(
        (contract) => {
          if (mounted.current) setStates((prev) => ({ ...prev, [name]: { status: 'ready', contract } }));
        },
        (error: unknown) => {
          const err = error instanceof Error ? error : new Error(String(error));
          if (mounted.current) setStates((prev) => ({ ...prev, [name]: { status: 'error', error: err } }));
        },
      );
    },
    [],
  );

  useEffect(() => {
    mounted.current = true;
    REMOTE_NAMES.forEach((name) => run(name, (n) => loader.loadContract(n)));
    return () => {
      mounted.current = false;
    };
  }, [loader, run]);

  const retry = useCallback((name: RemoteName) => run(name, (n) => loader.retryContract(n)), [loader, run]);

  const value = useMemo(() => ({ states, retry }), [states, retry]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}

export function useRemotes(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes must be used inside <RemotesProvider>');
  return value;
}

/** The load state of one remote's contract and a function that retries it. */
export function useRemote(name: RemoteName): RemoteState & { retry: () => void } {
  const { states, retry } = useRemotes();
  return { ...states[name], retry: () => retry(name) };
}
