/**
 * GET /api/health: the browser app asks it after calls went unanswered, to learn when the API is back.
 * It answers without a session, to the app's own origin across CORS, and says 503 when the database does not
 * answer (the app then keeps waiting instead of reading its screens again into the same failure).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, startTestServer, type TestServer } from './helpers.js';

for (const dialect of DIALECTS) {
  describe(`GET /api/health (${dialect})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(dialect);
    });
    after(() => s.close());

    test('answers 200 without a session, readable by the app in the browser', async () => {
      const res = await s.req('GET', '/api/health', { headers: { origin: 'http://localhost:3000' } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { data: null, message: 'OK' });
      assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    });

    test('answers 503 with a message, not 500, when the database does not answer', async () => {
      const broken = await startTestServer(dialect);
      try {
        await broken.app.ctx.db.destroy();
        const res = await broken.req('GET', '/api/health');
        assert.equal(res.status, 503);
        assert.equal(res.body.message, 'The database is not reachable.');
      } finally {
        await broken.close().catch(() => undefined);
      }
    });
  });
}
