import { sql, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Database } from '../db/schema.js';
import { withHardening } from '../db/hardeningSchema.js';
import type { RateLimitStore } from '../domain/throttle.js';

/**
 * The throttles' counters in the product database (the default: SQLite and PostgreSQL alike, no
 * new server). One upsert per attempt counts it and answers the count: PostgreSQL's
 * `insert ... on conflict do update` locks the row, SQLite has one writer, so every API instance on
 * the database sees one counter and concurrent attempts are counted one by one.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly name = 'database';
  private hitsSinceSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, now: number) {
    const db = withHardening(this.db);
    const resetAt = now + windowMs;
    const row = await db
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (++this.hitsSinceSweep >= 1000) {
      this.hitsSinceSweep = 0;
      await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
    }
    return { count: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  async clear(key: string) {
    await withHardening(this.db).deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async close() {
    /* the database belongs to the app */
  }
}

/** INCR and, on the window's first hit, PEXPIRE, in one script: atomic in Redis. Answers [count, ms left]. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

/**
 * The counters in Redis (REDIS_URL), for a fleet that shares one. Windows run on Redis's clock
 * (keys expire there); the Retry-After is the key's time left.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly name = 'redis';
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      // Fail fast instead of queueing logins while Redis is away.
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      lazyConnect: false,
    });
    this.redis.on('error', () => {
      /* reconnects by itself; the failing command rejects and the request answers 500 */
    });
  }

  private key(key: string) {
    return `${this.prefix}rl:${key}`;
  }

  async hit(key: string, windowMs: number, now: number) {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), String(windowMs))) as [number, number];
    return { count: Number(count), resetAt: now + Number(ttl) };
  }

  async clear(key: string) {
    await this.redis.del(this.key(key));
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createRateLimitStore(options: {
  redisUrl: string | null;
  redisPrefix: string;
  db: Kysely<Database>;
}): RateLimitStore {
  return options.redisUrl
    ? new RedisRateLimitStore(options.redisUrl, options.redisPrefix)
    : new DatabaseRateLimitStore(options.db);
}
