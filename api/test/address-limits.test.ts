/**
 * What one client address may ask of the unauthenticated routes that cost the server work or space:
 * sign-ups (each a password hash) and the sandbox processor's card tokens (each a row, deleted when
 * nobody saves it within the hour).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sweepJobs, UNUSED_CARD_TOKEN_TTL_MS } from '../src/services/jobSweeper.js';
import { DIALECTS, signUp, startTestServer, uniqueEmail, type TestServer, type TestUser } from './helpers.js';

const card = { card_name: 'Cara Test', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

for (const dialect of DIALECTS) {
  describe(`per-address limits and unused card tokens (${dialect})`, () => {
    let s: TestServer;
    let customer: TestUser;

    before(async () => {
      s = await startTestServer(dialect, { config: { signupsPerAddressPerHour: 3, sandboxTokensPerAddressPerMinute: 2 } });
      customer = await signUp(s, 'Customer');
    });
    after(() => s.close());

    const signUpAs = (email: string) =>
      s.req('POST', '/api/auth/register', {
        json: {
          first_name: 'Nia',
          last_name: 'New',
          email,
          password: 'secret123',
          password_confirmation: 'secret123',
          role: 'Customer',
        },
      });
    const tokenise = () => s.req('POST', '/sandbox/v1/tokens', { json: card });

    test("past the hour's sign-ups from one address, a sign-up is refused with a wait and creates no account", async () => {
      // The customer above was the first of three.
      assert.equal((await signUpAs(uniqueEmail('nia'))).status, 201);
      assert.equal((await signUpAs(uniqueEmail('nia'))).status, 201);
      const email = uniqueEmail('nia');
      const refused = await signUpAs(email);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.message, 'Too many sign-ups from this network. Please try again in 60 minutes.');
      assert.equal(refused.headers.get('retry-after'), '3600');
      const login = await s.req('POST', '/api/auth/login', {
        json: { email, password: 'secret123', device_id: 't', role: 'Customer' },
      });
      assert.equal(login.status, 401);

      s.clock.advance(60 * 60 * 1000);
      assert.equal((await signUpAs(email)).status, 201);
    });

    test("past the minute's card tokens from one address, tokenising is refused with a wait", async () => {
      assert.equal((await tokenise()).status, 200);
      assert.equal((await tokenise()).status, 200);
      const refused = await tokenise();
      assert.equal(refused.status, 429);
      assert.equal(refused.body.message, 'Too many cards tried. Please try again in 60 seconds.');
      s.clock.advance(60 * 1000);
      assert.equal((await tokenise()).status, 200);
    });

    test('a card token nobody saved within the hour is deleted by the sweep; saved cards and fresh tokens stay', async () => {
      s.clock.advance(60 * 1000);
      const saved = (await tokenise()).body.id as string;
      assert.equal((await s.req('POST', '/api/payment-methods', { token: customer.token, json: { token: saved } })).status, 201);
      const unused = (await tokenise()).body.id as string;
      const stale = await s.app.ctx.db.selectFrom('sandbox_tokens').select('id').where('attached_at', 'is', null).execute();
      assert.ok(stale.some((t) => t.id === unused));

      s.clock.advance(UNUSED_CARD_TOKEN_TTL_MS + 1000);
      const fresh = (await tokenise()).body.id as string;
      const report = await sweepJobs(s.app.ctx);
      assert.equal(report.unusedCardTokensDeleted, stale.length);
      const left = (await s.app.ctx.db.selectFrom('sandbox_tokens').select('id').execute()).map((t) => t.id);
      assert.ok(left.includes(saved) && left.includes(fresh) && !left.includes(unused));

      const late = await s.req('POST', '/api/payment-methods', { token: customer.token, json: { token: unused } });
      assert.equal(late.status, 400);
      assert.equal(late.body.message, 'The card token is invalid or has already been used.');
      const methods = await s.req('GET', '/api/payment-methods', { token: customer.token });
      assert.equal(methods.body.data.length, 1);
    });
  });
}
