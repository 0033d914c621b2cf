/**
 * Bearer tokens expire (issue 11, item 4): an absolute lifetime (default 30 days) and an idle
 * timeout (default 7 days), both configurable; an expired or revoked token gets 401; logout revokes
 * the token; a password reset revokes every token of that user.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config.js';
import { SESSION_EXPIRED, sessionExpiresAt, shouldRecordUse } from '../src/domain/tokens.js';
import { hashToken } from '../src/domain/tokens.js';
import { withHardening } from '../src/db/hardeningSchema.js';
import { DIALECTS, signUp, startTestServer, type TestServer, type TestUser } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('session policy (pure)', () => {
  const policy = { lifetimeMs: 30 * DAY, idleMs: 7 * DAY };
  test('a token expires at the earlier of its lifetime and its idle timeout', () => {
    const created = '2025-01-01T00:00:00.000Z';
    const t0 = Date.parse(created);
    assert.equal(sessionExpiresAt({ created_at: created, last_used_at: null }, policy), t0 + 7 * DAY);
    assert.equal(
      sessionExpiresAt({ created_at: created, last_used_at: new Date(t0 + 10 * DAY).toISOString() }, policy),
      t0 + 17 * DAY,
    );
    assert.equal(
      sessionExpiresAt({ created_at: created, last_used_at: new Date(t0 + 29 * DAY).toISOString() }, policy),
      t0 + 30 * DAY,
    );
  });
  test('a use is recorded at most once a minute (or a tenth of a short idle timeout)', () => {
    const t0 = Date.parse('2025-01-01T00:00:00.000Z');
    const iso = new Date(t0).toISOString();
    assert.equal(shouldRecordUse(iso, iso, t0 + 59_999, policy), false);
    assert.equal(shouldRecordUse(iso, iso, t0 + MINUTE, policy), true);
    assert.equal(shouldRecordUse(null, iso, t0 + 30_000, { lifetimeMs: HOUR, idleMs: 5 * MINUTE }), true);
  });
  test('SESSION_LIFETIME_DAYS and SESSION_IDLE_DAYS configure it (defaults 30 and 7)', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.sessionLifetimeMs, 30 * DAY);
    assert.equal(defaults.sessionIdleMs, 7 * DAY);
    const set = loadConfig({ SESSION_LIFETIME_DAYS: '1', SESSION_IDLE_DAYS: '0.5' });
    assert.equal(set.sessionLifetimeMs, DAY);
    assert.equal(set.sessionIdleMs, 12 * HOUR);
    assert.throws(() => loadConfig({ SESSION_IDLE_DAYS: '0' }), /SESSION_IDLE_DAYS/);
    assert.throws(() => loadConfig({ SESSION_LIFETIME_DAYS: 'forever' }), /SESSION_LIFETIME_DAYS/);
  });
});

for (const dialect of DIALECTS) {
  describe(`sessions expire (${dialect})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(dialect);
    });
    after(() => s.close());

    const me = (token: string) => s.req('GET', '/api/auth/me', { token });
    const login = async (u: TestUser) => {
      const res = await s.req('POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data as { token: string; expires_at: string };
    };

    test('login answers when the token expires unless used (the idle timeout)', async () => {
      const u = await signUp(s, 'Customer');
      const session = await login(u);
      assert.equal(session.expires_at, new Date(s.clock.now().getTime() + 7 * DAY).toISOString());
    });

    test('idle for 7 days: 401 with the session-expired message; the token is gone after', async () => {
      const u = await signUp(s, 'Customer');
      s.clock.advance(7 * DAY - MINUTE);
      assert.equal((await me(u.token)).status, 200, 'used just before the idle timeout');
      s.clock.advance(7 * DAY - MINUTE);
      assert.equal((await me(u.token)).status, 200, 'each use restarts the idle timeout');
      s.clock.advance(7 * DAY);
      const expired = await me(u.token);
      assert.equal(expired.status, 401);
      assert.deepEqual(expired.body, { message: SESSION_EXPIRED });
      const gone = await me(u.token);
      assert.equal(gone.status, 401);
      assert.equal(gone.body.message, 'Unauthenticated.');
      const rows = await s.app.ctx.db
        .selectFrom('api_tokens')
        .select('id')
        .where('token_hash', '=', hashToken(u.token))
        .execute();
      assert.deepEqual(rows, []);
    });

    test('used every day, a token still ends 30 days after it was issued', async () => {
      const u = await signUp(s, 'Customer');
      for (let day = 1; day < 30; day += 1) {
        s.clock.advance(DAY);
        assert.equal((await me(u.token)).status, 200, `day ${day}`);
      }
      s.clock.advance(DAY);
      const expired = await me(u.token);
      assert.equal(expired.status, 401);
      assert.equal(expired.body.message, SESSION_EXPIRED);
      // Signing in again gives a fresh session.
      const again = await login(u);
      assert.equal((await me(again.token)).status, 200);
    });

    test('every authenticated route refuses an expired token', async () => {
      const u = await signUp(s, 'Provider');
      s.clock.advance(8 * DAY);
      for (const [method, path] of [
        ['GET', '/api/jobs'],
        ['GET', '/api/notifications'],
        ['GET', '/api/chats'],
        ['GET', '/api/payment-methods'],
        ['POST', '/api/auth/logout'],
      ] as const) {
        const res = await s.req(method, path, { token: u.token });
        assert.equal(res.status, 401, `${method} ${path}`);
      }
    });

    test('a use is written at most once a minute', async () => {
      const u = await signUp(s, 'Customer');
      const db = withHardening(s.app.ctx.db);
      const lastUsed = async () =>
        (
          await db
            .selectFrom('api_tokens')
            .select('last_used_at')
            .where('token_hash', '=', hashToken(u.token))
            .executeTakeFirstOrThrow()
        ).last_used_at;
      const atLogin = await lastUsed();
      s.clock.advance(30_000);
      await me(u.token);
      assert.equal(await lastUsed(), atLogin);
      s.clock.advance(30_000);
      await me(u.token);
      assert.equal(new Date(String(await lastUsed())).getTime(), s.clock.now().getTime());
    });

    test('logout revokes only that token', async () => {
      const u = await signUp(s, 'Customer');
      const second = await login(u);
      assert.equal((await s.req('POST', '/api/auth/logout', { token: u.token })).status, 200);
      assert.equal((await me(u.token)).status, 401);
      assert.equal((await me(second.token)).status, 200);
    });

    test('a password reset revokes every token of that user, and only that user', async () => {
      const u = await signUp(s, 'Customer');
      const other = await signUp(s, 'Customer');
      const second = await login(u);
      await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
      const mail = await s.req('GET', `/api/dev/mail?to=${encodeURIComponent(u.email)}`);
      const code = /\b(\d{6})\b/.exec(mail.body.data[0].text)![1];
      assert.equal(
        (await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: code, password: 'brandnew1' } })).status,
        200,
      );
      assert.equal((await me(u.token)).status, 401);
      assert.equal((await me(second.token)).status, 401);
      assert.equal((await me(other.token)).status, 200);
    });

    test('the OTP attempts are claimed atomically: 20 parallel wrong codes, at most 5 compared', async () => {
      const u = await signUp(s, 'Customer');
      await s.req('POST', '/api/auth/reset-password', { json: { email: u.email } });
      const mail = await s.req('GET', `/api/dev/mail?to=${encodeURIComponent(u.email)}`);
      const code = /\b(\d{6})\b/.exec(mail.body.data[0].text)![1];
      const wrong = code === '000000' ? '111111' : '000000';
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: wrong, password: 'brandnew1' } }),
        ),
      );
      const compared = results.filter((r) => r.status === 400 && r.body.message === 'The OTP is invalid or has expired.').length;
      const locked = results.filter((r) => r.status === 429).length;
      assert.ok(compared <= 5, `compared ${compared}`);
      assert.equal(compared + locked, 20);
      // Locked: even the right code is refused now.
      assert.equal(
        (await s.req('POST', '/api/auth/forgot', { json: { email: u.email, otp: code, password: 'brandnew1' } })).status,
        429,
      );
    });
  });

  describe(`sessions with configured lifetimes (${dialect})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(dialect, { config: { sessionLifetimeMs: 2 * HOUR, sessionIdleMs: 30 * MINUTE } });
    });
    after(() => s.close());

    test('the idle timeout and the lifetime follow the configuration', async () => {
      const u = await signUp(s, 'Customer');
      s.clock.advance(29 * MINUTE);
      assert.equal((await s.req('GET', '/api/auth/me', { token: u.token })).status, 200);
      s.clock.advance(30 * MINUTE);
      assert.equal((await s.req('GET', '/api/auth/me', { token: u.token })).status, 401);

      const v = await signUp(s, 'Customer');
      for (let i = 0; i < 7; i += 1) {
        s.clock.advance(16 * MINUTE);
        assert.equal((await s.req('GET', '/api/auth/me', { token: v.token })).status, 200, `use ${i}`);
      }
      s.clock.advance(16 * MINUTE); // 2 h 8 min after login
      assert.equal((await s.req('GET', '/api/auth/me', { token: v.token })).status, 401);
    });
  });
}
