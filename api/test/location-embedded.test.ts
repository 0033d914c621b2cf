/**
 * The embedded default end to end (issue 10, items 8 to 10): tokens from POST /api/location/token,
 * the embedded location server with the production rules and the API's secret, and the firebase 12
 * SDK connected as the app connects (connectDatabaseEmulator with the token as mockUserToken).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ref, serverTimestamp, set } from 'firebase/database';
import { ManualClock } from '../src/domain/clock.js';
import { startLocationServer, type LocationServer } from '../src/location/server.js';
import { signEmbeddedToken } from '../src/location/tokens.js';
import {
  DIALECTS,
  addCard,
  bookingBody,
  ensureService,
  signUp,
  signUpProvider,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';
import { browserDb, closeBrowsers, denied, nextValue, type LatLng } from './location-sdk.js';

for (const dialect of DIALECTS) {
  describe(`the embedded location server with the API's tokens (${dialect})`, () => {
    let s: TestServer;
    let location: LocationServer;
    let customer: TestUser;
    let pendingCustomer: TestUser;
    let provider: TestUser;
    let otherProvider: TestUser;
    let serviceId: number;

    before(async () => {
      // firebase-server checks a token's times against the real clock.
      s = await startTestServer(dialect, { clock: new ManualClock(Date.now()) });
      location = await startLocationServer({ port: 0, authSecret: s.app.ctx.config.locationTokenSecret });
      serviceId = await ensureService(s);
      [customer, pendingCustomer, provider, otherProvider] = await Promise.all([
        signUp(s, 'Customer'),
        signUp(s, 'Customer'),
        signUpProvider(s, 25),
        signUpProvider(s, 30),
      ]);
      for (const [who, status] of [
        [customer, 'Accepted'],
        [pendingCustomer, 'Pending'],
      ] as const) {
        const card = await addCard(s, who);
        const job = await s.req('POST', '/api/jobs', { token: who.token, json: bookingBody(provider.id, serviceId, card.id) });
        assert.equal(job.status, 201);
        if (status !== 'Pending') {
          const res = await s.req('PATCH', `/api/jobs/${job.body.data.id}`, { token: provider.token, json: { status } });
          assert.equal(res.status, 200);
        }
      }
    });
    after(async () => {
      await closeBrowsers();
      await location.close();
      await s.close();
    });

    /** A browser of `user`, signed in to the location database with a token from the API. */
    async function browserOf(user: TestUser) {
      const res = await s.req('POST', '/api/location/token', { token: user.token });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.mode, 'embedded');
      return browserDb(location.port, res.body.data.token);
    }
    const path = (user: TestUser) => `provider/latLng/${user.id}`;
    const position = (lat: number, lng: number) => ({ lat, lng, updatedAt: serverTimestamp() });

    test('a provider writes their own position with the server time; the customer of the Accepted job follows it live', async () => {
      const providerDb = await browserOf(provider);
      const customerDb = await browserOf(customer);
      const before = Date.now();
      await set(ref(providerDb, path(provider)), position(12.9716, 77.5946));
      const seen = await nextValue<LatLng>(customerDb, path(provider));
      assert.equal(seen!.lat, 12.9716);
      assert.equal(seen!.lng, 77.5946);
      assert.ok(seen!.updatedAt! >= before - 1000 && seen!.updatedAt! <= Date.now() + 1000, 'the server time');

      const moved = nextValue<LatLng>(customerDb, path(provider), (v) => v?.lat === 12.975);
      await set(ref(providerDb, path(provider)), position(12.975, 77.6));
      assert.equal((await moved)!.lng, 77.6);
    });

    test("a provider cannot overwrite another provider's key; a customer writes nothing", async () => {
      const otherDb = await browserOf(otherProvider);
      await denied(set(ref(otherDb, path(provider)), position(0, 0)));
      await set(ref(otherDb, path(otherProvider)), position(1, 1));
      const customerDb = await browserOf(customer);
      await denied(set(ref(customerDb, path(provider)), position(0, 0)));
      await denied(set(ref(customerDb, path(customer)), position(0, 0)));
      const providerDb = await browserOf(provider);
      assert.notEqual((await nextValue<LatLng>(providerDb, path(provider)))!.lat, 0);
    });

    test('a browser that is not signed in writes and reads nothing', async () => {
      const anonymous = browserDb(location.port);
      await denied(set(ref(anonymous, path(provider)), position(0, 0)));
      await denied(set(ref(anonymous, 'provider/latLng/999'), position(0, 0)));
      await assert.rejects(nextValue(anonymous, path(provider)), /permission_denied/i);
    });

    test('a customer follows with a token issued within the hour only (the claims are as old as the token)', async () => {
      const secret = s.app.ctx.config.locationTokenSecret;
      const claims = { role: 'Customer' as const, follows: String(provider.id) };
      const stale = signEmbeddedToken(String(customer.id), claims, secret, new Date(Date.now() - 61 * 60_000), 2 * 3600).token;
      await assert.rejects(nextValue(browserDb(location.port, stale), path(provider)), /permission_denied/i);
      const fresh = signEmbeddedToken(String(customer.id), claims, secret, new Date(Date.now() - 59 * 60_000), 2 * 3600).token;
      assert.ok(await nextValue(browserDb(location.port, fresh), path(provider)));
    });

    test('a customer whose job is not Accepted, or who follows another provider, cannot read the position', async () => {
      const pendingDb = await browserOf(pendingCustomer);
      await assert.rejects(nextValue(pendingDb, path(provider)), /permission_denied/i);
      const customerDb = await browserOf(customer);
      await assert.rejects(nextValue(customerDb, path(otherProvider)), /permission_denied/i);
      const otherDb = await browserOf(otherProvider);
      await assert.rejects(nextValue(otherDb, path(provider)), /permission_denied/i);
    });
  });
}
