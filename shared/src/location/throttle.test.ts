import type { LatLng } from './geo';
import {
  createWriteThrottle,
  movedNoticeably,
  waitBeforeWrite,
  HEARTBEAT_MS,
  MIN_MOVE_METERS,
  WRITE_INTERVAL_MS,
} from './throttle';

/** ~0.0001° of latitude is 11 m: a noticeable move. */
const at = (north: number): LatLng => ({ lat: 12.9716 + north * 0.0001, lng: 77.5946 });

function setup({ heartbeatWhile }: { heartbeatWhile?: () => boolean } = {}) {
  let time = 1_000_000;
  const writes: Array<{ at: number; position: LatLng }> = [];
  const timers: Array<{ due: number; callback: () => void; cancelled: boolean }> = [];
  const throttle = createWriteThrottle({
    write: (position) => writes.push({ at: time, position }),
    heartbeatWhile,
    now: () => time,
    setTimer: (callback, ms) => {
      const timer = { due: time + ms, callback, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
  });
  /** Moves the clock, firing timers that fall due. */
  const advance = (ms: number) => {
    const end = time + ms;
    for (;;) {
      const next = timers.filter((t) => !t.cancelled && t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      time = next.due;
      next.cancelled = true;
      next.callback();
    }
    time = end;
  };
  return { throttle, writes, advance, pendingTimers: () => timers.filter((t) => !t.cancelled).length };
}

describe('the position write throttle', () => {
  it('writes the first position at once', () => {
    const { throttle, writes } = setup();
    expect(throttle.offer(at(0))).toBe('written');
    expect(writes).toHaveLength(1);
  });

  it('writes at most once every 2 seconds, however often the device reports', () => {
    const { throttle, writes, advance } = setup();
    // A position every 100 ms for 10 s, each 11 m further north.
    for (let i = 0; i < 100; i++) {
      throttle.offer(at(i));
      advance(100);
    }
    advance(2000);
    expect(writes.length).toBeGreaterThanOrEqual(5);
    expect(writes.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < writes.length; i++) expect(writes[i].at - writes[i - 1].at).toBeGreaterThanOrEqual(WRITE_INTERVAL_MS);
    // The last position reported is the last written: the map ends where the provider is.
    expect(writes.at(-1)!.position).toEqual(at(99));
  });

  it('a move that comes too soon is written when the 2 seconds are over, never later', () => {
    const { throttle, writes, advance } = setup();
    throttle.offer(at(0));
    advance(500);
    expect(throttle.offer(at(5))).toBe('scheduled');
    expect(writes).toHaveLength(1);
    advance(1499);
    expect(writes).toHaveLength(1);
    advance(1);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual({ at: writes[0].at + 2000, position: at(5) });
  });

  it('writes nothing new while the provider stands still or only jitters (less than 10 m); once a minute, where they are', () => {
    const { throttle, writes, advance } = setup();
    throttle.offer(at(0));
    const jitter = (i: number): LatLng => ({ lat: 12.9716 + (i % 2 ? 0.00003 : -0.00003), lng: 77.5946 });
    for (let i = 0; i < 19; i++) {
      advance(3000);
      expect(throttle.offer(jitter(i))).toBe('ignored');
    }
    expect(writes).toHaveLength(1);
    advance(3000);
    // The heartbeat: the device's latest position, a minute after the last write.
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual({ at: writes[0].at + HEARTBEAT_MS, position: jitter(18) });
    advance(HEARTBEAT_MS);
    expect(writes).toHaveLength(3);
  });

  it('the heartbeat waits while the device gives no positions (denied, unavailable, the page hidden), then goes on', () => {
    let deviceGivesPositions = true;
    const { throttle, writes, advance } = setup({ heartbeatWhile: () => deviceGivesPositions });
    throttle.offer(at(0));
    deviceGivesPositions = false;
    advance(HEARTBEAT_MS * 3);
    expect(writes).toHaveLength(1);
    deviceGivesPositions = true;
    advance(HEARTBEAT_MS);
    expect(writes).toHaveLength(2);
  });

  it('a move resets the heartbeat; once stopped, nothing is written again', () => {
    const { throttle, writes, advance, pendingTimers } = setup();
    throttle.offer(at(0));
    advance(HEARTBEAT_MS - 1000);
    throttle.offer(at(5));
    advance(HEARTBEAT_MS - 1000);
    expect(writes.map((w) => w.position)).toEqual([at(0), at(5)]);
    throttle.stop();
    expect(pendingTimers()).toBe(0);
    advance(HEARTBEAT_MS * 3);
    expect(writes).toHaveLength(2);
  });

  it('a scheduled write is dropped when the provider comes back to the last written place', () => {
    const { throttle, writes, advance, pendingTimers } = setup();
    throttle.offer(at(0));
    advance(200);
    throttle.offer(at(3));
    advance(200);
    throttle.offer(at(0));
    expect(pendingTimers()).toBe(1); // the heartbeat only
    advance(5000);
    expect(writes).toHaveLength(1);
  });

  it('writes again after a failed write (forget), still no sooner than 2 s', () => {
    const { throttle, writes, advance } = setup();
    throttle.offer(at(0));
    throttle.forget();
    advance(100);
    expect(throttle.offer(at(0))).toBe('scheduled');
    advance(1900);
    expect(writes).toHaveLength(2);
  });

  it('takes nothing after stop, and a scheduled write is cancelled', () => {
    const { throttle, writes, advance } = setup();
    throttle.offer(at(0));
    throttle.offer(at(5));
    throttle.stop();
    advance(10_000);
    expect(throttle.offer(at(50))).toBe('ignored');
    expect(writes).toHaveLength(1);
  });

  it('its rules as functions', () => {
    expect(MIN_MOVE_METERS).toBe(10);
    expect(movedNoticeably(null, at(0))).toBe(true);
    expect(movedNoticeably(at(0), at(1))).toBe(true);
    expect(movedNoticeably(at(0), { lat: 12.97165, lng: 77.5946 })).toBe(false);
    expect(waitBeforeWrite(null, 5)).toBe(0);
    expect(waitBeforeWrite(1000, 1500)).toBe(1500);
    expect(waitBeforeWrite(1000, 3000)).toBe(0);
  });
});
