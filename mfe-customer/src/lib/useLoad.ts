import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { ApiError } from 'shared';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** The message of a failed call: the server's when it sent one, else the network error. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || 'Network Error';
  return 'Network Error';
}

/**
 * Loads data for a screen: `loading` first, then `ready` or `error` (with `reload` for a Retry
 * button). Only the answer of the latest load counts, and nothing is set after unmount.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const latest = useRef(0);

  const run = useCallback(load, deps);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    try {
      const data = await run();
      if (ticket === latest.current) setState({ status: 'ready', data });
    } catch (error) {
      console.error(error);
      if (ticket === latest.current) setState({ status: 'error', message: errorMessage(error) });
    }
  }, [run]);

  useEffect(() => {
    void reload();
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { state, reload, setState };
}
