/**
 * Crash safety: the real server runs as a child process; during 200 concurrent bookings it is
 * killed with SIGKILL. After a restart, every booking that was answered 201 is there, with its
 * payment (job and charge are one transaction), and nothing half-written is left behind.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDb } from '../src/db/index.js';
import { DIALECTS, TEST_DATABASE_URL, request } from './helpers.js';
import { childEnv, childServerSuite, freePort, startServer, stopped, waitUntilUp } from './childServer.js';

for (const dialect of DIALECTS) {
  describe(`crash safety (${dialect})`, () => {
    const { dir, schema, children } = childServerSuite(dialect, 'api-crash-');

    test('every booking answered 201 before kill -9 is there after a restart', async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = await childEnv(dialect, dir, port, schema);

      let child = startServer(env);
      children.push(child);
      await waitUntilUp(url, child);

      // The demo data (seeded on first start) has a customer with a saved card and providers.
      const login = await request(url, 'POST', '/api/auth/login', {
        json: { email: 'customer@example.com', password: 'password123', device_id: 'crash', role: 'Customer' },
      });
      assert.equal(login.status, 200);
      const token = login.body.data.token;
      const card = (await request(url, 'GET', '/api/payment-methods', { token })).body.data[0];
      const services = (await request(url, 'GET', '/api/services', { token })).body.data;
      const provider = (await request(url, 'GET', `/api/providers/${services[0].id}`, { token })).body.data[0];
      const before = (await request(url, 'GET', '/api/jobs?per_page=100', { token })).body.data.length;

      const answered: number[] = [];
      let killed = false;
      const bookings = Array.from({ length: 200 }, (_, i) =>
        request(url, 'POST', '/api/jobs', {
          token,
          json: {
            service_id: services[0].id,
            status: 'Pending',
            provider_id: provider.id,
            address: `Pick ${i}`,
            destination_address: `Drop ${i}`,
            payment_method_id: card.id,
            cvv: '123',
          },
        }).then(
          (res) => {
            if (res.status === 201) answered.push(res.body.data.id);
            else assert.fail(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
            if (!killed && answered.length >= 40) {
              killed = true;
              child.kill('SIGKILL');
            }
          },
          () => undefined, // the connection died with the server
        ),
      );
      await Promise.all(bookings);
      await stopped(child);
      assert.ok(killed, 'the server was killed during the bookings');
      assert.ok(answered.length >= 40 && answered.length < 200, `answered ${answered.length}`);

      child = startServer(env);
      children.push(child);
      await waitUntilUp(url, child);
      const relogin = await request(url, 'POST', '/api/auth/login', {
        json: { email: 'customer@example.com', password: 'password123', device_id: 'crash', role: 'Customer' },
      });
      const token2 = relogin.body.data.token;
      const stored = new Set<number>();
      for (let page = 1; ; page += 1) {
        const res = await request(url, 'GET', `/api/jobs?per_page=100&page=${page}`, { token: token2 });
        for (const j of res.body.data) stored.add(j.id);
        if (!res.body.meta.has_more) break;
      }
      const missing = answered.filter((id) => !stored.has(id));
      assert.deepEqual(missing, [], 'every answered booking survived');
      assert.ok(stored.size >= before + answered.length);

      child.kill('SIGTERM');
      await stopped(child);

      // Each stored booking has its payment: job and charge were written in one transaction.
      const handle = createDb(
        dialect === 'postgres' ? { databaseUrl: TEST_DATABASE_URL!, pgSchema: schema! } : { sqlitePath: env.SQLITE_PATH! },
      );
      try {
        const orphans = await handle.db
          .selectFrom('jobs')
          .leftJoin('payments', 'payments.job_id', 'jobs.id')
          .select('jobs.id')
          .where('payments.id', 'is', null)
          .execute();
        assert.deepEqual(orphans, []);
        const paid = await handle.db.selectFrom('payments').select('job_id').where('job_id', 'in', answered).execute();
        assert.equal(paid.length, answered.length);
      } finally {
        await handle.destroy();
      }
    });
  });
}
