/**
 * POST /api/csp-reports: what a browser reports when the page's Content-Security-Policy refuses
 * something is logged as a warning an operator can see (without the addresses' queries), listed by the
 * development route, and anything else sent there is refused with a message, never a 500.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, startTestServer, type TestServer } from './helpers.js';

const LEGACY_REPORT = {
  'csp-report': {
    'document-uri': 'http://localhost:3000/activebooking?token=secret#top',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'source-file': 'http://localhost:3000/activebooking?token=secret',
    'status-code': 200,
    'script-sample': 'window.__injected = 1',
  },
};

const REPORTING_API_BODY = [
  { type: 'deprecation', url: 'http://localhost:3000/', body: { id: 'x', message: 'old API' } },
  {
    type: 'csp-violation',
    age: 3,
    url: 'http://localhost:3000/chatview',
    body: {
      documentURL: 'http://localhost:3000/chatview',
      effectiveDirective: 'connect-src',
      blockedURL: 'https://tracker.example/collect?user=7',
      disposition: 'enforce',
      statusCode: 200,
    },
  },
];

for (const dialect of DIALECTS) {
  describe(`Content-Security-Policy reports (${dialect})`, () => {
    let s: TestServer;
    const logged: Record<string, unknown>[] = [];
    before(async () => {
      s = await startTestServer(dialect, {
        logger: {
          level: 'warn',
          stream: { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
        },
      });
    });
    after(() => s.close());

    const post = (contentType: string, body: string, ip = '203.0.113.1') =>
      s.app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        headers: { 'content-type': contentType },
        body,
        remoteAddress: ip,
      });

    test("a browser's report-uri report is logged as a warning, its addresses without query or fragment", async () => {
      const res = await post('application/csp-report', JSON.stringify(LEGACY_REPORT));
      assert.equal(res.statusCode, 204);
      const entry = logged.find((line) => line.msg === 'Content-Security-Policy violation');
      assert.ok(entry, 'nothing was logged');
      assert.equal(entry.level, 40);
      assert.deepEqual(entry.csp, {
        directive: 'script-src-elem',
        blocked: 'inline',
        document: 'http://localhost:3000/activebooking',
        source: 'http://localhost:3000/activebooking',
        line: 12,
        disposition: 'enforce',
      });
      assert.ok(!JSON.stringify(logged).includes('secret'), 'a query string reached the log');
      assert.ok(!JSON.stringify(logged).includes('__injected'), 'the script sample reached the log');
    });

    test("the Reporting API's list: its CSP violations, not its other reports; newest first in the dev listing", async () => {
      const res = await post('application/reports+json', JSON.stringify(REPORTING_API_BODY));
      assert.equal(res.statusCode, 204);
      const listed = await s.req('GET', '/api/dev/csp-reports');
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.data.map((r: { directive: string; blocked: string }) => [r.directive, r.blocked]),
        [
          ['connect-src', 'https://tracker.example/collect'],
          ['script-src-elem', 'inline'],
        ],
      );
    });

    test('anything else is refused with a message and logs nothing', async () => {
      const cspLines = () => logged.filter((line) => line.msg === 'Content-Security-Policy violation').length;
      const before = cspLines();
      for (const [type, body] of [
        ['application/csp-report', 'not json'],
        ['application/csp-report', '{}'],
        ['application/reports+json', '{"csp-report": 1}'],
        ['application/json', '{"hello": "world"}'],
      ]) {
        const res = await post(type, body);
        assert.equal(res.statusCode, 400, `${type} ${body}`);
        assert.equal(res.json().message, 'The body is not a Content-Security-Policy report.');
      }
      // Shaped like a report, but no report: an empty or unrelated list, a csp-report with none of its members.
      for (const [type, body] of [
        ['application/reports+json', '[]'],
        ['application/reports+json', JSON.stringify([REPORTING_API_BODY[0]])],
        ['application/reports+json', '[{"type":"csp-violation","body":{"statusCode":200}}]'],
        ['application/csp-report', '[]'],
        ['application/csp-report', '{"csp-report":{"__proto__":{}}}'],
        ['application/csp-report', '{"csp-report":{}}'],
        ['application/csp-report', '{"csp-report":[]}'],
        ['application/csp-report', '{"csp-report":{"blocked-uri":1,"line-number":3}}'],
      ]) {
        const res = await post(type, body);
        assert.equal(res.statusCode, 400, `${type} ${body}`);
        assert.equal(res.json().message, 'The body is not a Content-Security-Policy report.');
      }
      const huge = await post('application/csp-report', JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(70_000) } }));
      assert.equal(huge.statusCode, 413);
      assert.equal(cspLines(), before);
    });

    test('one address sending without end is told to wait, and others are still heard', async () => {
      const report = JSON.stringify(LEGACY_REPORT);
      for (let i = 0; i < 60; i++) assert.equal((await post('application/csp-report', report, '198.51.100.9')).statusCode, 204);
      const refused = await post('application/csp-report', report, '198.51.100.9');
      assert.equal(refused.statusCode, 429);
      assert.match(refused.json().message, /^Too many reports\. Please try again in \d+ seconds\.$/);
      assert.equal((await post('application/csp-report', report, '198.51.100.10')).statusCode, 204);
    });
  });
}
