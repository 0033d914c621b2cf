/**
 * The write throttle of a provider's position (issue 10, item 2): at most one write every 2 seconds,
 * and only when the position moved noticeably. A move that comes too soon is not lost: the latest
 * one is written as soon as the 2 seconds are over (so the customer's map is never more than 2 s
 * behind a moving provider). A provider standing still writes where they are once a minute (the
 * heartbeat), so the customer's map can tell one waiting at the pick-up from one who stopped sharing.
 */
import { distanceMeters, type LatLng } from './geo';

export const WRITE_INTERVAL_MS = 2000;
/** A move shorter than this is GPS jitter, not a move. */
export const MIN_MOVE_METERS = 10;
/** With no write for this long, the latest position is written again (a provider standing still). */
export const HEARTBEAT_MS = 60_000;

export interface ThrottleRules {
  intervalMs: number;
  minMoveMeters: number;
  /** 0: no heartbeat. */
  heartbeatMs: number;
}

export const DEFAULT_THROTTLE: ThrottleRules = {
  intervalMs: WRITE_INTERVAL_MS,
  minMoveMeters: MIN_MOVE_METERS,
  heartbeatMs: HEARTBEAT_MS,
};

/** A position is worth writing when nothing was written yet or it is at least minMoveMeters from the last one written. */
export function movedNoticeably(lastWritten: LatLng | null, next: LatLng, rules: ThrottleRules = DEFAULT_THROTTLE): boolean {
  return lastWritten === null || distanceMeters(lastWritten, next) >= rules.minMoveMeters;
}

/** How long to wait before the next write may go (0: now). */
export function waitBeforeWrite(lastWriteAt: number | null, now: number, rules: ThrottleRules = DEFAULT_THROTTLE): number {
  return lastWriteAt === null ? 0 : Math.max(0, lastWriteAt + rules.intervalMs - now);
}

export interface WriteThrottleOptions {
  write: (position: LatLng) => void;
  /**
   * Whether the heartbeat may write now: only while the device still gives positions (its watch is
   * active and the page shown), else it would keep an old place looking live. Asked again a heartbeat later.
   */
  heartbeatWhile?: () => boolean;
  rules?: ThrottleRules;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type OfferOutcome = 'written' | 'scheduled' | 'ignored';

export interface WriteThrottle {
  /** A new position from the device. */
  offer(position: LatLng): OfferOutcome;
  /** Forgets the last written position (its write failed), so that the next offer writes again. */
  forget(): void;
  /** Writes the device's latest position now, whatever the interval (false: it has none yet). */
  writeNow(): boolean;
  /** Cancels a scheduled write and takes no more. */
  stop(): void;
}

export function createWriteThrottle({
  write,
  heartbeatWhile = () => true,
  rules = DEFAULT_THROTTLE,
  now = Date.now,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: WriteThrottleOptions): WriteThrottle {
  let lastWritten: LatLng | null = null;
  let lastWriteAt: number | null = null;
  let pending: LatLng | null = null;
  /** The device's latest position, moved noticeably or not: what the heartbeat writes. */
  let latest: LatLng | null = null;
  let timer: unknown = null;
  let heartbeat: unknown = null;
  let stopped = false;

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const cancelHeartbeat = () => {
    if (heartbeat !== null) clearTimer(heartbeat);
    heartbeat = null;
  };
  const scheduleHeartbeat = () => {
    cancelHeartbeat();
    if (rules.heartbeatMs <= 0) return;
    heartbeat = setTimer(() => {
      heartbeat = null;
      if (stopped || !latest || timer !== null) return;
      if (heartbeatWhile()) doWrite(latest);
      else scheduleHeartbeat();
    }, rules.heartbeatMs);
  };
  const doWrite = (position: LatLng) => {
    lastWritten = position;
    lastWriteAt = now();
    write(position);
    scheduleHeartbeat();
  };

  return {
    offer(position) {
      if (stopped) return 'ignored';
      latest = position;
      if (!movedNoticeably(lastWritten, position, rules)) {
        // Back where the last write put it: a scheduled write of a position in between is moot.
        pending = null;
        cancelTimer();
        return 'ignored';
      }
      const wait = waitBeforeWrite(lastWriteAt, now(), rules);
      if (wait === 0) {
        pending = null;
        cancelTimer();
        doWrite(position);
        return 'written';
      }
      pending = position;
      if (timer === null) {
        timer = setTimer(() => {
          timer = null;
          const next = pending;
          pending = null;
          if (next && !stopped) doWrite(next);
        }, wait);
      }
      return 'scheduled';
    },
    forget() {
      lastWritten = null;
    },
    writeNow() {
      if (stopped || !latest) return false;
      pending = null;
      cancelTimer();
      doWrite(latest);
      return true;
    },
    stop() {
      stopped = true;
      pending = null;
      cancelTimer();
      cancelHeartbeat();
    },
  };
}
