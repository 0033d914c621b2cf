/**
 * api/firebase/database.rules.json, evaluated offline with targaryen (the evaluator firebase-server
 * itself uses): the allowed and the refused cases of issue 10, item 9.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { loadProductionRules } from '../src/location/server.js';

const require = createRequire(import.meta.url);

interface Result {
  allowed: boolean;
  info: string;
}
interface RulesDb {
  as(auth: object | null): RulesDb;
  read(path: string, now?: number): Result;
  write(path: string, value: unknown, now?: number): Result;
  update(path: string, patch: Record<string, unknown>, now?: number): Result;
}
const targaryen = require('targaryen') as { database(rules: object, data?: unknown): RulesDb };

// targaryen evaluates `now` with the clock of the machine.
const NOW = Date.now();
const SERVER_TIME = { '.sv': 'timestamp' };

/** A signed-in Firebase user as the rules see it: auth.uid and the token's claims. */
const user = (uid: string, role: 'Customer' | 'Provider', follows = '', signedInAgoS = 60) => ({
  uid,
  token: { sub: uid, role, follows, auth_time: Math.floor(NOW / 1000) - signedInAgoS },
});
const provider7 = user('7', 'Provider');
const provider8 = user('8', 'Provider');
const customerOf7 = user('42', 'Customer', '3,7');
const customerOf70 = user('43', 'Customer', '17,70,700');
const customerWithoutJobs = user('44', 'Customer');
/** A provider whose token carries a follows claim (providers follow nobody: the role decides). */
const providerClaimingFollows = user('9', 'Provider', '7');

const data = { provider: { latLng: { '7': { lat: 12.97, lng: 77.59, updatedAt: NOW - 5000 } } } };
const db = targaryen.database(loadProductionRules(), data);

const position = (lat: unknown, lng: unknown, updatedAt: unknown = SERVER_TIME) => ({ lat, lng, updatedAt });
const write = (auth: object | null, path: string, value: unknown) => db.as(auth).write(path, value, NOW);
const read = (auth: object | null, path: string) => db.as(auth).read(path, NOW);

function allowed(result: Result) {
  assert.equal(result.allowed, true, result.info);
}
function refused(result: Result) {
  assert.equal(result.allowed, false, result.info);
}

describe('database rules: writes', () => {
  test('a provider writes their own position: numeric lat/lng in range and the server time', () => {
    allowed(write(provider7, 'provider/latLng/7', position(12.9716, 77.5946)));
    allowed(write(provider7, 'provider/latLng/7', position(-90, -180)));
    allowed(write(provider7, 'provider/latLng/7', position(90, 180)));
    allowed(write(provider7, 'provider/latLng/7', position(0, 0, NOW - 1)));
  });

  test("a provider cannot write another provider's key, nor a customer anyone's", () => {
    refused(write(provider7, 'provider/latLng/8', position(1, 2)));
    refused(write(provider8, 'provider/latLng/7', position(1, 2)));
    refused(write(customerOf7, 'provider/latLng/7', position(1, 2)));
    refused(write(customerOf7, 'provider/latLng/42', position(1, 2)));
  });

  test('nobody who is not signed in writes anything', () => {
    refused(write(null, 'provider/latLng/7', position(1, 2)));
    refused(write(null, 'provider/latLng/7/lat', 1));
    refused(write(null, 'anything', 'x'));
  });

  test('the position must be numbers in range, with updatedAt not in the future, and nothing else', () => {
    refused(write(provider7, 'provider/latLng/7', position('12.97', 77.59)));
    refused(write(provider7, 'provider/latLng/7', position(12.97, '77.59')));
    refused(write(provider7, 'provider/latLng/7', position(90.0001, 0)));
    refused(write(provider7, 'provider/latLng/7', position(-90.5, 0)));
    refused(write(provider7, 'provider/latLng/7', position(0, 180.5)));
    refused(write(provider7, 'provider/latLng/7', position(0, -181)));
    refused(write(provider7, 'provider/latLng/7', position(true, 1)));
    refused(write(provider7, 'provider/latLng/7', { lat: 1, updatedAt: SERVER_TIME }));
    refused(write(provider7, 'provider/latLng/7', { lat: 1, lng: 2 }));
    refused(write(provider7, 'provider/latLng/7', position(1, 2, NOW + 60_000)));
    refused(write(provider7, 'provider/latLng/7', position(1, 2, 'now')));
    refused(write(provider7, 'provider/latLng/7', { ...position(1, 2), note: 'hello' }));
    refused(write(provider7, 'provider/latLng/7', 'somewhere'));
  });

  test("a position may carry the writing device's claim: its id and when it claimed the sharing", () => {
    const claimed = (device: unknown, since: unknown) => ({ ...position(12.97, 77.59), device, since });
    allowed(write(provider7, 'provider/latLng/7', claimed('5f0c7a9e-2b1d-4c4e-9a53-0d6f3e1b2c4d', NOW - 60_000)));
    // Claims are made in the server's time as the device reckons it: a few seconds ahead is allowed.
    allowed(write(provider7, 'provider/latLng/7', claimed('phone', NOW + 5_000)));
    refused(write(provider7, 'provider/latLng/7', claimed('', NOW)));
    refused(write(provider7, 'provider/latLng/7', claimed('x'.repeat(65), NOW)));
    refused(write(provider7, 'provider/latLng/7', claimed(42, NOW)));
    refused(write(provider7, 'provider/latLng/7', claimed('phone', String(NOW))));
    // A claim far in the future would keep the sharing on one device for good.
    refused(write(provider7, 'provider/latLng/7', claimed('phone', NOW + 3_600_000)));
    refused(write(provider8, 'provider/latLng/7', claimed('phone', NOW)));
  });

  test('a provider marks their position as the last one (stoppedAt: the server time), nobody else can', () => {
    allowed(db.as(provider7).update('provider/latLng/7', { stoppedAt: SERVER_TIME }, NOW));
    refused(db.as(provider7).update('provider/latLng/7', { stoppedAt: NOW + 60_000 }, NOW));
    refused(db.as(provider7).update('provider/latLng/7', { stoppedAt: 'now' }, NOW));
    refused(db.as(provider8).update('provider/latLng/7', { stoppedAt: SERVER_TIME }, NOW));
    refused(db.as(customerOf7).update('provider/latLng/7', { stoppedAt: SERVER_TIME }, NOW));
  });

  test('a provider may update a field of their own position, but not outside it', () => {
    allowed(db.as(provider7).update('provider/latLng/7', { lat: 13, updatedAt: SERVER_TIME }, NOW));
    refused(db.as(provider7).update('provider/latLng', { '8': position(1, 2) }, NOW));
    refused(db.as(provider7).update('provider/latLng', { '7': position(1, 2), '8': position(1, 2) }, NOW));
  });

  test('nothing else in the database is writable, even by a signed-in provider', () => {
    refused(write(provider7, '', { provider: {} }));
    refused(write(provider7, 'provider', { latLng: {} }));
    refused(write(provider7, 'provider/latLng', { '7': position(1, 2) }));
    refused(write(provider7, 'users/7', { name: 'x' }));
    refused(write(provider7, 'provider/other/7', position(1, 2)));
  });

  test('a provider may remove their own position', () => {
    allowed(write(provider7, 'provider/latLng/7', null));
    refused(write(provider8, 'provider/latLng/7', null));
  });
});

describe('database rules: reads', () => {
  test('a customer reads the position of a provider of their Accepted job (the follows claim)', () => {
    allowed(read(customerOf7, 'provider/latLng/7'));
    allowed(read(customerOf7, 'provider/latLng/3'));
    allowed(read(customerOf7, 'provider/latLng/7/lat'));
  });

  test('a customer reads no other provider, not even one whose id contains the followed id', () => {
    refused(read(customerOf70, 'provider/latLng/7'));
    refused(read(customerOf70, 'provider/latLng/0'));
    refused(read(customerOf7, 'provider/latLng/8'));
    refused(read(customerWithoutJobs, 'provider/latLng/7'));
    refused(read(user('45', 'Customer', ''), 'provider/latLng/7'));
  });

  test("a customer's following lasts an hour after the token was issued (auth_time): then a new token is needed", () => {
    allowed(read(user('42', 'Customer', '7', 59 * 60), 'provider/latLng/7'));
    refused(read(user('42', 'Customer', '7', 61 * 60), 'provider/latLng/7'));
    refused(read({ uid: '42', token: { sub: '42', role: 'Customer', follows: '7' } }, 'provider/latLng/7'));
    // A provider's own key is not limited so.
    allowed(read(user('7', 'Provider', '', 5 * 3600), 'provider/latLng/7'));
  });

  test('a provider reads their own position only', () => {
    allowed(read(provider7, 'provider/latLng/7'));
    refused(read(provider8, 'provider/latLng/7'));
    refused(read(providerClaimingFollows, 'provider/latLng/7'));
  });

  test('nobody who is not signed in reads anything, and nobody lists all positions', () => {
    refused(read(null, 'provider/latLng/7'));
    refused(read(null, ''));
    refused(read(customerOf7, ''));
    refused(read(customerOf7, 'provider'));
    refused(read(customerOf7, 'provider/latLng'));
    refused(read(provider7, 'provider/latLng'));
  });

  test('a token without the claims (another sign-in method) reads and writes nothing', () => {
    const bare = { uid: '7', token: { sub: '7' } };
    refused(write(bare, 'provider/latLng/7', position(1, 2)));
    refused(read({ uid: '42', token: { sub: '42' } }, 'provider/latLng/7'));
    allowed(read(bare, 'provider/latLng/7')); // own key: auth.uid alone is enough to read it back
  });
});
