/**
 * Money is never lost or doubled (issue 13, item 7). The real API runs as a child process with a slow
 * sandbox processor (so a kill often lands between a charge and its commit, or between a refund's row
 * and the processor's answer) while customers book, cancel and providers reject; it is killed with
 * SIGKILL several times and restarted, and the clients retry what got no answer with the same
 * Idempotency-Key, as a real client would. Afterwards, for every booking, our books and the processor's
 * ledger net to exactly one charge, or one charge and one refund; every processor charge with no
 * booking was refunded exactly once.
 */
import { describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import assert from 'node:assert/strict';
import type { Job } from 'shared/src/contracts/entities';
import { createDb } from '../src/db/index.js';
import { SandboxLedger } from '../src/services/payments.js';
import { DIALECTS, TEST_DATABASE_URL, request, type Res } from './helpers.js';
import { childEnv, childServerSuite, freePort, startServer, stopped, waitUntilUp } from './childServer.js';

const ROUNDS = 4;
const WORKERS = 6;
const REFUNDING = new Set(['Rejected', 'Cancelled', 'Expired']);

interface Attempt {
  key: string;
  body: Record<string, unknown>;
}

for (const dialect of DIALECTS) {
  describe(`money across kill -9 (${dialect})`, () => {
    const { dir, schema, children } = childServerSuite(dialect, 'api-money-');

    test(
      'every booking nets to one charge, or one charge and one refund, after crashes and restarts',
      { timeout: 240_000 },
      async () => {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const env: NodeJS.ProcessEnv = {
          ...(await childEnv(dialect, dir, port, schema)),
          SANDBOX_LATENCY_MS: '120',
          // Only the catch-up pass at start-up runs (before the API listens), so nothing is in flight then.
          JOB_SWEEP_INTERVAL_SECONDS: '3600',
          ORPHAN_CHARGE_GRACE_SECONDS: '0',
        };
        const start = async () => {
          const child = startServer(env);
          children.push(child);
          await waitUntilUp(url, child);
          return child;
        };

        let child = await start();
        const login = async (email: string, role: string) => {
          const res = await request(url, 'POST', '/api/auth/login', {
            json: { email, password: 'password123', device_id: 'money', role },
          });
          assert.equal(res.status, 200);
          return res.body.data as { token: string; user: { id: number } };
        };
        const customer = await login('customer@example.com', 'Customer');
        const provider = await login('provider@example.com', 'Provider');
        const card = (await request(url, 'GET', '/api/payment-methods', { token: customer.token })).body.data[0];
        const offered = (await request(url, 'GET', '/api/user-services', { token: provider.token })).body.data[0];
        assert.ok(card && offered, 'the demo customer has a card and the demo provider a service');
        const bookingBody = (i: string) => ({
          service_id: offered.service_id,
          status: 'Pending',
          provider_id: provider.user.id,
          address: `Pick ${i}`,
          destination_address: `Drop ${i}`,
          payment_method_id: card.id,
          cvv: '123',
        });

        // The processor's books, read as the API writes them (another process, the same file).
        const processorBooks = new SQLite(env.SANDBOX_LEDGER_PATH, { readonly: true, fileMustExist: true });
        const processorCharges = () =>
          (processorBooks.prepare(`select count(*) as n from ledger where kind = 'charge'`).get() as { n: number }).n;
        /** Resolves as soon as the processor records its next charge (its answer then takes SANDBOX_LATENCY_MS). */
        const untilNextCharge = async () => {
          const now = processorCharges();
          for (let waited = 0; processorCharges() === now && waited < 5_000; waited += 2) {
            await new Promise((r) => setTimeout(r, 2));
          }
        };
        const unanswered: Attempt[] = [];
        let crashes = 0;
        for (let round = 0; round < ROUNDS; round++) {
          let running = true;
          const worker = async (w: number) => {
            for (let i = 0; running; i++) {
              const attempt = { key: `money-${round}-${w}-${i}`, body: bookingBody(`${round}-${w}-${i}`) };
              let res: Res;
              try {
                res = await request(url, 'POST', '/api/jobs', {
                  token: customer.token,
                  json: attempt.body,
                  headers: { 'Idempotency-Key': attempt.key },
                });
              } catch {
                unanswered.push(attempt);
                return;
              }
              assert.equal(res.status, 201, JSON.stringify(res.body));
              const job = res.body.data as Job;
              const action = i % 3;
              try {
                if (action === 0)
                  await request(url, 'PATCH', `/api/jobs/${job.id}`, { token: provider.token, json: { status: 'Rejected' } });
                if (action === 1)
                  await request(url, 'PATCH', `/api/jobs/${job.id}`, { token: customer.token, json: { status: 'Cancelled' } });
              } catch {
                return; // the server died during the change; the refund (if its row was written) is finished at restart
              }
            }
          };
          const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
          await new Promise((r) => setTimeout(r, 500 + Math.floor(Math.random() * 700)));
          // Every other round the kill waits for the processor's next charge and lands in its answer's way
          // back, before the booking's commit (a charge with no booking); the others fall where they fall.
          if (round % 2 === 1) await untilNextCharge();
          child.kill('SIGKILL');
          crashes++;
          running = false;
          await Promise.all(workers);
          await stopped(child);
          child = await start();
        }

        // The clients retry what got no answer, with the same key: booked once, or told it was refunded.
        for (const attempt of unanswered) {
          const res = await request(url, 'POST', '/api/jobs', {
            token: customer.token,
            json: attempt.body,
            headers: { 'Idempotency-Key': attempt.key },
          });
          assert.ok([200, 201, 402].includes(res.status), `${res.status} ${JSON.stringify(res.body)}`);
        }
        child.kill('SIGTERM');
        await stopped(child);
        processorBooks.close();
        assert.equal(crashes, ROUNDS);

        const handle = createDb(
          dialect === 'postgres' ? { databaseUrl: TEST_DATABASE_URL!, pgSchema: schema! } : { sqlitePath: env.SQLITE_PATH! },
        );
        const ledger = new SandboxLedger(env.SANDBOX_LEDGER_PATH!);
        try {
          const entries = ledger.all();
          const chargesByKey = new Map(entries.filter((e) => e.kind === 'charge').map((e) => [e.idempotency_key, e]));
          const refundsOf = (chargeRef: string) => entries.filter((e) => e.kind === 'refund' && e.charge_ref === chargeRef);
          const jobs = await handle.db.selectFrom('jobs').select(['id', 'status']).execute();
          const payments = await handle.db.selectFrom('payments').selectAll().execute();
          const refunds = await handle.db.selectFrom('refunds').selectAll().execute();
          assert.ok(jobs.length > 20, `bookings made: ${jobs.length}`);

          const linkedKeys = new Set<string>();
          for (const job of jobs) {
            const paid = payments.filter((p) => p.job_id === job.id);
            assert.equal(paid.length, 1, `job ${job.id}: one charge on our books`);
            const charge = paid[0];
            if (!charge.idempotency_key) continue; // a demo booking seeded before the processor kept a ledger
            linkedKeys.add(charge.idempotency_key);
            const processorCharge = chargesByKey.get(charge.idempotency_key);
            assert.ok(processorCharge, `job ${job.id}: the processor has its charge`);
            assert.equal(processorCharge.processor_ref, charge.processor_ref);
            const ours = refunds.filter((r) => r.job_id === job.id);
            const theirs = refundsOf(charge.processor_ref);
            if (REFUNDING.has(job.status)) {
              assert.equal(ours.length, 1, `job ${job.id} (${job.status}): one refund on our books`);
              assert.equal(ours[0].status, 'succeeded', `job ${job.id}: its refund was finished`);
              assert.equal(theirs.length, 1, `job ${job.id}: refunded once by the processor`);
            } else {
              assert.equal(ours.length, 0, `job ${job.id} (${job.status}): no refund`);
              assert.equal(theirs.length, 0, `job ${job.id} (${job.status}): not refunded by the processor`);
            }
          }
          // Charges the processor made for bookings that never reached our database: each refunded once.
          const orphans = [...chargesByKey.values()].filter((c) => !linkedKeys.has(c.idempotency_key));
          for (const orphan of orphans)
            assert.equal(refundsOf(orphan.processor_ref).length, 1, `orphan ${orphan.idempotency_key}`);
          // The kills did land between a charge and its commit (otherwise this test proves little).
          assert.ok(orphans.length > 0, 'at least one kill fell between a charge and its commit');

          const net = entries.reduce((sum, e) => sum + (e.kind === 'charge' ? e.amount_cents : -e.amount_cents), 0);
          const kept = jobs.filter(
            (j) => !REFUNDING.has(j.status) && payments.some((p) => p.job_id === j.id && p.idempotency_key),
          );
          assert.equal(net, kept.length * 1000, 'the customer paid exactly 10.00 INR per booking not given back');
        } finally {
          ledger.close();
          await handle.destroy();
        }
      },
    );
  });
}
