/**
 * Location sharing: the one position watcher of a browser (issue 10, items 1 to 3; docs/architecture.md,
 * 'What is shared, and how': `location/`).
 *
 * The contract: the shell calls `startLocationSharing({ userId, role, token })` while a session is
 * signed in and `stopLocationSharing()` when it ends; screens never start a watcher, they only read
 * `useLocationSharing()`. For a Provider it watches the device's position and writes it, throttled,
 * through the location backend (the firebase SDK); for anyone else it does nothing. It stops at
 * logout, for a customer session and when the tab is closed (pagehide).
 *
 * One watcher per browser: the tabs of a browser take turns through a Web Lock; the tab holding it
 * watches and writes, the others say that another tab shares (or, when the site may not locate, what
 * the tab holding it says too), and one of them takes over when that tab closes. The tab the provider
 * turns to (or opens in front) takes the lock at once: a browser gives a hidden tab no positions, so a
 * tab left in the background would otherwise keep the watch and share nothing.
 *
 * One device at a time (./claim): the tab holding the lock listens to the provider's own node; when a
 * newer claim of another device the provider is signed in on writes there, this one stops writing (it
 * says so) until the provider turns to it or touches it, or that device goes quiet.
 */
import {
  getLocationBackend,
  isPermissionDenied,
  type LocationBackend,
  type LocationConnection,
  type OwnPosition,
} from './backend';
import {
  browserYielded,
  deviceId,
  isNewerClaim,
  storeClaim,
  storedClaim,
  storeYielded,
  YIELDED_KEY,
  type SharingClaim,
} from './claim';
import type { LatLng } from './geo';
import { createWriteThrottle, DEFAULT_THROTTLE, HEARTBEAT_MS, type ThrottleRules, type WriteThrottle } from './throttle';
import {
  createPositionWatcher,
  defaultGeolocation,
  type DevicePosition,
  type PositionWatcher,
  type WatchStatus,
} from './watcher';

export type SharingState =
  /** Not a provider, or signed out. */
  | 'off'
  /** Waiting for the permission, the first position or the first write. */
  | 'starting'
  /**
   * The browser would ask for the permission: sharing waits for the provider to turn it on
   * (`shareLocationNow()` from a click), so the prompt answers their gesture, not the page load.
   */
  | 'ask'
  /** The last position was written. */
  | 'sharing'
  /** Another tab of this browser shares (it holds the lock, and the site may locate). */
  | 'elsewhere'
  /** Another device the provider is signed in on shares (its claim is newer): this one writes nothing. */
  | 'other-device'
  | 'denied'
  | 'unavailable'
  | 'unsupported'
  /** The position could not be written (location service unreachable or refusing). */
  | 'error';

export interface LocationSharingSnapshot {
  state: SharingState;
  /** This tab's latest device position, when it has one. */
  position: DevicePosition | null;
  /** When the last write was acknowledged (ms). */
  lastSentAt: number | null;
}

/** The session the shell hands over. */
export interface LocationSharingSession {
  userId: number;
  role: string | null | undefined;
  token: string;
}

/** What the sharing uses from the browser and the world; tests replace them. */
export interface LocationSharingDeps {
  geolocation?: Geolocation | null;
  /** navigator.permissions; null (or a browser without it) watches at once. */
  permissions?: Pick<Permissions, 'query'> | null;
  backend?: LocationBackend;
  /** Web Locks (navigator.locks); null runs without (every tab watches). */
  locks?: LockManager | null;
  /** Where pagehide/pageshow are listened to (window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Whether the tab is shown, and where visibilitychange is listened to (document); null: taken as hidden, never stealing. */
  page?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | null;
  now?: () => number;
  throttle?: ThrottleRules;
}

export const SHARING_LOCK = 'marketplace-location-sharing';
/** A token is renewed this long before it expires. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;
/** After a failed connection, the next attempt waits at least this long (and for the next position). */
export const RECONNECT_AFTER_MS = 30 * 1000;
/**
 * A device that let another one share takes the sharing back when that one wrote nothing for this long
 * (longer than a heartbeat: a device that still has positions writes at least once a heartbeat).
 */
export const QUIET_AFTER_MS = HEARTBEAT_MS + 30 * 1000;
/**
 * A touch takes the sharing over this long after it, if the page is still signed in and open: pressing
 * Logout on the device that lets another share must not take the sharing for a moment on its way out.
 */
export const CLAIM_AFTER_TOUCH_MS = 1000;
/** A device that let another share takes over this long after that one marked its position as the last. */
export const STOPPED_GRACE_MS = 3000;
/** A tab continuing this browser's earlier claim waits this long at most to hear which device wrote last. */
export const HEAR_OWN_WITHIN_MS = 5 * 1000;

const OFF: LocationSharingSnapshot = { state: 'off', position: null, lastSentAt: null };

let deps: LocationSharingDeps = {};
let snapshot: LocationSharingSnapshot = OFF;
const listeners = new Set<() => void>();

interface Run {
  key: string;
  userId: number;
  stopped: boolean;
  watcher: PositionWatcher | null;
  throttle: WriteThrottle | null;
  connection: LocationConnection | null;
  connecting: Promise<LocationConnection | null> | null;
  lastConnectFailAt: number | null;
  abort: AbortController | null;
  release: (() => void) | null;
  /** Stops listening to the geolocation permission's changes. */
  unlisten: (() => void) | null;
  /** The geolocation permission, asked for at the start, while the lock is awaited (null: cannot tell). */
  permission: Promise<PermissionStatus> | null;
  /** The device's watch gives positions (not denied, unavailable or starting). */
  watchActive: boolean;
  /** The watch's last status (what the state goes back to when this device shares again). */
  watchStatus: WatchStatus | null;
  /** A write of this run (since it took the lock) was acknowledged. */
  written: boolean;
  /** This device's claim; null: a new one is made with the next write. */
  claim: SharingClaim | null;
  /** The next time this tab takes the lock, it claims anew (the provider turned to it). */
  claimAnew: boolean;
  /** Another device with a newer claim shares: this one writes nothing. */
  yielded: boolean;
  quietTimer: ReturnType<typeof setTimeout> | null;
  touchTimer: ReturnType<typeof setTimeout> | null;
  /** Stops listening to the own node. */
  unwatchOwn: (() => void) | null;
  /** Answered once the own node was heard. */
  ownHeard: Promise<void> | null;
  ownKnown: boolean;
  heardOwn: (() => void) | null;
}

let run: Run | null = null;
let lastSession: LocationSharingSession | null = null;
let lifecycleAttached = false;

const now = () => (deps.now ?? Date.now)();
const noop = () => undefined;

function update(patch: Partial<LocationSharingSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  for (const listener of [...listeners]) listener();
}

/** Replaces what the sharing uses (tests); `{}` puts the browser's own back. */
export function configureLocationSharing(next: LocationSharingDeps): void {
  deps = next;
}

export function getLocationSharing(): LocationSharingSnapshot {
  return snapshot;
}

export function subscribeLocationSharing(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function locksOf(): LockManager | null {
  if (deps.locks !== undefined) return deps.locks;
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

function permissionsOf(): Pick<Permissions, 'query'> | null {
  if (deps.permissions !== undefined) return deps.permissions;
  return typeof navigator !== 'undefined' && navigator.permissions ? navigator.permissions : null;
}

function targetOf(): LocationSharingDeps['target'] {
  if (deps.target !== undefined) return deps.target;
  return typeof window !== 'undefined' ? window : null;
}

function pageOf(): LocationSharingDeps['page'] {
  if (deps.page !== undefined) return deps.page;
  return typeof document !== 'undefined' ? document : null;
}

/** Whether the provider is looking at this tab. */
const isShown = () => pageOf()?.visibilityState === 'visible';

/** The connection to write with: the open one, a new one when it is about to expire, none for a while after a failure. */
function connectionFor(current: Run): Promise<LocationConnection | null> {
  const open = current.connection;
  if (open && (open.expiresAt === null || open.expiresAt - now() > RENEW_BEFORE_MS)) return Promise.resolve(open);
  if (current.connecting) return current.connecting;
  if (current.lastConnectFailAt !== null && now() - current.lastConnectFailAt < RECONNECT_AFTER_MS) return Promise.resolve(null);
  const backend = deps.backend ?? getLocationBackend();
  current.connecting = backend
    .connect()
    .then(
      (connection) => {
        if (current.stopped) {
          void connection.close();
          return null;
        }
        current.connection = connection;
        current.lastConnectFailAt = null;
        listenToOwnNode(current, connection);
        if (open && open !== connection) void open.close();
        return connection;
      },
      (error: unknown) => {
        console.warn('location service unavailable', error);
        current.lastConnectFailAt = now();
        return null;
      },
    )
    .finally(() => {
      current.connecting = null;
    });
  return current.connecting;
}

/** Hears which device wrote the provider's node last; the first answer lets a continuing claim write. */
function listenToOwnNode(current: Run, connection: LocationConnection) {
  current.unwatchOwn?.();
  // A renewed connection: what the node said is still known (stopHearingOwnNode forgets it).
  if (!current.ownKnown) current.ownHeard = new Promise<void>((resolve) => (current.heardOwn = resolve));
  current.unwatchOwn = connection.watchOwnPosition(
    (value) => onOwnNode(current, value),
    (error) => {
      console.warn('the own position could not be read', error);
      current.heardOwn?.();
    },
  );
}

function onOwnNode(current: Run, value: OwnPosition | null) {
  if (current.stopped || !current.watcher) return;
  current.ownKnown = true;
  current.heardOwn?.();
  const other = value && value.device !== deviceId() ? value : null;
  if (other?.stopped && current.yielded) {
    // The device that shared stopped: a tab of that browser left open, or the one reloaded, may take
    // over in a moment; this device shares if none does (a newer claim heard meanwhile keeps it quiet).
    waitForQuiet(current, now() + STOPPED_GRACE_MS);
    return;
  }
  if (!other || other.stopped) {
    // Nothing stored, or this device's own write (or its own mark of a tab that closed): this device
    // shares, with its claim as it was (a newer one of another device still wins).
    if (current.yielded) share(current);
    else if (value?.stopped && current.written && current.watchActive) current.throttle?.writeNow();
    return;
  }
  const theirs = other.device !== null && other.since !== null ? { device: other.device, since: other.since } : null;
  if (theirs && current.claim && isNewerClaim(theirs, current.claim)) {
    yieldTo(current, other);
    return;
  }
  // An older claim (or a browser that sends none) wrote over this device's position: put it back on top
  // (before this run's first write, that write is on its way).
  if (current.yielded) share(current);
  else if (current.written && current.watchActive) current.throttle?.writeNow();
}

/** A newer claim of another device shares: this device writes nothing until that one goes quiet. */
function yieldTo(current: Run, other: OwnPosition) {
  current.yielded = true;
  storeYielded(current.userId, true);
  waitForQuiet(current, (other.updatedAt ?? now()) + QUIET_AFTER_MS, { anew: true });
  update({ state: 'other-device' });
}

/** This device shares at `at` (ms), unless another device's newer claim is heard before. */
function waitForQuiet(current: Run, at: number, { anew = false } = {}) {
  if (current.quietTimer) clearTimeout(current.quietTimer);
  current.quietTimer = setTimeout(
    () => {
      current.quietTimer = null;
      if (!current.stopped && current.yielded) share(current, { anew });
    },
    Math.max(0, at - now()),
  );
}

/** This device shares again (anew: with a new claim, taking the sharing from the device that had it). */
function share(current: Run, { anew = false } = {}) {
  if (current.stopped || !current.watcher) return;
  if (anew) current.claim = null;
  if (!current.yielded) {
    if (anew && current.watchActive) current.throttle?.writeNow();
    return;
  }
  current.yielded = false;
  storeYielded(current.userId, false);
  if (current.quietTimer) clearTimeout(current.quietTimer);
  current.quietTimer = null;
  update({ state: 'starting' });
  if (current.watchStatus) onWatchStatus(current, current.watchStatus);
  if (current.watchActive) current.throttle?.writeNow();
}

/** Waits (a little) for the own node's first answer, so that a continued claim does not write over a newer device. */
function hearOwnNode(current: Run): Promise<void> {
  const heard = current.ownHeard;
  if (!heard) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, HEAR_OWN_WITHIN_MS);
    void heard.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function send(current: Run, position: LatLng): Promise<void> {
  try {
    const connection = await connectionFor(current);
    if (current.stopped) return;
    if (!connection) throw new Error('no connection to the location service');
    if (current.claim && !current.yielded && !current.ownKnown) await hearOwnNode(current);
    if (current.stopped || current.yielded) return;
    if (!current.claim) {
      current.claim = { device: deviceId(), since: connection.serverNow() };
      storeClaim(current.userId, current.claim);
    }
    await connection.writeOwnPosition(position, current.claim);
    current.written = true;
    if (!current.stopped && !current.yielded) update({ state: 'sharing', lastSentAt: now() });
  } catch (error) {
    if (current.stopped || current.yielded) return;
    console.warn('the position was not sent', error);
    // Written again with the next position from the device; a refused token is replaced then.
    current.throttle?.forget();
    if (isPermissionDenied(error) && current.connection) {
      void current.connection.close();
      current.connection = null;
    }
    update({ state: 'error' });
  }
}

function onWatchStatus(current: Run, status: WatchStatus) {
  if (current.stopped) return;
  current.watchActive = status === 'active';
  current.watchStatus = status;
  // Another device shares: what this one's watch does is said once it shares again.
  if (current.yielded) return;
  if (status === 'starting') update({ state: 'starting' });
  else if (status === 'active') {
    // Back from a spell without a position: the next one is written even if the provider has not moved,
    // or the state would wait at 'starting' (and the customer's map at an old time) until they do.
    if (snapshot.state === 'unavailable') current.throttle?.forget();
    if (snapshot.state !== 'sharing' && snapshot.state !== 'error') update({ state: 'starting' });
  } else if (status === 'denied') onDenied(current);
  else update({ state: status });
}

/**
 * The watch was refused. Closing the browser's prompt without answering is refused the same way, while
 * the site may still ask: when the permission says so, sharing goes back to 'ask' (Share location asks
 * again) instead of telling the provider to unblock a site that is not blocked.
 */
function onDenied(current: Run) {
  const permission = queryPermission();
  if (!permission) return update({ state: 'denied' });
  permission.then(
    (status) => {
      if (current.stopped) return;
      if (status.state !== 'prompt') return update({ state: 'denied' });
      current.permission = permission;
      startWhenAllowed(current, () => watch(current));
    },
    () => {
      if (!current.stopped) update({ state: 'denied' });
    },
  );
}

/** The tab watches and writes (it holds the lock, or there are no locks). */
function begin(current: Run) {
  if (current.stopped || current.watcher) return;
  current.watchActive = false;
  current.watchStatus = null;
  current.yielded = false;
  storeYielded(current.userId, false);
  current.written = false;
  current.claim = current.claimAnew ? null : storedClaim(current.userId);
  current.claimAnew = false;
  current.throttle = createWriteThrottle({
    write: (position) => void send(current, position),
    // A place written again says the provider is still there: only while the device says so.
    heartbeatWhile: () => current.watchActive && isShown(),
    rules: deps.throttle ?? DEFAULT_THROTTLE,
    now,
  });
  current.watcher = createPositionWatcher({
    geolocation: deps.geolocation,
    now,
    onStatus: (status) => onWatchStatus(current, status),
    onPosition: (position) => {
      if (current.stopped) return;
      current.watchActive = true;
      current.watchStatus = 'active';
      update({ position });
      current.throttle?.offer(position);
    },
  });
  startWhenAllowed(current, () => watch(current));
}

/** Starts the device watch (which asks for the permission when the browser has no answer yet). */
function watch(current: Run) {
  if (current.stopped || !current.watcher) return;
  current.unlisten?.();
  current.unlisten = null;
  update({ state: 'starting' });
  current.watcher.start();
}

/** The geolocation permission's status, or null where the browser cannot tell. */
function queryPermission(): Promise<PermissionStatus> | null {
  const permissions = permissionsOf();
  if (!permissions) return null;
  try {
    const status = permissions.query({ name: 'geolocation' });
    status.catch(() => undefined); // handled in startWhenAllowed, unless the run stops first
    return status;
  } catch {
    // A browser that does not know this permission's name throws at once: it cannot tell.
    return null;
  }
}

/**
 * Calls `granted` when the permission is granted (or the browser cannot tell): the tab holding the lock
 * watches at once, another tab says that tab shares. Otherwise it waits: a browser asks only in answer
 * to the provider's own click (`shareLocationNow`), never at page load; a denied permission says so.
 * The permission is the site's, the same in every tab, so a tab that does not hold the lock never
 * claims that another one shares while the browser lets none of them locate. A permission granted
 * later (in the site settings, or asked from another tab) calls `granted` then.
 */
function startWhenAllowed(current: Run, granted: () => void) {
  if (!current.permission) return granted();
  current.permission.then((status) => {
    if (current.stopped) return;
    current.unlisten?.();
    const apply = () => {
      if (current.stopped) return;
      if (status.state === 'granted') granted();
      else update({ state: status.state === 'denied' ? 'denied' : 'ask' });
    };
    status.addEventListener('change', apply);
    current.unlisten = () => status.removeEventListener('change', apply);
    apply();
  }, granted);
}

/**
 * The provider turns sharing on (a click): the browser may now ask for the permission. In a tab that
 * does not hold the lock the browser asks here, in answer to the click; the answer reaches every tab.
 */
export function shareLocationNow(): void {
  if (!run || run.stopped || snapshot.state !== 'ask') return;
  if (run.watcher) watch(run);
  else (deps.geolocation === undefined ? defaultGeolocation() : deps.geolocation)?.getCurrentPosition(noop);
}

function hold(current: Run): Promise<void> {
  return new Promise<void>((resolve) => {
    if (current.stopped) return resolve();
    current.release = resolve;
    begin(current);
  });
}

/**
 * Asks for the lock, replacing any request this tab has out. 'queue' waits for the tab holding it to
 * close; 'steal' takes it at once from that tab (this one is the tab the provider looks at: a browser
 * gives no positions to a hidden tab, so a tab left in the background must not keep the watch).
 */
function requestLock(current: Run, locks: LockManager, how: 'queue' | 'steal') {
  current.abort?.abort();
  const abort = new AbortController();
  current.abort = abort;
  // A stealing request cannot also be abortable (Web Locks); it is granted at once anyway.
  // The provider turned to this tab: it claims the sharing for this device.
  if (how === 'steal') current.claimAnew = true;
  const options: LockOptions = how === 'steal' ? { steal: true } : { signal: abort.signal };
  locks
    .request(SHARING_LOCK, options, () => hold(current))
    .catch(() => {
      // Aborted: the run stopped, or this tab asked again. Otherwise another tab took the lock.
      if (current.stopped || abort.signal.aborted) return;
      giveWay(current);
      requestLock(current, locks, 'queue');
    });
}

/** Stops listening to the own node and forgets what it said (the lock went to another tab, or the run ended). */
function stopHearingOwnNode(current: Run) {
  current.unwatchOwn?.();
  current.unwatchOwn = null;
  current.ownHeard = null;
  current.heardOwn = null;
  current.ownKnown = false;
  current.yielded = false;
  if (current.quietTimer) clearTimeout(current.quietTimer);
  current.quietTimer = null;
  if (current.touchTimer) clearTimeout(current.touchTimer);
  current.touchTimer = null;
}

/**
 * What a tab without the lock says: that another tab of this browser shares, or, when the tab holding
 * the lock lets another device share, that this one does.
 */
function notHoldingState(current: Run): SharingState {
  return browserYielded(current.userId) ? 'other-device' : 'elsewhere';
}

/** The tab holding the lock let another device share, or shares again: a tab without the lock says so. */
function onStorage(event: Event) {
  const { key } = event as StorageEvent;
  if (!run || run.stopped || run.watcher || (key !== YIELDED_KEY && key !== null)) return;
  if (snapshot.state === 'elsewhere' || snapshot.state === 'other-device') update({ state: notHoldingState(run) });
}

/** Another tab took the lock: this one stops watching and says that tab shares. */
function giveWay(current: Run) {
  stopHearingOwnNode(current);
  current.unlisten?.();
  current.unlisten = null;
  current.watcher?.stop();
  current.watcher = null;
  current.throttle?.stop();
  current.throttle = null;
  void current.connection?.close();
  current.connection = null;
  current.release?.();
  current.release = null;
  startWhenAllowed(current, () => {
    if (!current.watcher) update({ state: notHoldingState(current) });
  });
}

/**
 * The provider turned to this tab: it takes the watch over from a tab left in the background, and the
 * sharing from another device.
 */
function onVisibilityChange() {
  const locks = locksOf();
  if (!run || run.stopped || !isShown()) return;
  if (run.watcher) share(run, { anew: run.yielded });
  else if (locks) requestLock(run, locks, 'steal');
}

/**
 * The provider touched this device while another one shares: this one shares again, unless the touch
 * ended the session. A tab without the lock takes it first (as a tab turned to does).
 */
function onInteraction() {
  const current = run;
  if (!current || current.stopped || current.touchTimer) return;
  const holding = current.watcher !== null;
  if (holding ? !current.yielded : snapshot.state !== 'other-device') return;
  current.touchTimer = setTimeout(() => {
    current.touchTimer = null;
    if (current.stopped) return;
    const locks = locksOf();
    if (current.watcher) {
      if (current.yielded) share(current, { anew: true });
    } else if (snapshot.state === 'other-device' && locks) requestLock(current, locks, 'steal');
  }, CLAIM_AFTER_TOUCH_MS);
}

/**
 * Ends the run. Leaving (logout, the tab closing), the device that shares marks its position as the last
 * one, so the customer's map stops calling it live at once instead of two minutes later.
 */
function end(current: Run, { leaving = false } = {}) {
  const shares = current.watcher !== null && !current.yielded && current.written;
  const marking = leaving && shares ? current.connection : null;
  if (marking) current.connection = null;
  // Deaf and still first: the mark is heard back on the own node, and must not be written over.
  stopHearingOwnNode(current);
  current.stopped = true;
  current.unlisten?.();
  current.unlisten = null;
  current.watcher?.stop();
  current.throttle?.stop();
  current.abort?.abort();
  // Marked before the lock goes to another tab of this browser, whose first write then comes after it.
  void marking
    ?.markStopped()
    .catch((error: unknown) => console.warn('the position was not marked as the last one', error))
    .finally(() => void marking.close());
  current.release?.();
  void current.connection?.close();
  current.connection = null;
}

function onPageHide() {
  // The tab is closing (or going to the back/forward cache): stop writing and hand the lock over.
  if (run) end(run, { leaving: true });
  run = null;
  update(OFF);
}

function onPageShow(event: Event) {
  if ((event as PageTransitionEvent).persisted && lastSession && !run) startLocationSharing(lastSession);
}

function attachLifecycle() {
  const target = targetOf();
  if (lifecycleAttached || !target) return;
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('pageshow', onPageShow);
  target.addEventListener('pointerdown', onInteraction, true);
  target.addEventListener('keydown', onInteraction, true);
  target.addEventListener('storage', onStorage);
  pageOf()?.addEventListener('visibilitychange', onVisibilityChange);
  lifecycleAttached = true;
}

function detachLifecycle() {
  const target = targetOf();
  if (!lifecycleAttached || !target) return;
  target.removeEventListener('pagehide', onPageHide);
  target.removeEventListener('pageshow', onPageShow);
  target.removeEventListener('pointerdown', onInteraction, true);
  target.removeEventListener('keydown', onInteraction, true);
  target.removeEventListener('storage', onStorage);
  pageOf()?.removeEventListener('visibilitychange', onVisibilityChange);
  lifecycleAttached = false;
}

/**
 * Starts sharing for a signed-in Provider (once per user and token); stops it for anyone else.
 * Called by the shell only.
 */
export function startLocationSharing(session: LocationSharingSession): void {
  if (session.role !== 'Provider') {
    stopLocationSharing();
    return;
  }
  const key = `${session.userId}:${session.token}`;
  if (run && run.key === key) return;
  if (run) end(run);
  lastSession = session;
  attachLifecycle();
  const current: Run = {
    key,
    userId: session.userId,
    stopped: false,
    watcher: null,
    throttle: null,
    connection: null,
    connecting: null,
    lastConnectFailAt: null,
    abort: null,
    release: null,
    unlisten: null,
    permission: queryPermission(),
    watchActive: false,
    watchStatus: null,
    written: false,
    claim: null,
    // Opened in front (or in a browser without locks, where every tab watches): the provider turned to it.
    claimAnew: isShown(),
    yielded: false,
    quietTimer: null,
    touchTimer: null,
    unwatchOwn: null,
    ownHeard: null,
    heardOwn: null,
    ownKnown: false,
  };
  run = current;
  snapshot = OFF;
  update({ state: 'starting' });

  const locks = locksOf();
  if (!locks) {
    begin(current);
    return;
  }
  // Opened in front (a link from an e-mail, a new tab): this is the tab the provider looks at.
  if (isShown()) {
    requestLock(current, locks, 'steal');
    return;
  }
  locks
    .request(SHARING_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await hold(current);
      return true;
    })
    .then(
      (held) => {
        if (held || current.stopped) return;
        startWhenAllowed(current, () => {
          if (!current.watcher) update({ state: notHoldingState(current) });
        });
        requestLock(current, locks, 'queue');
      },
      () => {
        // Held, then taken by the tab the provider turned to (Web Locks reject the holder's request).
        if (current.stopped) return;
        giveWay(current);
        requestLock(current, locks, 'queue');
      },
    );
}

/** Stops watching and writing (logout). */
export function stopLocationSharing(): void {
  lastSession = null;
  detachLifecycle();
  if (run) end(run, { leaving: true });
  run = null;
  if (snapshot !== OFF) update(OFF);
}
