/**
 * The login and password-reset throttles are shared by every API instance (issue 11, items 6 and 7):
 * counted in the database by default, in Redis when REDIS_URL is set, atomically, so 50 parallel
 * wrong logins for one email across two instances let at most 5 reach the password check; the 6th
 * try within the minute is a 429 with Retry-After and the message the login screen shows.
 *
 * Redis runs when TEST_REDIS_URL is set, or when a Redis answers on 127.0.0.1:6379; otherwise its
 * tests are skipped (and say so).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/domain/clock.js';
import { MemoryRateLimitStore, Throttle, type RateLimitStore } from '../src/domain/throttle.js';
import { createDb } from '../src/db/index.js';
import { withHardening } from '../src/db/hardeningSchema.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { DatabaseRateLimitStore, openRateLimitStore, RedisRateLimitStore } from '../src/services/rateLimitStore.js';
import { loginThrottledMessage } from '../src/routes/auth.js';
import { tcpRelay } from './tcpRelay.js';
import {
  DIALECTS,
  dropSchema,
  newSchemaName,
  RecordingPublisher,
  TEST_DATABASE_URL,
  uniqueEmail,
  type Dialect,
} from './helpers.js';

/** TEST_REDIS_URL, else a Redis that answers PING on 127.0.0.1:6379 within half a second, else null. */
async function findTestRedis(): Promise<string | null> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    const done = (url: string | null) => {
      socket.destroy();
      resolve(url);
    };
    socket.setTimeout(500, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG') ? 'redis://127.0.0.1:6379' : null));
  });
}
const REDIS_URL = await findTestRedis();
const redisSkip = REDIS_URL ? false : 'no Redis (set TEST_REDIS_URL or run one on 127.0.0.1:6379)';

describe('Throttle over a store (pure, in memory)', () => {
  test('blocks after max attempts until the window ends', async () => {
    const clock = new ManualClock(0);
    const t = new Throttle(new MemoryRateLimitStore(), 'login', 5, 60_000, clock);
    for (let i = 0; i < 5; i += 1) assert.equal(await t.attempt('k'), 0);
    assert.equal(await t.attempt('k'), 60);
    assert.equal(await t.attempt('other'), 0);
    clock.advance(59_000);
    assert.equal(await t.attempt('k'), 1);
    clock.advance(1_000);
    assert.equal(await t.attempt('k'), 0, 'a new window');
  });
  test('clear forgets a key; throttles sharing a store keep their keys apart', async () => {
    const store = new MemoryRateLimitStore();
    const clock = new ManualClock(0);
    const a = new Throttle(store, 'a', 1, 1000, clock);
    const b = new Throttle(store, 'b', 1, 1000, clock);
    assert.equal(await a.attempt('k'), 0);
    assert.ok((await a.attempt('k')) > 0);
    assert.equal(await b.attempt('k'), 0);
    await a.clear('k');
    assert.equal(await a.attempt('k'), 0);
  });
});

interface SharedDb {
  /** Options for buildApp's `database`, the same for every instance. */
  database: { databaseUrl: string | null; sqlitePath?: string; pgSchema?: string; poolSize?: number };
  cleanup(): Promise<void>;
}

function sharedDatabase(dialect: Dialect): SharedDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-throttle-'));
  if (dialect === 'postgres') {
    const schema = newSchemaName();
    return {
      database: { databaseUrl: TEST_DATABASE_URL!, pgSchema: schema, poolSize: 10 },
      async cleanup() {
        await dropSchema(schema);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return {
    database: { databaseUrl: null, sqlitePath: path.join(dir, 'app.db') },
    async cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Two API instances (two Fastify apps, two connection pools) on one database, optionally sharing Redis. */
async function twoInstances(
  shared: SharedDb,
  clock: ManualClock,
  redis?: { url: string; prefix: string },
): Promise<FastifyInstance[]> {
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i += 1) {
    apps.push(
      await buildApp({
        config: {
          env: 'test',
          uploadsDir: path.join(os.tmpdir(), `api-throttle-uploads-${i}`),
          redisUrl: redis?.url ?? null,
          redisPrefix: redis?.prefix ?? 'test:',
        },
        database: shared.database,
        clock,
        publisher: new RecordingPublisher(),
      }),
    );
  }
  return apps;
}

async function register(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { first_name: 'Tia', last_name: 'Test', email, password, password_confirmation: password, role: 'Customer' },
  });
  assert.equal(res.statusCode, 201, res.body);
}

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** 50 wrong logins for one email at once, alternating between the instances: how many got past the throttle. */
async function parallelWrongLogins(apps: FastifyInstance[], email: string) {
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => login(apps[i % apps.length], email, 'wrong-password')));
  const checked = results.filter((r) => r.statusCode === 401).length;
  const throttled = results.filter((r) => r.statusCode === 429).length;
  return { checked, throttled, statuses: [...new Set(results.map((r) => r.statusCode))] };
}

async function sixthTryIsThrottled(apps: FastifyInstance[], email: string, password: string) {
  for (let i = 0; i < 5; i += 1) {
    const res = await login(apps[i % 2], email, 'wrong-password');
    assert.equal(res.statusCode, 401, `try ${i + 1}`);
  }
  // The 6th, even with the right password and on the other instance.
  const sixth = await login(apps[1], email, password);
  assert.equal(sixth.statusCode, 429);
  const retryAfter = Number(sixth.headers['retry-after']);
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${String(sixth.headers['retry-after'])}`);
  assert.deepEqual(sixth.json(), { message: loginThrottledMessage(retryAfter) });
  assert.match(sixth.json().message, /^Too many login attempts\. Please try again in \d+ seconds\.$/);
  return retryAfter;
}

for (const dialect of DIALECTS) {
  describe(`rate-limit store in the database (${dialect})`, () => {
    let shared: SharedDb;
    let store: RateLimitStore;
    let destroy: () => Promise<void>;
    before(async () => {
      shared = sharedDatabase(dialect);
      const handle = createDb({ ...shared.database });
      await migrateToLatest(handle);
      store = new DatabaseRateLimitStore(handle.db);
      destroy = () => handle.destroy();
    });
    after(async () => {
      await destroy();
      await shared.cleanup();
    });

    test('counts per key in a fixed window; clear forgets', async () => {
      assert.deepEqual(await store.hit('k', 60_000, 1000), { count: 1, resetAt: 61_000 });
      assert.deepEqual(await store.hit('k', 60_000, 2000), { count: 2, resetAt: 61_000 });
      assert.deepEqual(await store.hit('j', 60_000, 2000), { count: 1, resetAt: 62_000 });
      assert.deepEqual(await store.hit('k', 60_000, 61_000), { count: 1, resetAt: 121_000 }, 'a new window');
      await store.clear('k');
      assert.deepEqual(await store.hit('k', 60_000, 61_500), { count: 1, resetAt: 121_500 });
    });

    test('100 parallel hits on one key are counted one by one (1..100, no two alike)', async () => {
      const now = Date.now();
      const counts = (await Promise.all(Array.from({ length: 100 }, () => store.hit('parallel', 60_000, now)))).map(
        (r) => r.count,
      );
      assert.deepEqual(
        counts.sort((a, b) => a - b),
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
    });
  });

  describe(`two API instances on one ${dialect} database share the login throttle`, () => {
    let shared: SharedDb;
    let apps: FastifyInstance[];
    const clock = new ManualClock(Date.UTC(2025, 5, 15, 12, 0, 0));
    before(async () => {
      shared = sharedDatabase(dialect);
      apps = await twoInstances(shared, clock);
    });
    after(async () => {
      for (const app of apps) await app.close();
      await shared.cleanup();
    });

    test('50 parallel wrong logins for one email across both: at most 5 reach the password check', async () => {
      const email = uniqueEmail('target');
      await register(apps[0], email, 'secret123');
      const started = Date.now();
      const { checked, throttled, statuses } = await parallelWrongLogins(apps, email);
      console.log(
        `  ${dialect}, database store: ${checked} of 50 reached the password check, ${throttled} got 429 (${Date.now() - started} ms)`,
      );
      assert.ok(checked <= 5, `${checked} reached the password check`);
      assert.equal(checked + throttled, 50, `statuses ${statuses.join(',')}`);
    });

    test('the 6th try within the minute is a 429 with Retry-After and the login screen message; the next minute is open again', async () => {
      const email = uniqueEmail('sixth');
      await register(apps[1], email, 'secret123');
      const retryAfter = await sixthTryIsThrottled(apps, email, 'secret123');
      assert.equal(retryAfter, 60);
      clock.advance(30_000);
      const later = await login(apps[0], email, 'secret123');
      assert.equal(later.statusCode, 429);
      assert.equal(later.headers['retry-after'], '30');
      clock.advance(30_000);
      assert.equal((await login(apps[0], email, 'secret123')).statusCode, 200);
    });

    test('the password-reset request throttle is shared too (3 per 15 minutes per email)', async () => {
      const email = uniqueEmail('reset');
      await register(apps[0], email, 'secret123');
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await apps[i % 2].inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } })).statusCode,
        );
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    });
  });

  describe(`two API instances sharing Redis (${dialect} database)`, { skip: redisSkip }, () => {
    let shared: SharedDb;
    let apps: FastifyInstance[];
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    before(async () => {
      shared = sharedDatabase(dialect);
      apps = await twoInstances(shared, new ManualClock(Date.UTC(2025, 5, 15, 12, 0, 0)), { url: REDIS_URL!, prefix });
    });
    after(async () => {
      for (const app of apps) await app.close();
      const redis = new Redis(REDIS_URL!);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await shared.cleanup();
    });

    test('the counters live in Redis, not in the database', async () => {
      const email = uniqueEmail('where');
      await login(apps[0], email, 'wrong-password');
      const redis = new Redis(REDIS_URL!);
      try {
        assert.equal(await redis.get(`${prefix}rl:login:${email}|127.0.0.1`), '1');
        const ttl = await redis.pttl(`${prefix}rl:login:${email}|127.0.0.1`);
        assert.ok(ttl > 50_000 && ttl <= 60_000, `ttl ${ttl}`);
      } finally {
        await redis.quit();
      }
      const rows = await withHardening(apps[0].ctx.db).selectFrom('rate_limits').selectAll().execute();
      assert.deepEqual(rows, []);
    });

    test('50 parallel wrong logins for one email across both: at most 5 reach the password check', async () => {
      const email = uniqueEmail('target');
      await register(apps[0], email, 'secret123');
      const started = Date.now();
      const { checked, throttled, statuses } = await parallelWrongLogins(apps, email);
      console.log(
        `  ${dialect}, Redis store: ${checked} of 50 reached the password check, ${throttled} got 429 (${Date.now() - started} ms)`,
      );
      assert.ok(checked <= 5, `${checked} reached the password check`);
      assert.equal(checked + throttled, 50, `statuses ${statuses.join(',')}`);
    });

    test('the 6th try within the minute is a 429 with Retry-After and the login screen message', async () => {
      const email = uniqueEmail('sixth');
      await register(apps[1], email, 'secret123');
      await sixthTryIsThrottled(apps, email, 'secret123');
    });
  });
}

describe('the client address of the login throttle (TRUST_PROXY)', () => {
  for (const trust of [false, true]) {
    test(`X-Forwarded-For is ${trust ? 'the client behind a trusted proxy' : 'ignored unless a proxy is trusted'}`, async () => {
      const shared = sharedDatabase('sqlite');
      const app = await buildApp({
        config: { env: 'test', uploadsDir: path.join(os.tmpdir(), 'api-throttle-uploads-proxy'), trustProxy: trust },
        database: shared.database,
        publisher: new RecordingPublisher(),
      });
      try {
        const email = uniqueEmail('proxy');
        const fromClient = (ip: string) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: 'wrong-password' },
            headers: { 'x-forwarded-for': ip },
          });
        for (let i = 0; i < 5; i += 1) assert.equal((await fromClient('203.0.113.7')).statusCode, 401);
        // Another client behind the same proxy: its own 5 tries only when the proxy is trusted.
        assert.equal((await fromClient('198.51.100.9')).statusCode, trust ? 401 : 429);
      } finally {
        await app.close();
        await shared.cleanup();
      }
    });
  }
});

describe('the client address of the login throttle with TRUST_PROXY=1 (one proxy in front)', () => {
  test('the address one hop back in X-Forwarded-For counts, whatever a client puts before it', async () => {
    const shared = sharedDatabase('sqlite');
    const app = await buildApp({
      config: { env: 'test', uploadsDir: path.join(os.tmpdir(), 'api-throttle-uploads-hops'), trustProxy: 1 },
      database: shared.database,
      publisher: new RecordingPublisher(),
    });
    try {
      const email = uniqueEmail('hops');
      const login = (forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong-password' },
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 5; i += 1) assert.equal((await login('203.0.113.7')).statusCode, 401);
      // The proxy appends the address it saw; what the client wrote before it is not believed.
      assert.equal((await login('198.51.100.1, 203.0.113.7')).statusCode, 429);
      assert.equal((await login('198.51.100.9')).statusCode, 401);
    } finally {
      await app.close();
      await shared.cleanup();
    }
  });
});

/** What a store logged, as the API's logger would have it. */
function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (m: string) => lines.push(`warn: ${m}`), info: (m: string) => lines.push(`info: ${m}`) };
}

describe('Redis away (REDIS_URL set, nothing answers there)', () => {
  test('logins are still throttled, in the database, and answered: 401 five times, then 429', async () => {
    const shared = sharedDatabase('sqlite');
    const app = await buildApp({
      config: {
        env: 'test',
        uploadsDir: path.join(os.tmpdir(), 'api-throttle-uploads-noredis'),
        redisUrl: 'redis://127.0.0.1:1',
      },
      database: shared.database,
      publisher: new RecordingPublisher(),
    });
    try {
      const email = uniqueEmail('noredis');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) assert.equal(res.json<{ message: string }>().message, loginThrottledMessage(60));
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    } finally {
      await app.close();
      await shared.cleanup();
    }
  });
});

describe('Redis lost and found again', { skip: redisSkip }, () => {
  test('counts move to the database while Redis is away, and back to Redis when it returns; each move is logged once', async () => {
    const redisAddress = new URL(REDIS_URL!);
    const relay = await tcpRelay({ host: redisAddress.hostname, port: Number(redisAddress.port || 6379) });
    const shared = sharedDatabase('sqlite');
    const handle = createDb(shared.database);
    await migrateToLatest(handle);
    const log = recordingLog();
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const store = await openRateLimitStore({
      redisUrl: `redis://127.0.0.1:${relay.port}`,
      redisPrefix: prefix,
      db: handle.db,
      log,
    });
    const redis = new Redis(REDIS_URL!);
    const database = new DatabaseRateLimitStore(handle.db);
    try {
      const now = Date.now();
      assert.equal((await store.hit('k', 60_000, now)).count, 1);
      assert.equal(await redis.get(`${prefix}rl:k`), '1', 'counted in Redis');

      await relay.cut();
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal((await store.hit('k', 60_000, now)).count, 1, 'a fresh count in the database');
      assert.equal((await store.hit('k', 60_000, now)).count, 2);
      assert.equal((await database.hit('k', 60_000, now)).count, 3, 'the database holds them');
      assert.equal(log.lines.filter((l) => l.startsWith('warn: Redis unreachable')).length, 1);

      await relay.restore();
      const deadline = Date.now() + 5000;
      let count = 0;
      while (Date.now() < deadline) {
        count = (await store.hit('k', 60_000, now)).count;
        if (count === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(count, 2, 'the Redis count goes on where it was');
      assert.equal(log.lines.length, 2, log.lines.join('\n'));
      assert.match(
        log.lines[0],
        /^warn: Redis unreachable.*; the login and reset throttles count in the database until it is back$/,
      );
      assert.equal(log.lines[1], 'info: Redis reachable again; the login and reset throttles count in Redis');
    } finally {
      await store.close();
      await redis.del(`${prefix}rl:k`);
      await redis.quit();
      await relay.cut();
      await handle.destroy();
      await shared.cleanup();
    }
  });
});

describe('Redis store', { skip: redisSkip }, () => {
  test("parallel hits are counted one by one; the window is the key's time to live", async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const store = new RedisRateLimitStore(REDIS_URL!, prefix);
    await store.firstAttempt(2000);
    try {
      const now = Date.now();
      const results = await Promise.all(Array.from({ length: 100 }, () => store.hit('k', 5000, now)));
      assert.deepEqual(
        results.map((r) => r.count).sort((a, b) => a - b),
        Array.from({ length: 100 }, (_, i) => i + 1),
      );
      assert.ok(results.every((r) => r.resetAt > now && r.resetAt <= now + 5000));
      await store.clear('k');
      assert.equal((await store.hit('k', 5000, now)).count, 1);
      await store.clear('k');
    } finally {
      await store.close();
    }
  });
});
