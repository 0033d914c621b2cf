/**
 * Where positions are written and read: a `LocationBackend` opens a connection to the location
 * database for the signed-in user. The default one asks the API for a token
 * (POST /api/location/token) and opens the real firebase SDK on demand (./firebaseConnection, a
 * separate chunk: firebase never weighs on the first load). Tests put a fake in its place.
 */
import { getRuntimeConfig } from 'shared';
import type { SharingClaim } from './claim';
import type { LatLng, ProviderPosition } from './geo';
import { fetchLocationToken } from './token';

export interface LocationConnection {
  /** The user id the database knows this browser as. */
  readonly uid: string;
  /** When the connection's credentials stop working (ms): a new connection is opened before; null: never. */
  readonly expiresAt: number | null;
  /** Writes `{ lat, lng, updatedAt: server time }` to provider/latLng/{uid}, with the writing device's claim. */
  writeOwnPosition(position: LatLng, claim?: SharingClaim): Promise<void>;
  /** Marks the own position as the last one (`stoppedAt: server time`): the provider stopped sharing. */
  markStopped(): Promise<void>;
  /** Listens to provider/latLng/{uid}, this user's own node: which device wrote last, and when. */
  watchOwnPosition(onChange: (value: OwnPosition | null) => void, onError: (error: Error) => void): () => void;
  /** The location server's clock (ms), as this device reckons it. */
  serverNow(): number;
  /** Listens to provider/latLng/{providerId} (onValue); null while nothing is stored. Answers the unsubscribe. */
  watchProvider(
    providerId: number,
    onChange: (position: ProviderPosition | null) => void,
    onError: (error: Error) => void,
  ): () => void;
  close(): Promise<void>;
}

/** The own node's value; `device` and `since` are null when a writer without claims wrote it. */
export interface OwnPosition extends ProviderPosition {
  device: string | null;
  /** The writer's claim time, in server time (unlike updatedAt, which is answered in this device's time). */
  since: number | null;
}

export interface LocationBackend {
  connect(): Promise<LocationConnection>;
}

/** The API's token, then the firebase SDK against the embedded server or a real project (runtime config). */
export const firebaseBackend: LocationBackend = {
  async connect() {
    const token = await fetchLocationToken();
    const { openFirebaseConnection } = await import('./firebaseConnection');
    return openFirebaseConnection(token, getRuntimeConfig());
  },
};

let current: LocationBackend = firebaseBackend;

export function getLocationBackend(): LocationBackend {
  return current;
}

/** Replaces the backend (tests); null puts the firebase one back. */
export function setLocationBackend(backend: LocationBackend | null): void {
  current = backend ?? firebaseBackend;
}

/** The database refused the operation (security rules). */
export function isPermissionDenied(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return /permission[_ -]denied/i.test(`${code} ${message}`);
}
