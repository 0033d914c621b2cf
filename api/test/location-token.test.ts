/**
 * POST /api/location/token (issue 10, item 8): a token of the embedded location server without a
 * service account, a Firebase custom token (firebase-admin) with one; the claims the rules check.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { EMBEDDED_IN_USE, FIREBASE_IN_USE } from '../src/routes/location.js';
import { parseServiceAccount, verifyEmbeddedToken } from '../src/location/tokens.js';
import {
  DIALECTS,
  addCard,
  bookingBody,
  signUp,
  startTestServer,
  startWithParties,
  type TestServer,
  type TestUser,
} from './helpers.js';

function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
  };
}

for (const dialect of DIALECTS) {
  describe(`POST /api/location/token, embedded server (${dialect})`, () => {
    let s: TestServer;
    let serviceId: number;
    let customer: TestUser;
    let otherCustomer: TestUser;
    let provider: TestUser;
    let otherProvider: TestUser;
    let card: { id: number };

    before(async () => {
      ({ s, serviceId, customer, otherCustomer, provider, otherProvider } = await startWithParties(dialect, 30));
      card = await addCard(s, customer);
    });
    after(() => s.close());

    /** The secret the embedded server checks tokens with (config.locationTokenSecret). */
    const secret = () => s.app.ctx.config.locationTokenSecret;
    const token = (user?: TestUser) => s.req('POST', '/api/location/token', { token: user?.token });
    const book = async (prov: TestUser) => {
      const res = await s.req('POST', '/api/jobs', { token: customer.token, json: bookingBody(prov.id, serviceId, card.id) });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data as { id: number };
    };
    const setStatus = async (jobId: number, prov: TestUser, status: string) => {
      const res = await s.req('PATCH', `/api/jobs/${jobId}`, { token: prov.token, json: { status } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    const follows = async (user: TestUser) => {
      const res = await token(user);
      assert.equal(res.status, 200);
      return res.body.data.follows as number[];
    };

    test('needs a signed-in user', async () => {
      assert.equal((await token()).status, 401);
      assert.equal((await s.req('POST', '/api/location/token', { token: 'not-a-token' })).status, 401);
    });

    test("says the embedded server is in use and answers a token it accepts: the user's id, role and claims", async () => {
      const res = await token(provider);
      assert.equal(res.status, 200);
      assert.equal(res.body.message, EMBEDDED_IN_USE);
      const data = res.body.data;
      assert.equal(data.mode, 'embedded');
      assert.equal(data.uid, String(provider.id));
      assert.equal(data.role, 'Provider');
      assert.deepEqual(data.follows, []);
      const now = s.clock.now();
      const payload = verifyEmbeddedToken(data.token, secret(), now);
      assert.ok(payload, 'signed with the server secret and valid now');
      assert.equal(payload.sub, String(provider.id));
      assert.equal(payload.role, 'Provider');
      assert.equal(payload.follows, '');
      assert.equal(new Date(data.expires_at).getTime(), (payload.exp as number) * 1000);
      assert.equal((payload.exp as number) - (payload.iat as number), 3600);
      assert.equal(verifyEmbeddedToken(data.token, 'another-secret', now), null);
      assert.equal(verifyEmbeddedToken(data.token, secret(), new Date(now.getTime() + 3601_000)), null, 'expires after an hour');
    });

    test("a customer's token follows the provider of an Accepted job only, and only while it is Accepted", async () => {
      assert.deepEqual(await follows(customer), []);
      const job = await book(provider);
      assert.deepEqual(await follows(customer), [], 'Pending: nothing to follow');
      await setStatus(job.id, provider, 'Accepted');
      assert.deepEqual(await follows(customer), [provider.id]);
      assert.deepEqual(await follows(otherCustomer), [], "another customer does not follow this job's provider");
      assert.deepEqual(await follows(provider), [], 'providers follow nobody');
      await setStatus(job.id, provider, 'Completed');
      assert.deepEqual(await follows(customer), [], 'Completed: no longer');

      const rejected = await book(provider);
      await setStatus(rejected.id, provider, 'Rejected');
      assert.deepEqual(await follows(customer), [], 'Rejected: never');
    });

    test('two Accepted jobs with two providers: both, the one changed last first, without repeats', async () => {
      const first = await book(provider);
      const second = await book(provider);
      await setStatus(first.id, provider, 'Accepted');
      await setStatus(second.id, provider, 'Accepted');
      s.clock.advance(60_000);
      const other = await book(otherProvider);
      await setStatus(other.id, otherProvider, 'Accepted');
      const res = await token(customer);
      assert.deepEqual(res.body.data.follows, [otherProvider.id, provider.id]);
      assert.equal(
        verifyEmbeddedToken(res.body.data.token, secret(), s.clock.now())!.follows,
        `${otherProvider.id},${provider.id}`,
      );
      for (const id of [first.id, second.id]) await setStatus(id, provider, 'Completed');
      await setStatus(other.id, otherProvider, 'Completed');
    });
  });
}

describe('POST /api/location/token with a Firebase service account', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const account = {
    type: 'service_account',
    project_id: 'marketplace-test',
    private_key_id: 'abc123',
    private_key: privateKey,
    client_email: 'location@marketplace-test.iam.gserviceaccount.com',
    client_id: '1',
  };
  let s: TestServer;
  let customer: TestUser;

  before(async () => {
    s = await startTestServer('sqlite', { config: { firebaseServiceAccount: JSON.stringify(account) } });
    customer = await signUp(s, 'Customer');
  });
  after(() => s.close());

  test('mints a Firebase custom token (firebase-admin, signed offline with the key) for the signed-in user', async () => {
    const res = await s.req('POST', '/api/location/token', { token: customer.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, FIREBASE_IN_USE);
    assert.equal(res.body.data.mode, 'firebase');
    assert.equal(res.body.data.uid, String(customer.id));
    const jwt = res.body.data.token as string;
    const { header, payload } = decodeJwt(jwt);
    assert.equal(header.alg, 'RS256');
    const [h, p, sig] = jwt.split('.');
    assert.ok(
      createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(sig, 'base64url')),
      'signed with the service account key',
    );
    assert.equal(payload.uid, String(customer.id));
    assert.equal(payload.iss, account.client_email);
    assert.equal(payload.sub, account.client_email);
    assert.match(String(payload.aud), /identitytoolkit/);
    assert.deepEqual(payload.claims, { role: 'Customer', follows: '' });
  });

  test('needs a signed-in user too', async () => {
    assert.equal((await s.req('POST', '/api/location/token')).status, 401);
  });

  test('a FIREBASE_SERVICE_ACCOUNT that is not a service account key stops the API at start, saying why', async () => {
    assert.throws(() => parseServiceAccount('{nope'), /not JSON/);
    assert.throws(() => parseServiceAccount('{"project_id":"x"}'), /missing client_email, private_key/);
    await assert.rejects(
      buildApp({
        config: { env: 'test', firebaseServiceAccount: '{"type":"service_account"}' },
        database: { databaseUrl: null, sqlitePath: ':memory:' },
      }),
      /FIREBASE_SERVICE_ACCOUNT must hold the JSON of a Firebase service account key/,
    );
  });
});
