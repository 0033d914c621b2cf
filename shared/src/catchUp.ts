import { useEffect } from 'react';
import type { Subscription } from 'rxjs';
import { bus } from './bus';

/**
 * Calls `readAgain` whenever what a screen shows may be behind or may have failed to load: the private
 * realtime channel was (re)subscribed, so events published before were missed (`realtime/subscribed`), or the
 * API answers again after an outage (`api/back`).
 */
export function onCatchUp(readAgain: () => void): Subscription {
  return bus.all().subscribe((event) => {
    if (event.type === 'realtime/subscribed' || event.type === 'api/back') readAgain();
  });
}

/** While `failed`, calls `retry` when the server may be back (onCatchUp): a failed read is tried again by itself. */
export function useRetryWhenBack(failed: boolean, retry: () => void): void {
  useEffect(() => {
    if (!failed) return undefined;
    const subscription = onCatchUp(retry);
    return () => subscription.unsubscribe();
  }, [failed, retry]);
}
