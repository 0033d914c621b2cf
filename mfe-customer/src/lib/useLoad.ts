import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOfError, useRetryWhenBack } from 'shared';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** The outcome of one load: which loader and which attempt it answers. */
interface Outcome<T> {
  load: () => Promise<T>;
  attempt: number;
  state: LoadState<T>;
}

/**
 * Loads data for a screen: `loading` first, then `ready` or `error` (with `reload` for a Retry
 * button). `load` is memoised by the caller (useCallback with its inputs): a new `load` loads
 * again. Only the answer of the latest load counts, and nothing is set after unmount. A failed load is
 * tried again by itself when the server may be back (`onCatchUp`: the realtime channel subscribed again, or
 * the API answering again after an outage).
 */
export function useLoad<T>(load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  /** Counts refreshes, and the loads that supersede them: only the latest refresh's answer counts. */
  const refreshes = useRef(0);

  useEffect(() => {
    let latest = true;
    refreshes.current++;
    load().then(
      (data) => {
        if (latest) setOutcome({ load, attempt, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        console.error(error);
        if (latest) setOutcome({ load, attempt, state: { status: 'error', message: messageOfError(error) } });
      },
    );
    return () => {
      latest = false;
    };
  }, [load, attempt]);

  // Until the current load answers, the screen is loading (also right after a new `load` or a reload).
  const state: LoadState<T> =
    outcome && outcome.load === load && outcome.attempt === attempt ? outcome.state : { status: 'loading' };
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useRetryWhenBack(state.status === 'error', reload);
  /**
   * Reads again without going back to `loading` (something changed elsewhere): the data shown stays until
   * the answer replaces it, and stays should the read fail. Only a screen already showing data is refreshed,
   * and only by the latest refresh: an earlier one answering last would show what it read before.
   */
  const refresh = useCallback(() => {
    const refresh = ++refreshes.current;
    load().then(
      (data) =>
        refresh === refreshes.current &&
        setOutcome((current) =>
          current?.load === load && current.state.status === 'ready' ? { ...current, state: { status: 'ready', data } } : current,
        ),
      (error: unknown) => console.error(error),
    );
  }, [load]);
  return { state, reload, refresh };
}
