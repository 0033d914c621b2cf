/**
 * Property-based fuzzing of the whole API, generated from its own OpenAPI description (issue 11,
 * item 3). Two attackers (a customer and a provider, signed in) send FUZZ_RUNS requests (default
 * 10 000) through `app.inject`, on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL. Fails on
 * any 5xx, on any answer that is not JSON in the API's envelope ({ message, errors? } for an error,
 * { data, message } where the route's schema says so), and on any change to the data of two other
 * users (a customer and a provider with a job, a chat, messages, a card, a rating, notifications),
 * checked after every request that may write. Prints the number of requests tried and, on a failure,
 * the failing request. FUZZ_SEED replays a run.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { hashToken } from '../src/domain/tokens.js';
import {
  addCard,
  bookingBody,
  DIALECTS,
  ensureService,
  signUp,
  signUpProvider,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js';
import { operationsOf, requestFor, strayRequest, type FuzzRequest, type FuzzWorld, type Operation } from './fuzzRequests.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
/** Routes that are not the API's own (the documentation UI). */
const SKIP_PATHS = /^\/api\/docs/;

interface Victims {
  customer: TestUser;
  provider: TestUser;
  jobIds: number[];
  chatIds: number[];
  notificationIds: number[];
}

/** Everything of the two victims an attacker could reach, as one comparable value. */
async function victimSnapshot(s: TestServer, v: Victims): Promise<string> {
  const db = s.app.ctx.db;
  if (s.dialect === 'postgres') {
    // One round trip: each row as PostgreSQL prints it (row::text), in a fixed order.
    const users = sql.join([v.customer.id, v.provider.id]);
    const chats = sql.join(v.chatIds);
    const notes = sql.join(v.notificationIds);
    const { rows } = await sql<{ snapshot: string | null }>`
      select string_agg(x, E'\n' order by k) as snapshot from (
        select 'a' || id as k, t::text as x from users t where id in (${users})
        union all select 'b' || id, t::text from jobs t where customer_id = ${v.customer.id}
        union all select 'c' || id, t::text from payments t where user_id = ${v.customer.id}
        union all select 'd' || id, t::text from chats t where id in (${chats})
        union all select 'e' || id, t::text from messages t where chat_id in (${chats})
        union all select 'f' || id, t::text from payment_methods t where user_id = ${v.customer.id}
        union all select 'g' || id, t::text from notifications t where id in (${notes})
        union all select 'h' || id, t::text from ratings t where customer_id = ${v.customer.id}
        union all select 'i' || id, t::text from user_services t where user_id = ${v.provider.id}
        union all select 'j' || id, concat_ws(',', id, user_id, token_hash, created_at) from api_tokens t where user_id in (${users})
      ) s`.execute(db);
    return rows[0]?.snapshot ?? '';
  }
  const users = [v.customer.id, v.provider.id];
  const parts = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', users).orderBy('id').execute(),
    db.selectFrom('jobs').selectAll().where('customer_id', '=', v.customer.id).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('user_id', '=', v.customer.id).orderBy('id').execute(),
    db.selectFrom('chats').selectAll().where('id', 'in', v.chatIds).orderBy('id').execute(),
    db.selectFrom('messages').selectAll().where('chat_id', 'in', v.chatIds).orderBy('id').execute(),
    db.selectFrom('payment_methods').selectAll().where('user_id', '=', v.customer.id).orderBy('id').execute(),
    db.selectFrom('notifications').selectAll().where('id', 'in', v.notificationIds).orderBy('id').execute(),
    db.selectFrom('ratings').selectAll().where('customer_id', '=', v.customer.id).orderBy('id').execute(),
    db.selectFrom('user_services').selectAll().where('user_id', '=', v.provider.id).orderBy('id').execute(),
    db
      .selectFrom('api_tokens')
      .select(['id', 'user_id', 'token_hash', 'created_at'])
      .where('user_id', 'in', users)
      .orderBy('id')
      .execute(),
  ]);
  return JSON.stringify(parts);
}

function isErrorEnvelope(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  if (typeof b.message !== 'string' || b.message.length === 0) return false;
  if (!Object.keys(b).every((k) => k === 'message' || k === 'errors')) return false;
  if (b.errors === undefined) return true;
  if (!b.errors || typeof b.errors !== 'object' || Array.isArray(b.errors)) return false;
  return Object.values(b.errors).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'));
}

/** Whether a 2xx body fits the route: the envelope where its response schema has `data`, else any JSON object. */
function fitsSuccess(op: Operation | null, status: number, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const schema = op?.responses[String(status)] ?? op?.responses['200'] ?? op?.responses['201'];
  if (schema?.properties?.data) {
    const b = body as Record<string, unknown>;
    return 'data' in b && typeof b.message === 'string';
  }
  return true;
}

function describeRequest(r: FuzzRequest): string {
  const payload =
    r.payload === undefined
      ? ''
      : Buffer.isBuffer(r.payload)
        ? `<${r.payload.length} bytes> ${JSON.stringify(r.payload.subarray(0, 300).toString('latin1'))}`
        : JSON.stringify(r.payload.slice(0, 500));
  const headers = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}...(${v.length})` : v]),
  );
  return `${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}...` : r.url}\n  headers: ${JSON.stringify(headers)}\n  body: ${payload}\n  made as: ${r.note}`;
}

for (const dialect of DIALECTS) {
  describe(`fuzz: every route of the OpenAPI description (${dialect})`, () => {
    let s: TestServer;
    let ops: Operation[];
    let world: FuzzWorld;
    let victims: Victims;
    const attackers: TestUser[] = [];
    const attackerAuth: string[] = [];

    before(async () => {
      s = await startTestServer(dialect);
      const serviceId = await ensureService(s);

      // The victims: a customer and a provider with a completed, rated job, a chat, a card, notifications.
      const victimProvider = await signUpProvider(s, 30);
      const victimCustomer = await signUp(s, 'Customer');
      const victimCard = await addCard(s, victimCustomer);
      const job = await s.req('POST', '/api/jobs', {
        token: victimCustomer.token,
        json: bookingBody(victimProvider.id, serviceId, victimCard.id),
      });
      assert.equal(job.status, 201, JSON.stringify(job.body));
      const open = await s.req('POST', '/api/jobs', {
        token: victimCustomer.token,
        json: bookingBody(victimProvider.id, serviceId, victimCard.id),
      });
      assert.equal(open.status, 201);
      for (const status of ['Accepted', 'Completed']) {
        assert.equal(
          (await s.req('PATCH', `/api/jobs/${job.body.data.id}`, { token: victimProvider.token, json: { status } })).status,
          200,
        );
      }
      assert.equal(
        (
          await s.req('POST', '/api/ratings', {
            token: victimCustomer.token,
            json: { job_id: job.body.data.id, rating: 5, feedback: 'Great' },
          })
        ).status,
        201,
      );
      const message = await s.req('POST', '/api/chats', {
        token: victimCustomer.token,
        json: { customer_id: victimCustomer.id, provider_id: victimProvider.id, message_type: 'text', message: 'private hello' },
      });
      assert.equal(message.status, 201, JSON.stringify(message.body));
      const db = s.app.ctx.db;
      const chatIds = (await db.selectFrom('chats').select('id').where('customer_id', '=', victimCustomer.id).execute()).map(
        (r) => r.id,
      );
      const notificationIds = (
        await db.selectFrom('notifications').select('id').where('user_id', 'in', [victimCustomer.id, victimProvider.id]).execute()
      ).map((r) => r.id);
      victims = {
        customer: victimCustomer,
        provider: victimProvider,
        jobIds: [job.body.data.id, open.body.data.id],
        chatIds,
        notificationIds,
      };

      // The attackers, with objects of their own so that the routes get past "not found".
      const attackerProvider = await signUpProvider(s, 20);
      const attackerCustomer = await signUp(s, 'Customer');
      const attackerCard = await addCard(s, attackerCustomer);
      const own = await s.req('POST', '/api/jobs', {
        token: attackerCustomer.token,
        json: bookingBody(attackerProvider.id, serviceId, attackerCard.id),
      });
      assert.equal(own.status, 201);
      await s.req('POST', '/api/chats', {
        token: attackerCustomer.token,
        json: { customer_id: attackerCustomer.id, provider_id: attackerProvider.id, message_type: 'text', message: 'hi' },
      });
      attackers.push(attackerCustomer, attackerProvider);
      attackerAuth.push(`Bearer ${attackerCustomer.token}`, `Bearer ${attackerProvider.token}`);

      const revoked = await signUp(s, 'Customer');
      await s.req('POST', '/api/auth/logout', { token: revoked.token });

      const idsOf = async (
        table: 'jobs' | 'chats' | 'notifications' | 'payment_methods' | 'user_services' | 'messages' | 'services' | 'ratings',
      ) => (await db.selectFrom(table).select('id').execute()).map((r) => r.id);
      const ids = [
        ...new Set([
          ...(await idsOf('jobs')),
          ...(await idsOf('chats')),
          ...(await idsOf('notifications')),
          ...(await idsOf('payment_methods')),
          ...(await idsOf('user_services')),
          ...(await idsOf('messages')),
          ...(await idsOf('services')),
          ...(await idsOf('ratings')),
          victimCustomer.id,
          victimProvider.id,
          attackerCustomer.id,
          attackerProvider.id,
          1,
          999_999,
        ]),
      ];
      const sandboxTokens = (await db.selectFrom('sandbox_tokens').select('id').execute()).map((r) => r.id);
      world = {
        ids,
        emails: [victimCustomer.email, victimProvider.email, attackerCustomer.email, attackerProvider.email],
        strings: [
          ...sandboxTokens,
          `private-message.${victimCustomer.id}`,
          `private-message.${attackerCustomer.id}`,
          '123.456',
          'tok_unknown',
        ],
        goodAuth: () => attackerAuth,
        badAuth: [
          'Bearer',
          'Bearer ',
          'Bearer garbage',
          `Bearer ${revoked.token}`,
          `Bearer ${'x'.repeat(201)}`,
          `Bearer ${'x'.repeat(5000)}`,
          `bearer ${attackerCustomer.token.slice(0, -1)}`,
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          `Bearer ${attackerCustomer.token} extra`,
          'Bearer \u00ff\u00fe',
        ],
      };

      await s.app.ready();
      ops = operationsOf(s.app.swagger()).filter((op) => !SKIP_PATHS.test(op.path));
    });
    after(() => s.close());

    test(
      `${RUNS} generated requests: no 5xx, every answer in its envelope, nobody else's data changed`,
      { timeout: 600_000 },
      async () => {
        assert.ok(ops.length >= 30, `operations found: ${ops.length}`);
        const before = await victimSnapshot(s, victims);
        const statuses = new Map<number, number>();
        const perOperation = new Map<string, number>();
        let count = 0;
        let writes = 0;
        let checkMs = 0;
        const started = Date.now();

        // Each operation as likely as the others, plus now and then a path the API does not have.
        const request = fc.oneof(...ops.map((op) => ({ arbitrary: requestFor(op, world), weight: 10 })), {
          arbitrary: strayRequest(world),
          weight: 5,
        });

        const property = fc.asyncProperty(request, async (r) => {
          count += 1;
          const res = await s.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, payload: r.payload });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const key = r.op ? `${r.op.method} ${r.op.path}` : 'stray';
          perOperation.set(key, (perOperation.get(key) ?? 0) + 1);

          const fail = (why: string) => {
            throw new Error(
              `${why}\nrequest #${count}: ${describeRequest(r)}\nanswer: ${res.statusCode} ${res.body.slice(0, 600)}`,
            );
          };
          if (res.statusCode >= 500) fail(`a ${res.statusCode}`);
          let body: unknown;
          try {
            body = JSON.parse(res.body);
          } catch {
            fail('the answer is not JSON');
          }
          if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
            fail(`content type ${String(res.headers['content-type'])}`);
          if (res.statusCode >= 400 && !isErrorEnvelope(body)) fail('an error answer outside the { message, errors? } envelope');
          if (res.statusCode < 300 && !fitsSuccess(r.op, res.statusCode, body))
            fail('a success answer outside the { data, message } envelope');

          // A signed-out attacker signs in again (a token made directly: the login throttle is fuzzed too).
          if (r.op?.path === '/api/auth/logout' && res.statusCode === 200) {
            const i = attackerAuth.indexOf(r.headers.authorization);
            if (i >= 0) {
              const token = randomBytes(32).toString('base64url');
              await s.app.ctx.db
                .insertInto('api_tokens')
                .values({
                  user_id: attackers[i].id,
                  token_hash: hashToken(token),
                  device_id: 'fuzz',
                  created_at: s.clock.now().toISOString(),
                })
                .execute();
              attackerAuth[i] = `Bearer ${token}`;
            }
          }
          if (r.method !== 'GET') {
            writes += 1;
            const checkStarted = performance.now();
            const changed = (await victimSnapshot(s, victims)) !== before;
            checkMs += performance.now() - checkStarted;
            if (changed) fail("another user's data changed");
          }
        });

        try {
          await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true, includeErrorInReport: true });
        } catch (err) {
          console.log(`fuzz (${dialect}): FAILED after ${count} requests (seed ${SEED}; replay with FUZZ_SEED=${SEED})`);
          throw err;
        }
        const ms = Date.now() - started;
        const histogram = [...statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([k, v]) => `${k}:${v}`)
          .join(' ');
        console.log(
          `fuzz (${dialect}): ${count} requests over ${perOperation.size - (perOperation.has('stray') ? 1 : 0)} operations in ${(ms / 1000).toFixed(1)} s ` +
            `(${Math.round(count / (ms / 1000))}/s), ${writes} victim checks (${(checkMs / 1000).toFixed(1)} s), seed ${SEED}; statuses ${histogram}`,
        );
        assert.ok(count >= RUNS);
        // Every operation was tried, and most got past validation now and then.
        for (const op of ops)
          assert.ok((perOperation.get(`${op.method} ${op.path}`) ?? 0) > 0, `${op.method} ${op.path} was never tried`);
        assert.equal(await victimSnapshot(s, victims), before);
      },
    );
  });
}
