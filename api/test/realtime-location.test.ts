/**
 * The location server (firebase-server) against the real firebase 12 SDK the browsers use.
 */
import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  goOffline,
  onValue,
  ref,
  set,
  type Database,
} from 'firebase/database';
import { loadProductionRules, startLocationServer, type LocationServer } from '../src/location/server.js';

// The denied writes below are expected; keep the SDK from printing a warning for each.
setLogLevel('error');

interface LatLng {
  lat: number;
  lng: number;
}

const servers: LocationServer[] = [];
const apps: Array<{ app: FirebaseApp; db: Database }> = [];
let appCount = 0;

async function start(rules?: object): Promise<LocationServer> {
  const server = await startLocationServer({ port: 0, rules });
  servers.push(server);
  return server;
}

/** An app instance configured with a databaseURL pointing at the server. */
function appByUrl(port: number): Database {
  const app = initializeApp({ databaseURL: `http://127.0.0.1:${port}?ns=marketplace`, projectId: 'marketplace' }, `url-${appCount++}`);
  const db = getDatabase(app);
  apps.push({ app, db });
  return db;
}

/** An app instance in emulator mode, optionally signed in as `uid` (mock token, as the emulator accepts). */
function appByEmulator(port: number, uid?: string): Database {
  const app = initializeApp({ databaseURL: 'https://marketplace.firebaseio.com', projectId: 'marketplace' }, `emu-${appCount++}`);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', port, uid ? { mockUserToken: { sub: uid } } : undefined);
  apps.push({ app, db });
  return db;
}

/** Listens with onValue (firebase-server answers listens) until `accept` holds for a value. */
function nextValue<T>(db: Database, path: string, accept: (v: T | null) => boolean = (v) => v !== null): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no matching value at ${path}`));
    }, 5000);
    const unsubscribe = onValue(
      ref(db, path),
      (snap) => {
        const value = snap.val() as T | null;
        if (accept(value)) {
          clearTimeout(timer);
          unsubscribe();
          resolve(value);
        }
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

async function denied(write: Promise<unknown>): Promise<void> {
  await assert.rejects(write, (err: Error) => {
    assert.match(err.message, /permission_denied/i);
    return true;
  });
}

after(async () => {
  for (const { app, db } of apps) {
    goOffline(db);
    await deleteApp(app);
  }
  for (const server of servers) await server.close();
});

describe('location server', () => {
  test('a provider location written by one app instance is read live by another with onValue', async () => {
    const server = await start();
    assert.ok(server.port > 0);
    const provider = appByUrl(server.port);
    const customer = appByUrl(server.port);

    await set(ref(provider, 'provider/latLng/7'), { lat: 12.9716, lng: 77.5946 });
    assert.deepEqual(await nextValue<LatLng>(customer, 'provider/latLng/7'), { lat: 12.9716, lng: 77.5946 });

    // The map follows the provider: a later write reaches the listener that is already open.
    const moved = nextValue<LatLng>(customer, 'provider/latLng/7', (v) => v?.lat === 12.98);
    await set(ref(provider, 'provider/latLng/7'), { lat: 12.98, lng: 77.6 });
    assert.deepEqual(await moved, { lat: 12.98, lng: 77.6 });
  });

  test('works the same through connectDatabaseEmulator', async () => {
    const server = await start();
    const provider = appByEmulator(server.port);
    const customer = appByEmulator(server.port);
    await set(ref(provider, 'provider/latLng/11'), { lat: -33.86, lng: 151.2 });
    assert.deepEqual(await nextValue<LatLng>(customer, 'provider/latLng/11'), { lat: -33.86, lng: 151.2 });
  });

  test('the embedded rules accept only numeric lat/lng under provider/latLng', async () => {
    const server = await start();
    const db = appByUrl(server.port);
    await denied(set(ref(db, 'provider/latLng/7'), { lat: 'north', lng: 1 }));
    await denied(set(ref(db, 'provider/latLng/7'), { lat: 91, lng: 1 }));
    await denied(set(ref(db, 'provider/latLng/7'), { lat: 1 }));
    await denied(set(ref(db, 'provider/latLng/7'), { lat: 1, lng: 2, note: 'x'.repeat(100) }));
    await denied(set(ref(db, 'anything/else'), { big: 'x'.repeat(1000) }));
    await set(ref(db, 'provider/latLng/7'), { lat: 1, lng: 2 });
  });

  test('the production rules: a provider writes only its own location; signed-in users read it', async () => {
    const server = await start(loadProductionRules());
    const provider7 = appByEmulator(server.port, '7');
    const customer = appByEmulator(server.port, '42');
    const anonymous = appByEmulator(server.port);

    await set(ref(provider7, 'provider/latLng/7'), { lat: 51.5, lng: -0.12 });
    await denied(set(ref(provider7, 'provider/latLng/8'), { lat: 51.5, lng: -0.12 }));
    await denied(set(ref(customer, 'provider/latLng/7'), { lat: 0, lng: 0 }));
    // After an authenticated write, a client without a token must not inherit the writer's auth
    // (firebase-server keeps it; see forgetWriterAuth in src/location/server.ts).
    await denied(set(ref(anonymous, 'provider/latLng/7'), { lat: 0, lng: 0 }));
    await denied(set(ref(provider7, 'provider/latLng/7'), { lat: '51.5', lng: -0.12 }));

    assert.deepEqual(await nextValue<LatLng>(customer, 'provider/latLng/7'), { lat: 51.5, lng: -0.12 });
    await assert.rejects(nextValue<LatLng>(anonymous, 'provider/latLng/7'), /permission_denied/i);
  });

  test('close() ends client connections and frees the port', async () => {
    const server = await startLocationServer({ port: 0 });
    const db = appByUrl(server.port);
    await set(ref(db, 'provider/latLng/3'), { lat: 1, lng: 1 });
    const health = await fetch(`http://127.0.0.1:${server.port}/`);
    assert.equal(health.status, 200);
    await server.close();
    await assert.rejects(fetch(`http://127.0.0.1:${server.port}/`));
    const again = await startLocationServer({ port: server.port });
    assert.equal(again.port, server.port);
    await again.close();
  });
});
