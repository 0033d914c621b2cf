/**
 * The real firebase 12 SDK, loaded on demand (a chunk of its own). One firebase app per connection,
 * under a name of its own, so that a new token (a customer's new Accepted job) is a new connection.
 *
 * - Embedded default (runtime config `firebase.emulatorHost` set): `connectDatabaseEmulator(db, host,
 *   port, { mockUserToken: token })`; the embedded server checks the token's signature.
 * - A real Firebase project (no emulatorHost; `databaseURL`, `apiKey`, `projectId`):
 *   `signInWithCustomToken` (firebase/auth, in memory only) before any read or write.
 *
 * Reads use `onValue` (firebase-server answers listens, not the one-shot `get()`).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  forceWebSockets,
  getDatabase,
  goOffline,
  onValue,
  ref,
  serverTimestamp,
  set,
  update,
  type Database,
} from 'firebase/database';
import type { RuntimeConfig } from '../config';
import type { LocationConnection, OwnPosition } from './backend';
import type { SharingClaim } from './claim';
import { toProviderPosition, type ProviderPosition } from './geo';
import type { LocationToken } from './token';

/** A write the server has not acknowledged after this long counts as failed (the SDK keeps it queued). */
export const WRITE_TIMEOUT_MS = 10_000;

let appCount = 0;

export class LocationSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationSetupError';
  }
}

/**
 * Whether the runtime config points at the embedded server (emulator mode): an emulatorHost is set
 * and databaseURL is not a real project's https:// URL. An https databaseURL always means a real
 * Firebase project (the default emulatorHost merged into a production config is then ignored).
 */
export const usesEmulator = (config: RuntimeConfig): boolean =>
  Boolean(config.firebase.emulatorHost) && !/^https:\/\//i.test(config.firebase.databaseURL ?? '');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The location database did not answer in time.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export async function openFirebaseConnection(token: LocationToken, config: RuntimeConfig): Promise<LocationConnection> {
  const fb = config.firebase;
  const emulator = usesEmulator(config);
  if (emulator && token.mode !== 'embedded') {
    throw new LocationSetupError(
      'The API mints Firebase tokens but the app is configured for the embedded location server (firebase.emulatorHost is set).',
    );
  }
  if (!emulator && token.mode !== 'firebase') {
    throw new LocationSetupError(
      'The app is configured for a Firebase project but the API has no service account (FIREBASE_SERVICE_ACCOUNT).',
    );
  }
  const projectId = fb.projectId || 'marketplace';
  const name = `marketplace-location-${++appCount}`;
  let app: FirebaseApp;
  let db: Database;
  if (emulator) {
    // The URL only names the namespace; connectDatabaseEmulator decides where the socket goes.
    app = initializeApp({ projectId, databaseURL: `https://${projectId}.firebaseio.com` }, name);
    // The embedded server speaks WebSocket only. Once a socket failed (the server was down), the SDK
    // remembers it in localStorage and tries long-polling first, which that server answers 404: the
    // browser never shared or followed again, reloads included.
    forceWebSockets();
    db = getDatabase(app);
    connectDatabaseEmulator(db, fb.emulatorHost!, Number(fb.emulatorPort ?? 9000), { mockUserToken: token.token });
  } else {
    app = initializeApp({ apiKey: fb.apiKey, projectId: fb.projectId, databaseURL: fb.databaseURL }, name);
    try {
      const { initializeAuth, inMemoryPersistence, signInWithCustomToken } = await import('firebase/auth');
      const auth = initializeAuth(app, { persistence: inMemoryPersistence });
      await signInWithCustomToken(auth, token.token);
    } catch (error) {
      await deleteApp(app).catch(() => undefined);
      throw error;
    }
    db = getDatabase(app);
  }

  let closed = false;
  // updatedAt is the server's time; the screens compare it with this device's clock ('5 s ago', live or
  // not), which may be minutes off: it is answered in this device's time, by the offset the server's
  // handshake gave the SDK. Claims are made in the server's time, so that devices compare them fairly.
  let serverTimeOffset = 0;
  const offsetListeners = new Set<() => void>();
  const stopOffset = onValue(ref(db, '.info/serverTimeOffset'), (snapshot) => {
    const offset = Number(snapshot.val());
    serverTimeOffset = Number.isFinite(offset) ? offset : 0;
    for (const listener of [...offsetListeners]) listener();
  });

  /** Listens to a provider's node; `read` turns the stored value (null when nothing is stored) into the answer. */
  function listen<T>(
    providerId: string | number,
    read: (value: unknown) => T,
    onChange: (value: T) => void,
    onError: (error: Error) => void,
  ) {
    let latest: { value: unknown } | null = null;
    const answer = () => {
      if (latest) onChange(read(latest.value));
    };
    offsetListeners.add(answer);
    const stopValue = onValue(
      ref(db, `provider/latLng/${providerId}`),
      (snapshot) => {
        latest = { value: snapshot.val() };
        answer();
      },
      (error) => onError(error),
    );
    return () => {
      offsetListeners.delete(answer);
      stopValue();
    };
  }

  const inLocalTime = (position: ProviderPosition | null): ProviderPosition | null =>
    position && position.updatedAt !== null ? { ...position, updatedAt: position.updatedAt - serverTimeOffset } : position;

  return {
    uid: token.uid,
    // Both kinds are renewed before this: the embedded token expires, and the rules let a customer
    // follow only for an hour after signing in (auth_time), whatever the mode.
    expiresAt: Date.parse(token.expires_at) || null,
    writeOwnPosition: (position, claim?: SharingClaim) =>
      withTimeout(
        set(ref(db, `provider/latLng/${token.uid}`), {
          lat: position.lat,
          lng: position.lng,
          updatedAt: serverTimestamp(),
          ...(claim ? { device: claim.device, since: claim.since } : {}),
        }),
        WRITE_TIMEOUT_MS,
      ),
    markStopped: () =>
      withTimeout(update(ref(db, `provider/latLng/${token.uid}`), { stoppedAt: serverTimestamp() }), WRITE_TIMEOUT_MS),
    watchProvider: (providerId, onChange, onError) =>
      listen(providerId, (value) => inLocalTime(toProviderPosition(value)), onChange, onError),
    watchOwnPosition: (onChange, onError) =>
      listen(
        token.uid,
        (value): OwnPosition | null => {
          const position = inLocalTime(toProviderPosition(value));
          if (!position) return null;
          const { device, since } = value as { device?: unknown; since?: unknown };
          return {
            ...position,
            device: typeof device === 'string' ? device : null,
            since: typeof since === 'number' && Number.isFinite(since) ? since : null,
          };
        },
        onChange,
        onError,
      ),
    serverNow: () => Date.now() + serverTimeOffset,
    async close() {
      if (closed) return;
      closed = true;
      stopOffset();
      offsetListeners.clear();
      goOffline(db);
      await deleteApp(app).catch(() => undefined);
    },
  };
}
