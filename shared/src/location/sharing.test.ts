import { browserYielded, deviceId, storeClaim, storeYielded } from './claim';
import {
  CLAIM_AFTER_TOUCH_MS,
  configureLocationSharing,
  getLocationSharing,
  QUIET_AFTER_MS,
  STOPPED_GRACE_MS,
  RECONNECT_AFTER_MS,
  shareLocationNow,
  startLocationSharing,
  stopLocationSharing,
  subscribeLocationSharing,
  type LocationSharingSnapshot,
  SHARING_LOCK,
} from './sharing';
import { fakeGeolocation, fakeLocationBackend, fakePermissions, type FakeGeolocation, type FakeLocationBackend } from './testing';

const provider = { userId: 20, role: 'Provider', token: 'tok-20' };
const customer = { userId: 10, role: 'Customer', token: 'tok-10' };

/** A LockManager with the two calls the sharing makes (ifAvailable, and a queued request with a signal). */
/**
 * A browser's Web Locks for the one lock, as the tabs share it: queued requests (abortable), ifAvailable,
 * and steal (the holder's request rejects with an AbortError and the stealer holds it at once).
 */
function fakeLocks() {
  let holder: { id: symbol; reject: (error: unknown) => void } | null = null;
  const queue: Array<() => void> = [];
  const grant = (
    callback: (lock: Lock | null) => Promise<unknown>,
    resolve: (value: unknown) => void,
    reject: (error: unknown) => void,
  ) => {
    const id = Symbol('lock');
    holder = { id, reject };
    void Promise.resolve(callback({ name: SHARING_LOCK, mode: 'exclusive' }))
      .then(resolve, reject)
      .finally(() => {
        if (holder?.id !== id) return; // stolen meanwhile: the lock is the stealer's
        holder = null;
        queue.shift()?.();
      });
  };
  const locks = {
    request(name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) {
      return new Promise((resolve, reject) => {
        if (options.steal) {
          holder?.reject(new DOMException('stolen', 'AbortError'));
          return grant(callback, resolve, reject);
        }
        if (options.ifAvailable && holder) return void Promise.resolve(callback(null)).then(resolve, reject);
        if (!holder) return grant(callback, resolve, reject);
        const go = () => grant(callback, resolve, reject);
        queue.push(go);
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(go);
          if (i >= 0) queue.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
  return locks as unknown as LockManager;
}

/**
 * Another tab of the browser, as far as the lock goes (the module under test is this tab): it holds the
 * lock, taking it at once with `steal`, until `close()`; `lost()` is the error Web Locks gave it if the
 * lock was taken from it.
 */
function anotherTab(locks: LockManager, { steal = false } = {}) {
  let close = () => undefined as void;
  let lost: DOMException | null = null;
  void locks
    .request(SHARING_LOCK, steal ? { steal: true } : {}, () => new Promise<void>((r) => (close = r)))
    .catch((error: DOMException) => (lost = error));
  return { close: () => close(), lost: () => lost };
}

/** A tab's document as far as its visibility goes; `show` changes it as switching tabs does. */
function fakePage(state: DocumentVisibilityState) {
  const page = Object.assign(new EventTarget(), { visibilityState: state });
  const show = (next: DocumentVisibilityState) => {
    page.visibilityState = next;
    page.dispatchEvent(new Event('visibilitychange'));
  };
  return { page: page as unknown as Document, show };
}

/** This tab was opened in the background (its start does not take the lock from a tab in front). */
const background = () => fakePage('hidden').page;

/** The claim this browser's writes carry. */
const thisDevice = { device: expect.any(String) as string, since: expect.any(Number) as number };

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('location sharing (the one watcher of a browser)', () => {
  let geo: FakeGeolocation;
  let backend: FakeLocationBackend;
  let target: EventTarget;
  let states: LocationSharingSnapshot['state'][];
  let unsubscribe: () => void;

  beforeEach(() => {
    // The location database answers listeners in a microtask, as the SDK does: those are not timers.
    jest.useFakeTimers({ now: Date.UTC(2025, 5, 15, 12, 0, 0), doNotFake: ['queueMicrotask'] });
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    geo = fakeGeolocation();
    backend = fakeLocationBackend();
    target = new EventTarget();
    configureLocationSharing({ geolocation: geo, backend, locks: null, target });
    states = [];
    unsubscribe = subscribeLocationSharing(() => {
      const { state } = getLocationSharing();
      if (states.at(-1) !== state) states.push(state);
    });
  });
  afterEach(() => {
    stopLocationSharing();
    unsubscribe();
    configureLocationSharing({});
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('a provider signs in: the device position is watched and written, and the state says sharing', async () => {
    startLocationSharing(provider);
    expect(geo.watchCalls).toBe(1);
    expect(getLocationSharing().state).toBe('starting');
    geo.move(12.9716, 77.5946);
    await flush();
    expect(backend.writes).toEqual([{ uid: '20', position: { lat: 12.9716, lng: 77.5946 }, claim: thisDevice }]);
    expect(getLocationSharing()).toMatchObject({
      state: 'sharing',
      position: { lat: 12.9716, lng: 77.5946 },
      lastSentAt: Date.now(),
    });
    expect(states).toEqual(['starting', 'sharing']);
  });

  it('writes are throttled: at most one per 2 s, only on a noticeable move, the latest one last', async () => {
    startLocationSharing(provider);
    geo.move(12.9716, 77.5946);
    await flush();
    geo.move(12.9726, 77.5946);
    geo.move(12.9736, 77.5946);
    await flush();
    expect(backend.writes).toHaveLength(1);
    jest.advanceTimersByTime(2000);
    await flush();
    expect(backend.writes.map((w) => w.position.lat)).toEqual([12.9716, 12.9736]);
    jest.advanceTimersByTime(5000);
    geo.move(12.97361, 77.5946); // about 1 m: jitter
    await flush();
    expect(backend.writes).toHaveLength(2);
  });

  it('the same session started again keeps its one watcher', () => {
    startLocationSharing(provider);
    startLocationSharing({ ...provider });
    expect(geo.watchCalls).toBe(1);
    expect(geo.activeWatches).toBe(1);
  });

  it('logout stops the watch, closes the connection and writes nothing more', async () => {
    startLocationSharing(provider);
    geo.move(1, 1);
    await flush();
    geo.move(2, 2); // scheduled for later
    stopLocationSharing();
    expect(geo.activeWatches).toBe(0);
    // Its position is marked as the last one first: the customer's map stops calling it live.
    await flush();
    expect(backend.stops).toEqual(['20']);
    expect(backend.connections.every((c) => c.closed)).toBe(true);
    // The mark, heard back, is not written over (nor a connection opened for it: the session is over).
    expect(backend.connections).toHaveLength(1);
    jest.advanceTimersByTime(10_000);
    await flush();
    expect(backend.writes).toHaveLength(1);
    expect(getLocationSharing().state).toBe('off');
  });

  it('a customer session watches nothing and writes nothing (and ends a provider session in the same tab)', async () => {
    startLocationSharing(customer);
    expect(geo.watchCalls).toBe(0);
    expect(getLocationSharing().state).toBe('off');

    startLocationSharing(provider);
    expect(geo.activeWatches).toBe(1);
    startLocationSharing(customer);
    expect(geo.activeWatches).toBe(0);
    geo.move(3, 3);
    await flush();
    expect(backend.writes).toEqual([]);
  });

  it('a new sign-in (another token) replaces the watcher instead of adding one', () => {
    startLocationSharing(provider);
    startLocationSharing({ ...provider, token: 'tok-20-b' });
    expect(geo.watchCalls).toBe(2);
    expect(geo.activeWatches).toBe(1);
  });

  it('a denied permission: state denied, no second request, no retry, nothing written, nothing thrown', async () => {
    startLocationSharing(provider);
    expect(() => geo.fail(1)).not.toThrow();
    expect(getLocationSharing().state).toBe('denied');
    jest.advanceTimersByTime(10 * 60_000);
    await flush();
    expect(geo.watchCalls).toBe(1);
    expect(geo.activeWatches).toBe(0);
    expect(backend.connections).toHaveLength(0);
    expect(getLocationSharing().state).toBe('denied');
  });

  describe('the geolocation permission (the browser asks only when the provider presses Share location)', () => {
    it('not asked yet: nothing is watched at sign-in, state ask; Share location starts the watch', async () => {
      const { permissions } = fakePermissions('prompt');
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, permissions });
      startLocationSharing(provider);
      await flush();
      expect(getLocationSharing().state).toBe('ask');
      expect(geo.watchCalls).toBe(0);
      shareLocationNow();
      expect(geo.watchCalls).toBe(1);
      geo.move(4, 4);
      await flush();
      expect(getLocationSharing().state).toBe('sharing');
    });

    it('is asked once, at the start, while another tab holds the lock; not asked yet, that tab shares nothing either', async () => {
      const locks = fakeLocks();
      const firstTab = anotherTab(locks);
      const { permissions } = fakePermissions('prompt');
      const query = jest.spyOn(permissions, 'query');
      configureLocationSharing({ geolocation: geo, backend, locks, target, permissions, page: background() });
      startLocationSharing(provider);
      expect(query).toHaveBeenCalledTimes(1);
      await flush();
      expect(getLocationSharing().state).toBe('ask');
      firstTab.close();
      await flush();
      expect(getLocationSharing().state).toBe('ask');
      expect(query).toHaveBeenCalledTimes(1);
    });

    describe('while another tab holds the lock, this tab says that tab shares only when the site may locate', () => {
      let firstTab: ReturnType<typeof anotherTab>;
      /** This tab starts while "the other tab" (a holder standing in for it) holds the lock. */
      const startWith = async (permission: PermissionState) => {
        const locks = fakeLocks();
        firstTab = anotherTab(locks);
        const fake = fakePermissions(permission);
        configureLocationSharing({ geolocation: geo, backend, locks, target, permissions: fake.permissions, page: background() });
        startLocationSharing(provider);
        await flush();
        return fake;
      };

      it('granted: Sharing location (another tab); taken away later, denied', async () => {
        const { set } = await startWith('granted');
        expect(getLocationSharing().state).toBe('elsewhere');
        set('denied');
        expect(getLocationSharing().state).toBe('denied');
        expect(geo.watchCalls).toBe(0);
      });

      it('denied: denied, as in the tab holding the lock', async () => {
        await startWith('denied');
        expect(getLocationSharing().state).toBe('denied');
        expect(geo.watchCalls).toBe(0);
      });

      it('not asked yet: ask; Share location here makes the browser ask here, and once allowed that tab shares', async () => {
        const { set } = await startWith('prompt');
        expect(getLocationSharing().state).toBe('ask');
        const asked = jest.fn();
        geo.getCurrentPosition = asked;
        shareLocationNow();
        expect(asked).toHaveBeenCalledTimes(1);
        expect(geo.watchCalls).toBe(0);
        set('granted');
        expect(getLocationSharing().state).toBe('elsewhere');
        firstTab.close();
        await flush();
        expect(geo.watchCalls).toBe(1);
        expect(getLocationSharing().state).toBe('starting');
      });
    });

    it('a browser that throws at the question (it does not know the permission): watched at once', async () => {
      const permissions = {
        query: () => {
          throw new TypeError("'geolocation' is not a valid enum value");
        },
      };
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, permissions });
      expect(() => startLocationSharing(provider)).not.toThrow();
      await flush();
      expect(geo.watchCalls).toBe(1);
    });

    it('granted: watched at once, without a click', async () => {
      configureLocationSharing({
        geolocation: geo,
        backend,
        locks: null,
        target,
        permissions: fakePermissions('granted').permissions,
      });
      startLocationSharing(provider);
      await flush();
      expect(geo.watchCalls).toBe(1);
    });

    it('denied: state denied without asking; allowed later in the site settings, the watch starts', async () => {
      const { permissions, set } = fakePermissions('denied');
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, permissions });
      startLocationSharing(provider);
      await flush();
      expect(getLocationSharing().state).toBe('denied');
      expect(geo.watchCalls).toBe(0);
      shareLocationNow();
      expect(geo.watchCalls).toBe(0);
      set('granted');
      expect(geo.watchCalls).toBe(1);
      expect(getLocationSharing().state).toBe('starting');
    });

    it('logout while waiting: a later answer starts nothing', async () => {
      const { permissions, set } = fakePermissions('prompt');
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, permissions });
      startLocationSharing(provider);
      await flush();
      stopLocationSharing();
      set('granted');
      shareLocationNow();
      expect(geo.watchCalls).toBe(0);
      expect(getLocationSharing().state).toBe('off');
    });
  });

  it('no device position: state unavailable until one comes, then sharing', async () => {
    startLocationSharing(provider);
    geo.fail(2);
    expect(getLocationSharing().state).toBe('unavailable');
    geo.move(4, 4);
    await flush();
    expect(getLocationSharing().state).toBe('sharing');
  });

  it('a browser without geolocation: unsupported, nothing crashes', () => {
    configureLocationSharing({ geolocation: null, backend, locks: null, target });
    expect(() => startLocationSharing(provider)).not.toThrow();
    expect(getLocationSharing().state).toBe('unsupported');
  });

  it('the location service unreachable: state error, and no reconnection loop (once per 30 s, on a new position)', async () => {
    backend.failConnect();
    startLocationSharing(provider);
    geo.move(1, 1);
    await flush();
    expect(getLocationSharing().state).toBe('error');
    jest.advanceTimersByTime(5000);
    geo.move(1.01, 1);
    await flush();
    jest.advanceTimersByTime(5000);
    await flush();
    // Nothing more was attempted without a position, and not again before 30 s.
    backend.failConnect(null);
    expect(backend.connections).toHaveLength(0);
    jest.advanceTimersByTime(RECONNECT_AFTER_MS);
    geo.move(1.02, 1);
    await flush();
    expect(backend.connections).toHaveLength(1);
    expect(getLocationSharing().state).toBe('sharing');
  });

  it('a refused write: state error, and the next position is written again on a new connection', async () => {
    startLocationSharing(provider);
    backend.failWrites(Object.assign(new Error('PERMISSION_DENIED: Permission denied'), { code: 'PERMISSION_DENIED' }));
    geo.move(1, 1);
    await flush();
    expect(getLocationSharing().state).toBe('error');
    backend.failWrites(null);
    jest.advanceTimersByTime(2000);
    geo.move(1, 1); // the same place: written again since the last write failed
    await flush();
    expect(backend.writes).toHaveLength(1);
    expect(backend.connections).toHaveLength(2);
    expect(backend.connections[0].closed).toBe(true);
    expect(getLocationSharing().state).toBe('sharing');
  });

  it('location turned off while sharing: the last place is not written again as if live, and the provider is told', async () => {
    configureLocationSharing({ geolocation: geo, backend, locks: null, target });
    startLocationSharing(provider);
    geo.move(1, 1);
    await flush();
    expect(backend.writes).toHaveLength(1);
    geo.fail(2);
    await flush();
    jest.advanceTimersByTime(3 * 60_000);
    await flush();
    expect(backend.writes).toHaveLength(1);
    expect(getLocationSharing().state).toBe('unavailable');
  });

  it('renews the connection (a new token) before the embedded token expires', async () => {
    const soon = fakeLocationBackend({ expiresAt: Date.now() + 10 * 60_000 });
    configureLocationSharing({ geolocation: geo, backend: soon, locks: null, target });
    startLocationSharing(provider);
    geo.move(1, 1);
    await flush();
    expect(soon.connections).toHaveLength(1);
    jest.advanceTimersByTime(6 * 60_000);
    geo.move(2, 2);
    await flush();
    expect(soon.connections).toHaveLength(2);
    expect(soon.connections[0].closed).toBe(true);
    // Standing still meanwhile, the provider's place was written once a minute (the heartbeat); the move after it too.
    jest.advanceTimersByTime(2000);
    await flush();
    expect(soon.writes.map((w) => w.position)).toEqual([
      ...Array.from({ length: 7 }, () => ({ lat: 1, lng: 1 })),
      { lat: 2, lng: 2 },
    ]);
  });

  it('closing the tab (pagehide) stops writing; coming back from the back/forward cache starts again', async () => {
    startLocationSharing(provider);
    geo.move(1, 1);
    await flush();
    target.dispatchEvent(new Event('pagehide'));
    expect(geo.activeWatches).toBe(0);
    expect(getLocationSharing().state).toBe('off');
    const show = Object.assign(new Event('pageshow'), { persisted: true });
    target.dispatchEvent(show);
    expect(geo.activeWatches).toBe(1);
  });

  it('one watcher per browser: a second tab waits for the lock and takes over when the first one stops', async () => {
    const locks = fakeLocks();
    const geo2 = fakeGeolocation();
    // Two tabs share the browser's locks; the module is per tab, so the second tab is this test's
    // second start after the first tab's lock is taken by a holder standing in for it.
    const firstTab = anotherTab(locks);
    configureLocationSharing({ geolocation: geo2, backend, locks, target, page: background() });
    startLocationSharing(provider);
    await flush();
    expect(getLocationSharing().state).toBe('elsewhere');
    expect(geo2.watchCalls).toBe(0);
    firstTab.close();
    await flush();
    expect(geo2.watchCalls).toBe(1);
    expect(getLocationSharing().state).toBe('starting');
    stopLocationSharing();
    await flush();
    expect(geo2.activeWatches).toBe(0);
  });

  it('a tab waiting for the lock stops waiting at logout', async () => {
    const locks = fakeLocks();
    anotherTab(locks);
    configureLocationSharing({ geolocation: geo, backend, locks, target, page: background() });
    startLocationSharing(provider);
    await flush();
    expect(getLocationSharing().state).toBe('elsewhere');
    stopLocationSharing();
    await flush();
    expect(getLocationSharing().state).toBe('off');
    expect(geo.watchCalls).toBe(0);
  });

  describe('the tab the provider looks at shares (a browser gives a hidden tab no positions)', () => {
    it('a tab opened in front takes the watch at once from the tab left behind', async () => {
      const locks = fakeLocks();
      const firstTab = anotherTab(locks);
      configureLocationSharing({ geolocation: geo, backend, locks, target, page: fakePage('visible').page });
      startLocationSharing(provider);
      await flush();
      expect(firstTab.lost()).toMatchObject({ name: 'AbortError' });
      expect(geo.activeWatches).toBe(1);
      geo.move(1, 1);
      await flush();
      expect(getLocationSharing().state).toBe('sharing');
      expect(states).not.toContain('elsewhere');
    });

    it('a tab that loses the lock stops watching and says another tab shares; it takes the watch back when shown again, or when that tab closes', async () => {
      const locks = fakeLocks();
      const { page, show } = fakePage('visible');
      configureLocationSharing({ geolocation: geo, backend, locks, target, page });
      startLocationSharing(provider);
      geo.move(1, 1);
      await flush();
      expect(getLocationSharing().state).toBe('sharing');

      // The provider opens the job from an e-mail in a new tab (a stand-in takes the lock as that tab would).
      show('hidden');
      const otherTab = anotherTab(locks, { steal: true });
      await flush();
      expect(geo.activeWatches).toBe(0);
      expect(getLocationSharing().state).toBe('elsewhere');
      expect(backend.connections.every((c) => c.closed)).toBe(true);

      // That tab is closed: this one, still in the background, takes over from the queue.
      otherTab.close();
      await flush();
      expect(geo.activeWatches).toBe(1);

      // Another tab takes it again; the provider turns back to this one: it takes the watch back.
      const thirdTab = anotherTab(locks, { steal: true });
      await flush();
      expect(geo.activeWatches).toBe(0);
      show('visible');
      await flush();
      expect(thirdTab.lost()).toMatchObject({ name: 'AbortError' });
      expect(geo.activeWatches).toBe(1);
      geo.move(2, 2);
      await flush();
      expect(getLocationSharing().state).toBe('sharing');
      expect(backend.writes.at(-1)).toMatchObject({ uid: '20', position: { lat: 2, lng: 2 } });
    });

    it('a tab opened in the background that found the lock free gives it up too when a tab opened in front takes it', async () => {
      const locks = fakeLocks();
      configureLocationSharing({ geolocation: geo, backend, locks, target, page: background() });
      startLocationSharing(provider);
      await flush();
      expect(geo.activeWatches).toBe(1);
      const otherTab = anotherTab(locks, { steal: true });
      await flush();
      expect(geo.activeWatches).toBe(0);
      expect(getLocationSharing().state).toBe('elsewhere');
      otherTab.close();
      await flush();
      expect(geo.activeWatches).toBe(1);
    });

    it('shown again while it holds the lock, a tab keeps its watch (no second watch, no new request)', async () => {
      const locks = fakeLocks();
      const request = jest.spyOn(locks, 'request');
      const { page, show } = fakePage('visible');
      configureLocationSharing({ geolocation: geo, backend, locks, target, page });
      startLocationSharing(provider);
      await flush();
      show('hidden');
      show('visible');
      await flush();
      expect(request).toHaveBeenCalledTimes(1);
      expect(geo.watchCalls).toBe(1);
    });
  });

  it("closing the browser's prompt without answering goes back to ask (Share location asks again), not to blocked", async () => {
    const { permissions } = fakePermissions('prompt');
    configureLocationSharing({ geolocation: geo, backend, locks: null, target, permissions });
    startLocationSharing(provider);
    await flush();
    shareLocationNow();
    geo.fail(1); // the prompt closed: the browser answers PERMISSION_DENIED, the permission is still 'prompt'
    await flush();
    expect(getLocationSharing().state).toBe('ask');
    shareLocationNow();
    expect(geo.watchCalls).toBe(2);
    geo.move(3, 3);
    await flush();
    expect(getLocationSharing().state).toBe('sharing');
  });

  it('back from a spell without a position, the next one is written even if the provider has not moved', async () => {
    startLocationSharing(provider);
    geo.move(4, 4);
    await flush();
    expect(backend.writes).toHaveLength(1);
    jest.advanceTimersByTime(60_000);
    geo.fail(2);
    expect(getLocationSharing().state).toBe('unavailable');
    geo.move(4, 4);
    await flush();
    expect(backend.writes).toHaveLength(2);
    expect(getLocationSharing().state).toBe('sharing');
  });

  describe('one device at a time (a provider signed in on a phone and a laptop)', () => {
    /** What another device of the same provider writes to their node, its claim made `ago` ms before now. */
    const otherDevice = (lat: number, sinceAgo: number, device = 'laptop') => ({
      lat,
      lng: lat,
      updatedAt: Date.now(),
      device,
      since: Date.now() - sinceAgo,
    });
    const lastClaim = () => backend.writes.at(-1)?.claim;
    /** This device starts sharing and writes its first position (1, 1). */
    const shareFromHere = async () => {
      startLocationSharing(provider);
      geo.move(1, 1);
      await flush();
    };

    it('a device whose claim is newer shares: this one writes nothing more and says so, though its positions go on', async () => {
      await shareFromHere();
      expect(backend.writes).toHaveLength(1);
      jest.advanceTimersByTime(5_000);
      backend.emit(20, otherDevice(9, 0));
      expect(getLocationSharing().state).toBe('other-device');
      geo.move(2, 2);
      jest.advanceTimersByTime(QUIET_AFTER_MS - 1_000);
      geo.move(3, 3);
      await flush();
      expect(backend.writes).toHaveLength(1);
      expect(getLocationSharing().position).toMatchObject({ lat: 3, lng: 3 });
      expect(getLocationSharing().state).toBe('other-device');
    });

    it('a device whose claim is older, or a browser that sends no claim, is written over at once', async () => {
      await shareFromHere();
      backend.emit(20, otherDevice(9, 60_000));
      await flush();
      expect(backend.writes).toHaveLength(2);
      expect(backend.writes[1].position).toEqual({ lat: 1, lng: 1 });
      backend.emit(20, { lat: 8, lng: 8, updatedAt: Date.now() });
      await flush();
      expect(backend.writes).toHaveLength(3);
      expect(getLocationSharing().state).toBe('sharing');
    });

    it('the device that shares goes quiet: this one claims anew and writes its position', async () => {
      await shareFromHere();
      backend.emit(20, otherDevice(9, 0));
      const theirs = Date.now();
      jest.advanceTimersByTime(QUIET_AFTER_MS - 1_000);
      await flush();
      expect(backend.writes).toHaveLength(1);
      jest.advanceTimersByTime(1_000);
      await flush();
      expect(backend.writes).toHaveLength(2);
      expect(lastClaim()!.since).toBeGreaterThan(theirs);
      expect(getLocationSharing().state).toBe('sharing');
    });

    it('each write of the device that shares puts off taking over', async () => {
      await shareFromHere();
      const laptop = otherDevice(9, 0);
      backend.emit(20, laptop);
      jest.advanceTimersByTime(QUIET_AFTER_MS - 1_000);
      backend.emit(20, { ...laptop, updatedAt: Date.now() }); // its heartbeat
      jest.advanceTimersByTime(QUIET_AFTER_MS - 1_000);
      await flush();
      expect(backend.writes).toHaveLength(1);
      expect(getLocationSharing().state).toBe('other-device');
    });

    it('the provider touches this device: it shares again, with a claim newer than the other one', async () => {
      await shareFromHere();
      backend.emit(20, otherDevice(9, 0));
      jest.advanceTimersByTime(3_000);
      target.dispatchEvent(new Event('pointerdown'));
      await flush();
      expect(backend.writes).toHaveLength(1);
      jest.advanceTimersByTime(CLAIM_AFTER_TOUCH_MS);
      await flush();
      expect(backend.writes).toHaveLength(2);
      expect(backend.writes[1].position).toEqual({ lat: 1, lng: 1 });
      expect(lastClaim()!.since).toBe(Date.now());
      expect(getLocationSharing().state).toBe('sharing');
      // Its write is heard back: this device goes on sharing, and the other device, hearing it, stops.
      jest.advanceTimersByTime(10_000);
      geo.move(2, 2);
      await flush();
      expect(backend.writes).toHaveLength(3);
    });

    it('pressing Logout on the device that lets another share takes nothing over on its way out', async () => {
      await shareFromHere();
      backend.emit(20, otherDevice(9, 0));
      target.dispatchEvent(new Event('pointerdown'));
      stopLocationSharing();
      jest.advanceTimersByTime(CLAIM_AFTER_TOUCH_MS * 2);
      await flush();
      expect(backend.writes).toHaveLength(1);
      expect(backend.stops).toEqual([]);
    });

    it('a touch while this device shares changes nothing (no extra write, no new claim)', async () => {
      await shareFromHere();
      const claim = lastClaim();
      jest.advanceTimersByTime(3_000);
      target.dispatchEvent(new Event('keydown'));
      await flush();
      expect(backend.writes).toHaveLength(1);
      geo.move(2, 2);
      await flush();
      expect(lastClaim()).toEqual(claim);
    });

    it('the provider turns to this tab again: it shares again', async () => {
      const { page, show } = fakePage('hidden');
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, page });
      await shareFromHere();
      backend.emit(20, otherDevice(9, 0));
      expect(getLocationSharing().state).toBe('other-device');
      show('visible');
      await flush();
      expect(backend.writes).toHaveLength(2);
      expect(getLocationSharing().state).toBe('sharing');
    });

    it("a tab taking the watch over continues this browser's claim: it writes nothing over a device claimed since", async () => {
      storeClaim(20, { device: 'this-browser', since: Date.now() - 60_000 });
      backend.emit(20, otherDevice(9, 30_000));
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, page: background() });
      await shareFromHere();
      await flush();
      expect(backend.writes).toHaveLength(0);
      expect(getLocationSharing().state).toBe('other-device');
    });

    it("a tab opened in front claims anew, whatever this browser's earlier claim", async () => {
      storeClaim(20, { device: 'this-browser', since: Date.now() - 60_000 });
      backend.emit(20, otherDevice(9, 30_000));
      configureLocationSharing({ geolocation: geo, backend, locks: null, target, page: fakePage('visible').page });
      await shareFromHere();
      expect(backend.writes).toHaveLength(1);
      expect(lastClaim()!.since).toBe(Date.now());
      expect(getLocationSharing().state).toBe('sharing');
    });

    it('the device that shares stops (its position marked as the last one): this one shares a moment later', async () => {
      await shareFromHere();
      const laptop = otherDevice(9, 0);
      backend.emit(20, laptop);
      expect(getLocationSharing().state).toBe('other-device');
      jest.advanceTimersByTime(5_000);
      backend.emit(20, { ...laptop, stopped: true });
      jest.advanceTimersByTime(STOPPED_GRACE_MS - 1);
      await flush();
      expect(backend.writes).toHaveLength(1);
      jest.advanceTimersByTime(1);
      await flush();
      expect(backend.writes).toHaveLength(2);
      expect(getLocationSharing().state).toBe('sharing');
    });

    it('the device that shares reloads, or another tab of its browser takes over: this one stays quiet, the pin does not jump', async () => {
      await shareFromHere();
      const laptop = otherDevice(9, 0);
      backend.emit(20, laptop);
      jest.advanceTimersByTime(5_000);
      backend.emit(20, { ...laptop, stopped: true });
      jest.advanceTimersByTime(1_000);
      backend.emit(20, { ...laptop, lat: 9.5, updatedAt: Date.now() }); // the laptop's tab that took over
      jest.advanceTimersByTime(STOPPED_GRACE_MS * 2);
      await flush();
      expect(backend.writes).toHaveLength(1);
      expect(getLocationSharing().state).toBe('other-device');
    });

    it('a device that lets another one share marks nothing when it stops', async () => {
      await shareFromHere();
      backend.emit(20, otherDevice(9, 0));
      stopLocationSharing();
      await flush();
      expect(backend.stops).toEqual([]);
      expect(backend.connections.every((c) => c.closed)).toBe(true);
    });

    it('closing the tab that shares marks its position as the last one; a refused mark still closes the connection', async () => {
      await shareFromHere();
      target.dispatchEvent(new Event('pagehide'));
      await flush();
      expect(backend.stops).toEqual(['20']);
      target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
      geo.move(1, 1);
      await flush();
      expect(backend.writes).toHaveLength(2);
      backend.failWrites(new Error('Network Error'));
      target.dispatchEvent(new Event('pagehide'));
      await flush();
      expect(backend.stops).toEqual(['20']);
      expect(backend.connections.every((c) => c.closed)).toBe(true);
    });

    it('logout while another device shares: nothing is written later, when that device goes quiet', async () => {
      await shareFromHere();
      backend.emit(20, otherDevice(9, 0));
      stopLocationSharing();
      jest.advanceTimersByTime(2 * QUIET_AFTER_MS);
      await flush();
      expect(backend.writes).toHaveLength(1);
      expect(getLocationSharing().state).toBe('off');
    });

    describe("the browser's other tabs (they do not hold the watch)", () => {
      const yieldedChanged = () => target.dispatchEvent(new StorageEvent('storage', { key: 'marketplace-location-yielded' }));

      it('the tab holding the watch tells them when it lets another device share, and when it shares again', async () => {
        await shareFromHere();
        expect(browserYielded(20)).toBe(false);
        backend.emit(20, otherDevice(9, 0));
        expect(browserYielded(20)).toBe(true);
        target.dispatchEvent(new Event('pointerdown'));
        jest.advanceTimersByTime(CLAIM_AFTER_TOUCH_MS);
        await flush();
        expect(getLocationSharing().state).toBe('sharing');
        expect(browserYielded(20)).toBe(false);
      });

      it('a tab without the watch says another device shares while the tab holding it lets one share', async () => {
        const locks = fakeLocks();
        anotherTab(locks);
        storeYielded(20, true);
        configureLocationSharing({ geolocation: geo, backend, locks, target, page: background() });
        startLocationSharing(provider);
        await flush();
        expect(getLocationSharing().state).toBe('other-device');
        storeYielded(20, false);
        yieldedChanged();
        expect(getLocationSharing().state).toBe('elsewhere');
        storeYielded(21, true); // another provider signed in on this browser since says nothing of this one
        yieldedChanged();
        expect(getLocationSharing().state).toBe('elsewhere');
        storeYielded(20, true);
        yieldedChanged();
        expect(getLocationSharing().state).toBe('other-device');
      });

      it('a press in such a tab takes the watch, and the sharing for this device with a new claim', async () => {
        const locks = fakeLocks();
        const holder = anotherTab(locks);
        storeYielded(20, true);
        storeClaim(20, { device: 'this-browser-earlier', since: Date.now() - 60_000 });
        configureLocationSharing({ geolocation: geo, backend, locks, target, page: background() });
        startLocationSharing(provider);
        await flush();
        target.dispatchEvent(new Event('pointerdown'));
        jest.advanceTimersByTime(CLAIM_AFTER_TOUCH_MS - 1);
        await flush();
        expect(holder.lost()).toBeNull();
        jest.advanceTimersByTime(1);
        await flush();
        expect(holder.lost()).toMatchObject({ name: 'AbortError' });
        expect(geo.activeWatches).toBe(1);
        geo.move(4, 4);
        await flush();
        expect(backend.writes).toEqual([
          { uid: '20', position: { lat: 4, lng: 4 }, claim: { device: deviceId(), since: Date.now() } },
        ]);
        expect(getLocationSharing().state).toBe('sharing');
        expect(browserYielded(20)).toBe(false);
      });

      it('a press in a tab while another tab of this browser shares takes nothing, nor one pressed on its way out (Logout)', async () => {
        const locks = fakeLocks();
        const holder = anotherTab(locks);
        configureLocationSharing({ geolocation: geo, backend, locks, target, page: background() });
        startLocationSharing(provider);
        await flush();
        target.dispatchEvent(new Event('pointerdown'));
        jest.advanceTimersByTime(2 * CLAIM_AFTER_TOUCH_MS);
        await flush();
        expect(holder.lost()).toBeNull();
        expect(getLocationSharing().state).toBe('elsewhere');

        storeYielded(20, true);
        yieldedChanged();
        target.dispatchEvent(new Event('pointerdown'));
        stopLocationSharing();
        jest.advanceTimersByTime(2 * CLAIM_AFTER_TOUCH_MS);
        await flush();
        expect(holder.lost()).toBeNull();
        expect(geo.watchCalls).toBe(0);
      });
    });
  });
});
