/**
 * One `navigator.geolocation.watchPosition` (high accuracy) with a plain status. A denied permission
 * ends the watch and is not asked again (no retry loop); a device without a position keeps the
 * browser's own watch, which reports the position once there is one.
 */
import type { LatLng } from './geo';

export type WatchStatus =
  /** Waiting for the permission or the first position. */
  | 'starting'
  | 'active'
  /** The user (or the browser's policy) denied the permission. */
  | 'denied'
  /** The device has no position right now (no fix, location services off, timeout). */
  | 'unavailable'
  /** No geolocation in this browser (or not a secure context). */
  | 'unsupported';

export interface DevicePosition extends LatLng {
  /** Metres, as the device reports it. */
  accuracy: number | null;
  at: number;
}

export interface PositionWatcherOptions {
  /** Default: navigator.geolocation. */
  geolocation?: Geolocation | null;
  onPosition: (position: DevicePosition) => void;
  onStatus: (status: WatchStatus) => void;
  now?: () => number;
}

export interface PositionWatcher {
  start(): void;
  stop(): void;
  readonly status: WatchStatus | 'stopped';
}

/** watchPosition options: high accuracy (issue 10, item 1); an answer within a minute, else 'unavailable' until one comes. */
export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 5000, timeout: 60_000 };

const PERMISSION_DENIED = 1;

export function defaultGeolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

export function createPositionWatcher({
  geolocation,
  onPosition,
  onStatus,
  now = Date.now,
}: PositionWatcherOptions): PositionWatcher {
  const geo = geolocation === undefined ? defaultGeolocation() : geolocation;
  let watchId: number | null = null;
  let status: WatchStatus | 'stopped' = 'stopped';
  const setStatus = (next: WatchStatus) => {
    if (status === next) return;
    status = next;
    onStatus(next);
  };
  const clear = () => {
    if (watchId !== null && geo) geo.clearWatch(watchId);
    watchId = null;
  };

  return {
    get status() {
      return status;
    },
    start() {
      if (watchId !== null) return;
      if (!geo) {
        setStatus('unsupported');
        return;
      }
      setStatus('starting');
      try {
        watchId = geo.watchPosition(
          (pos) => {
            if (status === 'stopped' || status === 'denied') return;
            setStatus('active');
            onPosition({
              lat: pos.coords.latitude,
              lng: pos.coords.longitude,
              accuracy: Number.isFinite(pos.coords.accuracy) ? pos.coords.accuracy : null,
              at: pos.timestamp || now(),
            });
          },
          (error) => {
            if (status === 'stopped') return;
            if (error.code === PERMISSION_DENIED) {
              clear();
              setStatus('denied');
            } else {
              setStatus('unavailable');
            }
          },
          WATCH_OPTIONS,
        );
      } catch {
        watchId = null;
        setStatus('unsupported');
      }
    },
    stop() {
      clear();
      status = 'stopped';
    },
  };
}
