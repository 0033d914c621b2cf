/** What screens read about positions: they never write and never start the sharing watcher. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getLocationBackend, isPermissionDenied } from './backend';
import type { LatLng, ProviderPosition } from './geo';
import { getLocationSharing, subscribeLocationSharing, type LocationSharingSnapshot } from './sharing';
import { createPositionWatcher, type WatchStatus } from './watcher';

/** The provider's own sharing, as the top bar and the provider's map show it. */
export function useLocationSharing(): LocationSharingSnapshot {
  return useSyncExternalStore(subscribeLocationSharing, getLocationSharing, getLocationSharing);
}

export type FollowState =
  | { status: 'idle' }
  | { status: 'connecting' }
  /** Connected; the provider has not shared a position yet. */
  | { status: 'waiting' }
  | { status: 'live'; position: ProviderPosition }
  /** The database refused: this user may not follow this provider (no Accepted job links them). */
  | { status: 'denied' }
  | { status: 'error'; message: string };

export const FOLLOW_ERROR_MESSAGE = 'The location service cannot be reached right now.';

/**
 * A follow that has had no answer at all this long (the database's socket blocked: its SDK neither
 * answers nor fails) says the service cannot be reached, with Retry; an answer after it still shows.
 */
export const FOLLOW_FIRST_ANSWER_MS = 15_000;

/** A follow connection is replaced by a new one (a fresh token) this long before its credentials expire. */
export const FOLLOW_RENEW_BEFORE_MS = 5 * 60 * 1000;

/**
 * Follows provider/latLng/{providerId} live (onValue) while `enabled`. Each time it starts (and when
 * `renewKey` changes, e.g. the job's status) it opens a connection with a fresh token, whose claims
 * say which providers this user may follow now; it opens a new one before that token expires (the
 * rules let a customer follow for an hour per token), keeping the last position meanwhile.
 */
export function useProviderLocation(
  providerId: number | null,
  { enabled = true, renewKey = '' }: { enabled?: boolean; renewKey?: string } = {},
): FollowState {
  const [generation, setGeneration] = useState(0);
  /** What the connection of `target` reported last. */
  const [result, setResult] = useState<{ target: string; generation: number; follow: FollowState } | null>(null);
  const target = enabled && providerId ? `${providerId}|${renewKey}` : null;

  useEffect(() => {
    if (target === null || !providerId) return undefined;
    let active = true;
    let unsubscribe: (() => void) | null = null;
    let close: (() => Promise<void>) | null = null;
    let renewTimer: ReturnType<typeof setTimeout> | null = null;
    let answered = false;
    const report = (follow: FollowState) => {
      answered = true;
      if (active) setResult({ target, generation, follow });
    };
    const noAnswerTimer = setTimeout(() => {
      if (answered) return;
      console.warn('the location service has not answered');
      report({ status: 'error', message: FOLLOW_ERROR_MESSAGE });
    }, FOLLOW_FIRST_ANSWER_MS);
    getLocationBackend()
      .connect()
      .then(
        (connection) => {
          close = () => connection.close();
          if (!active) {
            void connection.close();
            return;
          }
          if (connection.expiresAt !== null) {
            const wait = Math.max(60_000, connection.expiresAt - FOLLOW_RENEW_BEFORE_MS - Date.now());
            renewTimer = setTimeout(() => setGeneration((g) => g + 1), wait);
          }
          unsubscribe = connection.watchProvider(
            providerId,
            (position) => report(position ? { status: 'live', position } : { status: 'waiting' }),
            (error) => {
              console.warn('following the provider failed', error);
              report(isPermissionDenied(error) ? { status: 'denied' } : { status: 'error', message: FOLLOW_ERROR_MESSAGE });
            },
          );
        },
        (error: unknown) => {
          console.warn('location service unavailable', error);
          report({ status: 'error', message: FOLLOW_ERROR_MESSAGE });
        },
      );
    return () => {
      active = false;
      clearTimeout(noAnswerTimer);
      if (renewTimer) clearTimeout(renewTimer);
      unsubscribe?.();
      void close?.();
    };
  }, [target, providerId, generation]);

  if (target === null) return IDLE;
  if (result?.target === target && result.generation === generation) return result.follow;
  // A renewal keeps showing the last position until the new connection answers.
  if (result?.target === target && result.follow.status === 'live') return result.follow;
  return CONNECTING;
}

const IDLE: FollowState = { status: 'idle' };
const CONNECTING: FollowState = { status: 'connecting' };

export interface BrowserPositionState {
  status: WatchStatus | 'idle';
  position: LatLng | null;
}

/** This browser's own position while `enabled` (the customer's pin on the map); it is shown only, never sent. */
export function useBrowserPosition(enabled = true, geolocation?: Geolocation | null): BrowserPositionState {
  const [state, setState] = useState<BrowserPositionState>({ status: 'idle', position: null });
  useEffect(() => {
    if (!enabled) return undefined;
    const watcher = createPositionWatcher({
      geolocation,
      onStatus: (status) => setState((s) => ({ ...s, status })),
      onPosition: ({ lat, lng }) => setState({ status: 'active', position: { lat, lng } }),
    });
    watcher.start();
    return () => watcher.stop();
  }, [enabled, geolocation]);
  return state;
}

/** The current time, renewed every `intervalMs` (for 'updated 5 s ago'). */
export function useNow(intervalMs = 1000): number {
  const [time, setTime] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTime(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return time;
}
