import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../config';
import { LocationSetupError, openFirebaseConnection, usesEmulator } from './firebaseConnection';
import type { LocationToken } from './token';

const calls: Array<[string, ...unknown[]]> = [];
let listeners: Array<{ path: string; next: (snap: { val(): unknown }) => void; fail: (e: Error) => void }> = [];

jest.mock('firebase/app', () => ({
  initializeApp: (options: unknown, name: string) => {
    calls.push(['initializeApp', options, name]);
    return { name };
  },
  deleteApp: async (app: { name: string }) => {
    calls.push(['deleteApp', app.name]);
  },
}));

jest.mock('firebase/database', () => ({
  getDatabase: (app: { name: string }) => ({ app }),
  forceWebSockets: () => calls.push(['forceWebSockets']),
  connectDatabaseEmulator: (_db: unknown, host: string, port: number, options: unknown) =>
    calls.push(['connectDatabaseEmulator', host, port, options]),
  ref: (_db: unknown, path: string) => ({ path }),
  set: async (r: { path: string }, value: unknown) => {
    calls.push(['set', r.path, value]);
  },
  update: async (r: { path: string }, value: unknown) => {
    calls.push(['update', r.path, value]);
  },
  serverTimestamp: () => ({ '.sv': 'timestamp' }),
  onValue: (r: { path: string }, next: (snap: { val(): unknown }) => void, fail: (e: Error) => void) => {
    const entry = { path: r.path, next, fail };
    listeners.push(entry);
    return () => {
      listeners = listeners.filter((l) => l !== entry);
    };
  },
  goOffline: () => calls.push(['goOffline']),
}));

jest.mock('firebase/auth', () => ({
  inMemoryPersistence: 'memory',
  initializeAuth: (app: unknown, options: unknown) => {
    calls.push(['initializeAuth', options]);
    return { app };
  },
  signInWithCustomToken: async (_auth: unknown, token: string) => {
    calls.push(['signInWithCustomToken', token]);
  },
}));

const embeddedToken: LocationToken = {
  mode: 'embedded',
  token: 'jwt-embedded',
  uid: '20',
  role: 'Provider',
  follows: [],
  expires_at: '2025-06-15T13:00:00.000Z',
};
const firebaseToken: LocationToken = { ...embeddedToken, mode: 'firebase', token: 'custom-token' };
const embeddedConfig: RuntimeConfig = {
  ...DEFAULT_RUNTIME_CONFIG,
  firebase: { databaseURL: 'ws://localhost:9100', emulatorHost: 'localhost', emulatorPort: 9100, projectId: 'marketplace' },
};
const projectConfig: RuntimeConfig = {
  ...DEFAULT_RUNTIME_CONFIG,
  firebase: {
    databaseURL: 'https://acme-default-rtdb.europe-west1.firebasedatabase.app',
    projectId: 'acme',
    apiKey: 'web-key',
    emulatorHost: '',
  },
};

beforeEach(() => {
  calls.length = 0;
  listeners = [];
});

describe('the firebase connection', () => {
  it('embedded default: connectDatabaseEmulator with the runtime host and port and the API token, no Firebase Auth', async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    expect(calls.find((c) => c[0] === 'connectDatabaseEmulator')).toEqual([
      'connectDatabaseEmulator',
      'localhost',
      9100,
      { mockUserToken: 'jwt-embedded' },
    ]);
    expect(calls.some((c) => c[0] === 'signInWithCustomToken')).toBe(false);
    // WebSocket only: the embedded server has no long-polling, which the SDK falls back to after a failed socket.
    expect(calls.findIndex((c) => c[0] === 'forceWebSockets')).toBeGreaterThan(-1);
    expect(calls.findIndex((c) => c[0] === 'forceWebSockets')).toBeLessThan(
      calls.findIndex((c) => c[0] === 'connectDatabaseEmulator'),
    );
    expect(connection.uid).toBe('20');
    expect(connection.expiresAt).toBe(Date.parse('2025-06-15T13:00:00.000Z'));
  });

  it('a real project: signInWithCustomToken (in memory) before the database is used, no emulator', async () => {
    const connection = await openFirebaseConnection(firebaseToken, projectConfig);
    const names = calls.map((c) => c[0]);
    expect(names).toContain('signInWithCustomToken');
    expect(names).not.toContain('connectDatabaseEmulator');
    expect(names).not.toContain('forceWebSockets');
    expect(calls.find((c) => c[0] === 'initializeApp')![1]).toEqual({
      apiKey: 'web-key',
      projectId: 'acme',
      databaseURL: 'https://acme-default-rtdb.europe-west1.firebasedatabase.app',
    });
    expect(calls.find((c) => c[0] === 'initializeAuth')![1]).toEqual({ persistence: 'memory' });
    expect(calls.find((c) => c[0] === 'signInWithCustomToken')![1]).toBe('custom-token');
    expect(connection.expiresAt).toBe(Date.parse('2025-06-15T13:00:00.000Z'));
  });

  it('writes { lat, lng, updatedAt: server time } under provider/latLng/{own uid}', async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    await connection.writeOwnPosition({ lat: 12.9716, lng: 77.5946 });
    expect(calls.find((c) => c[0] === 'set')).toEqual([
      'set',
      'provider/latLng/20',
      { lat: 12.9716, lng: 77.5946, updatedAt: { '.sv': 'timestamp' } },
    ]);
  });

  it("follows a provider's key with onValue, answering positions or null", async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    const seen: unknown[] = [];
    const stop = connection.watchProvider(
      7,
      (p) => seen.push(p),
      () => undefined,
    );
    const position = listeners.find((l) => l.path === 'provider/latLng/7')!;
    position.next({ val: () => null });
    position.next({ val: () => ({ lat: 1, lng: 2, updatedAt: 3 }) });
    position.next({ val: () => 'garbage' });
    expect(seen).toEqual([null, { lat: 1, lng: 2, updatedAt: 3 }, null]);
    stop();
    // The server's clock offset is listened to while the connection is open.
    expect(listeners.map((l) => l.path)).toEqual(['.info/serverTimeOffset']);
    await connection.close();
    expect(listeners).toHaveLength(0);
  });

  it("writes the device's claim with the position, and reads it back from its own key", async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    await connection.writeOwnPosition({ lat: 1, lng: 2 }, { device: 'phone', since: 1_700_000_000_000 });
    expect(calls.find((c) => c[0] === 'set')).toEqual([
      'set',
      'provider/latLng/20',
      { lat: 1, lng: 2, updatedAt: { '.sv': 'timestamp' }, device: 'phone', since: 1_700_000_000_000 },
    ]);
    const seen: unknown[] = [];
    connection.watchOwnPosition(
      (p) => seen.push(p),
      () => undefined,
    );
    const own = listeners.find((l) => l.path === 'provider/latLng/20')!;
    own.next({ val: () => ({ lat: 1, lng: 2, updatedAt: 5, device: 'laptop', since: 4 }) });
    // Written by a browser that does not send claims yet.
    own.next({ val: () => ({ lat: 1, lng: 2, updatedAt: 6 }) });
    own.next({ val: () => null });
    expect(seen).toEqual([
      { lat: 1, lng: 2, updatedAt: 5, device: 'laptop', since: 4 },
      { lat: 1, lng: 2, updatedAt: 6, device: null, since: null },
      null,
    ]);
  });

  it('marks its own position as the last one when the provider stops sharing', async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    await connection.markStopped();
    expect(calls.find((c) => c[0] === 'update')).toEqual(['update', 'provider/latLng/20', { stoppedAt: { '.sv': 'timestamp' } }]);
    const seen: unknown[] = [];
    connection.watchProvider(
      20,
      (p) => seen.push(p),
      () => undefined,
    );
    listeners.find((l) => l.path === 'provider/latLng/20')!.next({ val: () => ({ lat: 1, lng: 2, updatedAt: 5, stoppedAt: 9 }) });
    expect(seen).toEqual([{ lat: 1, lng: 2, updatedAt: 5, stopped: true }]);
  });

  it("reckons the server's time with the offset the handshake gave", async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    const offset = listeners.find((l) => l.path === '.info/serverTimeOffset')!;
    offset.next({ val: () => -90_000 });
    expect(Math.abs(connection.serverNow() - (Date.now() - 90_000))).toBeLessThan(1_000);
  });

  it("answers the position's time in this device's clock: a device 3 minutes behind the server still reads it as just now", async () => {
    const connection = await openFirebaseConnection(embeddedToken, embeddedConfig);
    const seen: unknown[] = [];
    connection.watchProvider(
      7,
      (p) => seen.push(p),
      () => undefined,
    );
    const offset = listeners.find((l) => l.path === '.info/serverTimeOffset')!;
    const position = listeners.find((l) => l.path === 'provider/latLng/7')!;
    offset.next({ val: () => 180_000 });
    const serverNow = 1_800_000_000_000;
    position.next({ val: () => ({ lat: 1, lng: 2, updatedAt: serverNow }) });
    expect(seen).toEqual([{ lat: 1, lng: 2, updatedAt: serverNow - 180_000 }]);
    // The offset measured again (a reconnection): the same position is answered anew.
    offset.next({ val: () => 120_000 });
    expect(seen.at(-1)).toEqual({ lat: 1, lng: 2, updatedAt: serverNow - 120_000 });
  });

  it('close goes offline and deletes its own app (each connection has one)', async () => {
    const a = await openFirebaseConnection(embeddedToken, embeddedConfig);
    const b = await openFirebaseConnection(embeddedToken, embeddedConfig);
    const [nameA, nameB] = calls.filter((c) => c[0] === 'initializeApp').map((c) => c[2]);
    expect(nameA).not.toBe(nameB);
    await a.close();
    await a.close();
    expect(calls.filter((c) => c[0] === 'deleteApp')).toEqual([['deleteApp', nameA]]);
    await b.close();
  });

  it('an https databaseURL means a real project, even with the default emulatorHost merged in', () => {
    expect(usesEmulator(embeddedConfig)).toBe(true);
    expect(usesEmulator(DEFAULT_RUNTIME_CONFIG)).toBe(true);
    expect(usesEmulator(projectConfig)).toBe(false);
    expect(
      usesEmulator({ ...projectConfig, firebase: { ...projectConfig.firebase, emulatorHost: 'localhost', emulatorPort: 9000 } }),
    ).toBe(false);
    expect(usesEmulator({ ...embeddedConfig, firebase: { ...embeddedConfig.firebase, emulatorHost: '' } })).toBe(false);
  });

  it('says clearly when the API and the runtime config disagree on the mode', async () => {
    await expect(openFirebaseConnection(firebaseToken, embeddedConfig)).rejects.toThrow(LocationSetupError);
    await expect(openFirebaseConnection(embeddedToken, projectConfig)).rejects.toThrow(/FIREBASE_SERVICE_ACCOUNT/);
  });
});
