/**
 * What stalls must not hold: a database that refuses or never answers makes requests fail with 503 and
 * the database's message (the browser app then waits on /api/health), within the connect timeout, and
 * the API answers again once it is back; a client that never finishes sending its request is answered
 * 408 and let go, instead of holding a connection for ever.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { PG_CONNECT_TIMEOUT_MS } from '../src/db/index.js';
import { DATABASE_UNREACHABLE_MESSAGE } from '../src/http/errors.js';
import { HEALTH_DEADLINE_MS } from '../src/routes/health.js';
import { signUp, startTestServer, TEST_DATABASE_URL, type TestServer, type TestUser } from './helpers.js';
import { tcpRelay, type TcpRelay } from './tcpRelay.js';

/** A request that must be answered within `ms` (the test fails if it hangs instead). */
async function answeredWithin(server: TestServer, ms: number, path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(ms),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message: string } };
}

async function answeredAgain(server: TestServer, token: string) {
  const deadline = Date.now() + PG_CONNECT_TIMEOUT_MS * 3;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await server.req('GET', '/api/jobs', { token })).status;
    if (status === 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return status;
}

if (TEST_DATABASE_URL) {
  describe('PostgreSQL out of reach under a running API', () => {
    let relay: TcpRelay;
    let s: TestServer;
    let customer: TestUser;
    before(async () => {
      const database = new URL(TEST_DATABASE_URL!);
      relay = await tcpRelay({ host: database.hostname, port: Number(database.port || 5432) });
      database.host = `127.0.0.1:${relay.port}`;
      s = await startTestServer('postgres', { databaseUrl: database.toString() });
      customer = await signUp(s, 'Customer');
    });
    after(async () => {
      await relay.restore();
      await s.close();
      await relay.cut();
    });

    test('refused: 503 with the message at once, health says so, and 200 once it is back', async () => {
      await relay.cut();
      const jobs = await answeredWithin(s, 3000, '/api/jobs', customer.token);
      assert.equal(jobs.status, 503);
      assert.equal(jobs.body.message, DATABASE_UNREACHABLE_MESSAGE);
      assert.equal(jobs.retryAfter, '5');
      const health = await answeredWithin(s, 3000, '/api/health');
      assert.equal(health.status, 503);
      assert.equal(health.body.message, DATABASE_UNREACHABLE_MESSAGE);

      await relay.restore();
      assert.equal(await answeredAgain(s, customer.token), 200);
    });

    test('silent (packets dropped): health answers 503 within its deadline, a request 503 within the connect timeout', async () => {
      await relay.silence();
      const health = await answeredWithin(s, HEALTH_DEADLINE_MS + 1500, '/api/health');
      assert.equal(health.status, 503);
      assert.equal(health.body.message, DATABASE_UNREACHABLE_MESSAGE);
      const jobs = await answeredWithin(s, PG_CONNECT_TIMEOUT_MS + 2000, '/api/jobs', customer.token);
      assert.equal(jobs.status, 503);
      assert.equal(jobs.body.message, DATABASE_UNREACHABLE_MESSAGE);

      await relay.restore();
      assert.equal(await answeredAgain(s, customer.token), 200);
    });
  });
}

describe('a client that never finishes its request', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer('sqlite', { config: { requestTimeoutMs: 500 } });
  });
  after(() => s.close());

  test('is answered 408 and its connection closed once REQUEST_TIMEOUT_SECONDS has passed', async () => {
    const { port } = new URL(s.url);
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // Headers that promise a body, and one byte of it.
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await Promise.race([
      closed,
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the connection is still held')), 5000)),
    ]);
    assert.match(received, /^HTTP\/1\.1 408 /);
  });

  test('a request sent whole is answered as usual', async () => {
    const res = await s.req('POST', '/api/auth/login', { json: { email: 'nobody@example.com', password: 'wrong-password' } });
    assert.equal(res.status, 401);
  });
});
