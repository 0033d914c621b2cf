/**
 * Settings of docs/security.md that no other suite covers: production mode drops the development
 * routes and needs its secrets set, and the security headers are on every answer, errors included.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import helmet from 'helmet';
import { loadConfig } from '../src/config.js';
import { SECURITY_HEADER_OPTIONS, securityHeaders } from '../src/http/securityHeaders.js';
import { startTestServer, type TestServer } from './helpers.js';

describe('production mode', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer('sqlite', { config: { env: 'production', isProduction: true } });
  });
  after(() => s.close());

  test('no OpenAPI UI, no dev mail listing and no dev CSP report listing', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/dev/mail', '/api/dev/csp-reports']) {
      const res = await s.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { message: 'Not Found' });
    }
  });
});

describe('production secrets', () => {
  const secret = 'f'.repeat(64);

  test('the API refuses to start in production with the public APP_KEY or PUSHER_SECRET, and says which to set', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /needs APP_KEY and PUSHER_SECRET set/);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', APP_KEY: secret }), /needs PUSHER_SECRET set/);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', APP_KEY: 'marketplace-development-key', PUSHER_SECRET: secret }),
      /needs APP_KEY set/,
    );
  });

  test('with both set it starts, and the location tokens are signed with a secret derived from APP_KEY', () => {
    const config = loadConfig({ NODE_ENV: 'production', APP_KEY: secret, PUSHER_SECRET: secret });
    assert.equal(config.isProduction, true);
    assert.equal(config.pusher.secret, secret);
    assert.notEqual(config.locationTokenSecret, loadConfig({}).locationTokenSecret);
  });

  test('in production an empty database gets no demo accounts (their password is public) unless SEED_DEMO=true asks', () => {
    const production = { NODE_ENV: 'production', APP_KEY: secret, PUSHER_SECRET: secret };
    assert.equal(loadConfig(production).seedDemoWhenEmpty, false);
    assert.equal(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemoWhenEmpty, true);
    assert.equal(loadConfig({}).seedDemoWhenEmpty, true);
    assert.equal(loadConfig({ SEED_DEMO: 'false' }).seedDemoWhenEmpty, false);
  });

  test('outside production the public defaults still run the app on one machine with no keys', () => {
    assert.equal(loadConfig({}).appKey, 'marketplace-development-key');
    assert.equal(loadConfig({ NODE_ENV: 'test' }).pusher.secret, 'app-secret');
  });
});

describe('security headers', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer('sqlite');
  });
  after(() => s.close());

  test('on success, error, not-found and malformed-body answers alike', async () => {
    const answers = await Promise.all([
      s.app.inject({
        method: 'POST',
        url: '/sandbox/v1/tokens',
        payload: { card_name: 'A', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      }),
      s.app.inject({ method: 'GET', url: '/api/jobs' }),
      s.app.inject({ method: 'GET', url: '/api/nope' }),
      s.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' }),
    ]);
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 401, 404, 400],
    );
    for (const a of answers) {
      assert.equal(a.headers['x-content-type-options'], 'nosniff');
      assert.match(String(a.headers['content-security-policy']), /default-src 'self'/);
      assert.match(String(a.headers['strict-transport-security']), /max-age=/);
      assert.equal(a.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(a.headers['cross-origin-resource-policy'], 'cross-origin');
    }
  });

  test("exactly helmet's headers: the same as helmet's own middleware sets with the same options", async () => {
    // helmet run per request on a bare Node server, as the API used to.
    const middleware = helmet(SECURITY_HEADER_OPTIONS);
    const server = createServer((req, res) => {
      res.setHeader('X-Powered-By', 'something');
      middleware(req, res, () => res.end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    let expected: Headers;
    try {
      expected = (await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`)).headers;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const fromHelmet = Object.fromEntries(
      [...expected.entries()].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
      ),
    );
    assert.ok(Object.keys(fromHelmet).length >= 10, JSON.stringify(fromHelmet));
    assert.equal(fromHelmet['x-powered-by'], undefined);

    const res = await s.app.inject({ method: 'GET', url: '/api/services' });
    const ours = res.headers;
    for (const [name, value] of Object.entries(fromHelmet)) assert.equal(ours[name], value, name);
    assert.equal(ours['x-powered-by'], undefined);
  });

  test('helmet options that would make headers per request are refused', () => {
    assert.throws(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }));
    const applied: string[] = [];
    securityHeaders()({
      setHeader: (name: string) => {
        applied.push(name.toLowerCase());
        return undefined as never;
      },
      removeHeader: (name: string) => applied.push(`-${name.toLowerCase()}`),
    });
    assert.ok(applied.includes('content-security-policy') && applied.includes('-x-powered-by'), applied.join());
  });
});
