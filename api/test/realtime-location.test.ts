/**
 * The location server (firebase-server) against the real firebase 12 SDK the browsers use.
 */
import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ref, set } from 'firebase/database';
import { loadProductionRules, startLocationServer, type LocationServer } from '../src/location/server.js';
import { signEmbeddedToken, type LocationClaims } from '../src/location/tokens.js';
import { browserDb, browserDbByUrl, closeBrowsers, denied, nextValue, type LatLng } from './location-sdk.js';

const SECRET = 'test-location-secret';
const servers: LocationServer[] = [];

async function start(opts: { rules?: object; authSecret?: string | null } = {}): Promise<LocationServer> {
  const server = await startLocationServer({ port: 0, authSecret: SECRET, ...opts });
  servers.push(server);
  return server;
}

/** A write the server never acknowledges within `ms` (and that is not refused either). */
async function neverLands(write: Promise<unknown>, ms = 1500): Promise<void> {
  write.catch(() => undefined);
  const outcome = await Promise.race([
    write.then(
      () => 'written',
      () => 'refused',
    ),
    new Promise((r) => setTimeout(() => r('pending'), ms)),
  ]);
  assert.notEqual(outcome, 'written');
}

const tokenFor = (uid: string, claims: LocationClaims, secret = SECRET) =>
  signEmbeddedToken(uid, claims, secret, new Date()).token;
const at = (lat: number, lng: number) => ({ lat, lng, updatedAt: Date.now() - 1000 });

after(async () => {
  await closeBrowsers();
  for (const server of servers) await server.close();
});

describe('location server', () => {
  test('a provider location written by one browser is read live by another with onValue', async () => {
    const server = await start();
    assert.ok(server.port > 0);
    const provider = browserDb(server.port, tokenFor('7', { role: 'Provider', follows: '' }));
    const customer = browserDb(server.port, tokenFor('42', { role: 'Customer', follows: '7' }));

    await set(ref(provider, 'provider/latLng/7'), at(12.9716, 77.5946));
    const first = await nextValue<LatLng>(customer, 'provider/latLng/7');
    assert.equal(first!.lat, 12.9716);
    assert.equal(first!.lng, 77.5946);
    assert.equal(typeof first!.updatedAt, 'number');

    // The map follows the provider: a later write reaches the listener that is already open.
    const moved = nextValue<LatLng>(customer, 'provider/latLng/7', (v) => v?.lat === 12.98);
    await set(ref(provider, 'provider/latLng/7'), at(12.98, 77.6));
    assert.equal((await moved)!.lng, 77.6);
  });

  test('a browser that is not signed in, or whose token is forged, writes and reads nothing', async () => {
    const server = await start();
    const provider = browserDb(server.port, tokenFor('7', { role: 'Provider', follows: '' }));
    await set(ref(provider, 'provider/latLng/7'), at(1, 2));

    const anonymous = browserDb(server.port);
    await denied(set(ref(anonymous, 'provider/latLng/7'), at(0, 0)));
    await assert.rejects(nextValue(anonymous, 'provider/latLng/7'), /permission_denied/i);

    // The database URL form cannot carry a token at all.
    const byUrl = browserDbByUrl(server.port);
    await denied(set(ref(byUrl, 'provider/latLng/7'), at(0, 0)));

    // The SDK's own unsigned mock token, and a token signed with another secret, are refused at
    // sign-in ('invalid_token'): the SDK keeps such a write pending and it never lands.
    const mock = browserDb(server.port, { sub: '7', role: 'Provider', follows: '' });
    const forged = browserDb(server.port, tokenFor('7', { role: 'Provider', follows: '' }, 'not-the-secret'));
    await neverLands(set(ref(mock, 'provider/latLng/7'), at(0, 0)));
    await neverLands(set(ref(forged, 'provider/latLng/7'), at(0, 0)));

    // Nothing of theirs landed: the provider's own position is unchanged.
    const kept = await nextValue<LatLng>(provider, 'provider/latLng/7');
    assert.deepEqual([kept!.lat, kept!.lng], [1, 2]);
  });

  test('the production rules run with unsigned mock tokens when the server is started without a secret (rules testing only)', async () => {
    const server = await start({ rules: loadProductionRules(), authSecret: null });
    const provider7 = browserDb(server.port, { sub: '7', role: 'Provider', follows: '' });
    // The SDK's mock token says auth_time 0 unless told; following needs a sign-in within the hour.
    const customer = browserDb(server.port, {
      sub: '42',
      role: 'Customer',
      follows: '7',
      auth_time: Math.floor(Date.now() / 1000),
    });
    const anonymous = browserDb(server.port);

    await set(ref(provider7, 'provider/latLng/7'), at(51.5, -0.12));
    await denied(set(ref(provider7, 'provider/latLng/8'), at(51.5, -0.12)));
    await denied(set(ref(customer, 'provider/latLng/7'), at(0, 0)));
    // After an authenticated write, a client without a token must not inherit the writer's auth
    // (firebase-server keeps it; see patchRulesDatabase in src/location/server.ts).
    await denied(set(ref(anonymous, 'provider/latLng/7'), at(0, 0)));
    await denied(set(ref(provider7, 'provider/latLng/7'), { lat: '51.5', lng: -0.12, updatedAt: Date.now() }));

    assert.equal((await nextValue<LatLng>(customer, 'provider/latLng/7'))!.lat, 51.5);
    await assert.rejects(nextValue<LatLng>(anonymous, 'provider/latLng/7'), /permission_denied/i);
  });

  test('close() ends client connections and frees the port', async () => {
    const server = await startLocationServer({ port: 0, authSecret: SECRET });
    const db = browserDb(server.port, tokenFor('3', { role: 'Provider', follows: '' }));
    await set(ref(db, 'provider/latLng/3'), at(1, 1));
    const health = await fetch(`http://127.0.0.1:${server.port}/`);
    assert.equal(health.status, 200);
    await server.close();
    await assert.rejects(fetch(`http://127.0.0.1:${server.port}/`));
    const again = await startLocationServer({ port: server.port, authSecret: SECRET });
    assert.equal(again.port, server.port);
    await again.close();
  });
});
