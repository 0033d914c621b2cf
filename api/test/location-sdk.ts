/**
 * Helpers of the location suites: browsers' firebase 12 SDK instances against the embedded location
 * server, connected the way the app connects (connectDatabaseEmulator with the API's token).
 */
import assert from 'node:assert/strict';
import { deleteApp, initializeApp, setLogLevel, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, onValue, ref, type Database } from 'firebase/database';

// Denied writes are expected in these suites; keep the SDK from printing a warning for each.
setLogLevel('error');

export interface LatLng {
  lat: number;
  lng: number;
  updatedAt?: number;
}

const apps: Array<{ app: FirebaseApp; db: Database }> = [];
let appCount = 0;

/**
 * A browser's database in emulator mode, as the app opens it: signed in with `token` (a string from
 * POST /api/location/token, or a mock `{ sub, ... }` object for a server started with authSecret null),
 * or not signed in at all.
 */
export function browserDb(port: number, token?: string | { sub: string; [claim: string]: unknown }): Database {
  const app = initializeApp({ databaseURL: 'https://marketplace.firebaseio.com', projectId: 'marketplace' }, `loc-${appCount++}`);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', port, token ? { mockUserToken: token as never } : undefined);
  apps.push({ app, db });
  return db;
}

/** A browser that gives the database URL (not emulator mode): it has no way to send a token. */
export function browserDbByUrl(port: number): Database {
  const app = initializeApp(
    { databaseURL: `http://127.0.0.1:${port}?ns=marketplace`, projectId: 'marketplace' },
    `loc-url-${appCount++}`,
  );
  const db = getDatabase(app);
  apps.push({ app, db });
  return db;
}

export async function closeBrowsers(): Promise<void> {
  for (const { app, db } of apps.splice(0)) {
    goOffline(db);
    await deleteApp(app);
  }
}

/** Listens with onValue (firebase-server answers listens) until `accept` holds for a value. */
export function nextValue<T>(
  db: Database,
  path: string,
  accept: (v: T | null) => boolean = (v) => v !== null,
  timeoutMs = 5000,
): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no matching value at ${path}`));
    }, timeoutMs);
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

export async function denied(operation: Promise<unknown>): Promise<void> {
  await assert.rejects(operation, (err: Error) => {
    assert.match(err.message, /permission_denied/i);
    return true;
  });
}
