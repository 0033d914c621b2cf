/**
 * PostgreSQL sessions that end under the API (the server restarts, an operator runs
 * pg_terminate_backend): the API keeps running and answers again with new connections. A session that
 * ended while its connection was checked out between two queries once ended the whole process (an
 * 'error' event nobody listened to). PostgreSQL only (TEST_DATABASE_URL).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { sql } from 'kysely';
import { TEST_DATABASE_URL, signUp, startTestServer, type TestServer, type TestUser } from './helpers.js';

/** Ends every PostgreSQL session the test server holds, as an operator would. */
async function terminateServerSessions(): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await admin.connect();
  try {
    const res = await admin.query<{ ended: number }>(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
       where application_name like 'marketplace-api/t\\_%' and pid <> pg_backend_pid()`,
    );
    return res.rows[0].ended;
  } finally {
    await admin.end();
  }
}

if (TEST_DATABASE_URL) {
  describe('PostgreSQL sessions ended under the API', () => {
    let s: TestServer;
    let customer: TestUser;
    before(async () => {
      s = await startTestServer('postgres');
      customer = await signUp(s, 'Customer');
    });
    after(() => s.close());

    test('a session ended between two queries of a transaction fails that transaction, not the process', async () => {
      const transaction = s.app.ctx.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        assert.ok((await terminateServerSessions()) >= 1, 'the checked-out session was ended');
        // The connection is checked out, with no query running, while the end of its session arrives.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await assert.rejects(transaction);
      const jobs = await s.req('GET', '/api/jobs', { token: customer.token });
      assert.equal(jobs.status, 200);
    });

    test('idle sessions ended at once: the next requests are answered on new connections', async () => {
      assert.equal((await s.req('GET', '/api/health')).status, 200);
      assert.ok((await terminateServerSessions()) >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => s.req('GET', '/api/jobs', { token: customer.token }).then((r) => r.status)),
      );
      assert.deepEqual(answers, Array(8).fill(200));
    });
  });
}
