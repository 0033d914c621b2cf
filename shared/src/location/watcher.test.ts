import { createPositionWatcher, WATCH_OPTIONS, type WatchStatus } from './watcher';
import { fakeGeolocation } from './testing';

function setup(geolocation: Geolocation | null = fakeGeolocation()) {
  const statuses: WatchStatus[] = [];
  const positions: Array<{ lat: number; lng: number }> = [];
  const watcher = createPositionWatcher({
    geolocation,
    onStatus: (s) => statuses.push(s),
    onPosition: ({ lat, lng }) => positions.push({ lat, lng }),
  });
  return { watcher, statuses, positions };
}

describe('the position watcher', () => {
  it('watches with high accuracy and reports positions', () => {
    const geo = fakeGeolocation();
    const { watcher, statuses, positions } = setup(geo);
    watcher.start();
    expect(geo.watchCalls).toBe(1);
    expect(geo.lastOptions).toEqual(WATCH_OPTIONS);
    expect(geo.lastOptions?.enableHighAccuracy).toBe(true);
    geo.move(12.9716, 77.5946);
    expect(statuses).toEqual(['starting', 'active']);
    expect(positions).toEqual([{ lat: 12.9716, lng: 77.5946 }]);
  });

  it('starts one watch only, and stop clears it', () => {
    const geo = fakeGeolocation();
    const { watcher, positions } = setup(geo);
    watcher.start();
    watcher.start();
    expect(geo.watchCalls).toBe(1);
    watcher.stop();
    expect(geo.activeWatches).toBe(0);
    geo.move(1, 1);
    expect(positions).toEqual([]);
  });

  it('a denied permission ends the watch and is not asked again', () => {
    const geo = fakeGeolocation();
    const { watcher, statuses } = setup(geo);
    watcher.start();
    geo.fail(1);
    expect(statuses).toEqual(['starting', 'denied']);
    expect(geo.activeWatches).toBe(0);
    expect(geo.watchCalls).toBe(1);
    expect(watcher.status).toBe('denied');
  });

  it('no position (unavailable, timeout) keeps the browser watch, and a later position brings it back', () => {
    const geo = fakeGeolocation();
    const { watcher, statuses, positions } = setup(geo);
    watcher.start();
    geo.fail(2);
    geo.fail(3);
    expect(statuses).toEqual(['starting', 'unavailable']);
    expect(geo.activeWatches).toBe(1);
    expect(geo.watchCalls).toBe(1);
    geo.move(5, 6);
    expect(statuses.at(-1)).toBe('active');
    expect(positions).toHaveLength(1);
  });

  it('a browser without geolocation says so, without crashing', () => {
    const { watcher, statuses } = setup(null);
    expect(() => watcher.start()).not.toThrow();
    expect(statuses).toEqual(['unsupported']);
  });

  it('a browser whose watchPosition throws (insecure context) is unsupported too', () => {
    const geo = {
      ...fakeGeolocation(),
      watchPosition: () => {
        throw new Error('insecure');
      },
    } as unknown as Geolocation;
    const { watcher, statuses } = setup(geo);
    watcher.start();
    expect(statuses).toEqual(['starting', 'unsupported']);
  });
});
