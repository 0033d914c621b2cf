/**
 * Settings of docs/security.md that no other suite covers: production mode drops the development
 * routes, and the security headers are on every answer, errors included.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from './helpers.js';

describe('production mode', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer('sqlite', { config: { env: 'production', isProduction: true } });
  });
  after(() => s.close());

  test('no OpenAPI UI and no dev mail listing', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/dev/mail']) {
      const res = await s.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { message: 'Not Found' });
    }
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
});
