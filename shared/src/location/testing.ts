/**
 * Test doubles of the location database and the device (never imported by app code):
 *
 *   const db = fakeLocationBackend();  setLocationBackend(db);
 *   db.emit(20, { lat: 12.97, lng: 77.59, updatedAt: Date.now() });
 */
import type { LocationBackend, LocationConnection, OwnPosition } from './backend';
import type { SharingClaim } from './claim';
import type { LatLng, ProviderPosition } from './geo';

/** A stored value: a position, with the writer's claim when it sent one. */
type Stored = ProviderPosition & { device?: string | null; since?: number | null };

export interface FakeLocationBackend extends LocationBackend {
  /** Every position written, by uid, with the claim it carried. */
  readonly writes: Array<{ uid: string; position: LatLng; claim?: SharingClaim }>;
  /** The uids whose position was marked as the last one (markStopped), in order. */
  readonly stops: string[];
  /** Connections opened so far (and whether each was closed). */
  readonly connections: Array<{ uid: string; closed: boolean }>;
  /**
   * Sets what provider/latLng/{providerId} holds; open listeners hear it (a position with `device` and
   * `since` is what another device of that provider wrote). The connection's own writes are stored too.
   */
  emit(providerId: number, position: Stored | null): void;
  /** Providers whose key the listeners may not read (permission_denied). */
  deny(providerId: number): void;
  /** Listeners of this provider get no answer at all until emit() (the database's socket is blocked). */
  silence(providerId: number): void;
  /** Makes connect() fail (the API or the database is unreachable). */
  failConnect(error?: Error | null): void;
  /** Makes writes fail with this error (null: succeed again). */
  failWrites(error: Error | null): void;
  /** Number of open listeners of a provider. */
  listeners(providerId: number): number;
}

export function fakeLocationBackend({ uid = '20', expiresAt = null as number | null } = {}): FakeLocationBackend {
  const writes: Array<{ uid: string; position: LatLng; claim?: SharingClaim }> = [];
  const stops: string[] = [];
  const connections: Array<{ uid: string; closed: boolean }> = [];
  const values = new Map<number, Stored | null>();
  const denied = new Set<number>();
  const silent = new Set<number>();
  const listeners = new Map<number, Set<{ onChange: (p: Stored | null) => void; onError: (e: Error) => void }>>();
  const asPosition = (value: Stored | null): ProviderPosition | null =>
    value && { lat: value.lat, lng: value.lng, updatedAt: value.updatedAt, ...(value.stopped ? { stopped: true as const } : {}) };
  const asOwn = (value: Stored | null): OwnPosition | null =>
    value && { ...asPosition(value)!, device: value.device ?? null, since: value.since ?? null };
  const store = (providerId: number, value: Stored | null) => {
    values.set(providerId, value);
    for (const l of [...(listeners.get(providerId) ?? [])]) l.onChange(value);
  };
  const listen = (providerId: number, onChange: (p: Stored | null) => void, onError: (e: Error) => void) => {
    const entry = { onChange, onError };
    if (denied.has(providerId)) {
      queueMicrotask(() =>
        onError(Object.assign(new Error('permission_denied at /provider/latLng'), { code: 'PERMISSION_DENIED' })),
      );
      return () => undefined;
    }
    const set = listeners.get(providerId) ?? new Set();
    set.add(entry);
    listeners.set(providerId, set);
    queueMicrotask(() => {
      if (set.has(entry) && !silent.has(providerId)) onChange(values.get(providerId) ?? null);
    });
    return () => set.delete(entry);
  };
  let connectError: Error | null = null;
  let writeError: Error | null = null;
  return {
    writes,
    stops,
    connections,
    async connect(): Promise<LocationConnection> {
      if (connectError) throw connectError;
      const record = { uid, closed: false };
      connections.push(record);
      return {
        uid,
        expiresAt,
        async writeOwnPosition(position, claim) {
          if (record.closed) throw new Error('closed');
          if (writeError) throw writeError;
          writes.push({ uid, position: { lat: position.lat, lng: position.lng }, ...(claim ? { claim } : {}) });
          store(Number(uid), { lat: position.lat, lng: position.lng, updatedAt: Date.now(), ...claim });
        },
        async markStopped() {
          if (record.closed) throw new Error('closed');
          if (writeError) throw writeError;
          stops.push(uid);
          const stored = values.get(Number(uid));
          if (stored) store(Number(uid), { ...stored, stopped: true });
        },
        watchProvider: (providerId, onChange, onError) => listen(providerId, (v) => onChange(asPosition(v)), onError),
        watchOwnPosition: (onChange, onError) => listen(Number(uid), (v) => onChange(asOwn(v)), onError),
        serverNow: () => Date.now(),
        async close() {
          record.closed = true;
        },
      };
    },
    emit: store,
    deny(providerId) {
      denied.add(providerId);
    },
    silence(providerId) {
      silent.add(providerId);
    },
    failConnect(error = new Error('Network Error')) {
      connectError = error;
    },
    failWrites(error) {
      writeError = error;
    },
    listeners: (providerId) => listeners.get(providerId)?.size ?? 0,
  };
}

type Success = PositionCallback;
type Failure = PositionErrorCallback | null | undefined;

export interface FakeGeolocation extends Geolocation {
  /** Sends a position to every active watch. */
  move(lat: number, lng: number, accuracy?: number): void;
  /** Fails every active watch: 1 denied, 2 unavailable, 3 timeout. */
  fail(code: 1 | 2 | 3): void;
  /** Calls of watchPosition so far. */
  readonly watchCalls: number;
  /** Watches not cleared. */
  readonly activeWatches: number;
  readonly lastOptions: PositionOptions | undefined;
}

/** navigator.geolocation's stand-in: positions and errors on demand. */
export function fakeGeolocation(): FakeGeolocation {
  const watches = new Map<number, { success: Success; failure: Failure }>();
  let next = 1;
  let watchCalls = 0;
  let lastOptions: PositionOptions | undefined;
  const position = (lat: number, lng: number, accuracy: number): GeolocationPosition =>
    ({
      coords: { latitude: lat, longitude: lng, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
      timestamp: Date.now(),
    }) as GeolocationPosition;
  return {
    getCurrentPosition() {
      throw new Error('not used');
    },
    watchPosition(success, failure, options) {
      watchCalls += 1;
      lastOptions = options;
      const id = next++;
      watches.set(id, { success, failure });
      return id;
    },
    clearWatch(id) {
      watches.delete(id);
    },
    move(lat, lng, accuracy = 5) {
      for (const w of [...watches.values()]) w.success(position(lat, lng, accuracy));
    },
    fail(code) {
      const error = {
        code,
        message: 'failed',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError;
      for (const w of [...watches.values()]) w.failure?.(error);
    },
    get watchCalls() {
      return watchCalls;
    },
    get activeWatches() {
      return watches.size;
    },
    get lastOptions() {
      return lastOptions;
    },
  };
}

/** navigator.permissions answering `state` for geolocation; `set` changes it as the site settings would. */
export function fakePermissions(state: PermissionState) {
  const status = Object.assign(new EventTarget(), { state });
  const set = (next: PermissionState) => {
    status.state = next;
    status.dispatchEvent(new Event('change'));
  };
  return { permissions: { query: () => Promise.resolve(status as unknown as PermissionStatus) }, set };
}
