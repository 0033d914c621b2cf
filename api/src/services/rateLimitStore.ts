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
      // Fail fast instead of queueing logins while Redis is away: a command sent while it is not
      // connected rejects at once (the fallback store then counts), and one in flight retries once.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2000,
      commandTimeout: 2000,
      lazyConnect: false,
    });
    this.redis.on('error', () => {
      /* reconnects by itself; meanwhile its commands reject (see FallbackRateLimitStore) */
    });
  }

  /** Whether Redis is connected now (commands sent otherwise reject at once). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** Resolves when the first connection attempt has ended: connected, refused, or still pending after `timeoutMs`. */
  firstAttempt(timeoutMs: number): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.redis.once('ready', done);
      this.redis.once('error', done);
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

/**
 * Redis, and the database while Redis is away: a login or password reset is still throttled (every
 * instance shares the database's counters too) and answered, instead of failing with the cache. The
 * counts of an attempt window split across the two at worst, so an outage grants at most one more
 * window's tries. Says once when it falls back and once when Redis is back.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  readonly name = 'redis';
  private usingFallback = false;

  constructor(
    private readonly redis: RedisRateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly onSwitch: (toFallback: boolean, error?: unknown) => void,
  ) {}

  private async either<T>(use: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (this.redis.ready) {
      try {
        const answer = await use(this.redis);
        this.switchTo(false);
        return answer;
      } catch (error) {
        this.switchTo(true, error);
      }
    } else {
      this.switchTo(true);
    }
    return use(this.fallback);
  }

  private switchTo(toFallback: boolean, error?: unknown) {
    if (this.usingFallback === toFallback) return;
    this.usingFallback = toFallback;
    this.onSwitch(toFallback, error);
  }

  hit(key: string, windowMs: number, now: number) {
    return this.either((store) => store.hit(key, windowMs, now));
  }

  async clear(key: string) {
    // A success forgets the key in both, so a count left in one from an outage does not linger; Redis
    // away, the database's is all there is to forget.
    const inRedis = this.redis.ready ? this.redis.clear(key).catch((error: unknown) => this.switchTo(true, error)) : null;
    await Promise.all([inRedis, this.fallback.clear(key)]);
  }

  async close() {
    await Promise.all([this.redis.close(), this.fallback.close()]);
  }
}

/** The throttles' store: the database, or with REDIS_URL Redis (once its first connection attempt has ended) and the database behind it. */
export async function openRateLimitStore(options: {
  redisUrl: string | null;
  redisPrefix: string;
  db: Kysely<Database>;
  log?: { warn(message: string): void; info(message: string): void };
}): Promise<RateLimitStore> {
  const database = new DatabaseRateLimitStore(options.db);
  if (!options.redisUrl) return database;
  const redis = new RedisRateLimitStore(options.redisUrl, options.redisPrefix);
  await redis.firstAttempt(2000);
  return new FallbackRateLimitStore(redis, database, (toFallback, error) => {
    if (toFallback) {
      const reason = error instanceof Error ? `: ${error.message}` : ' (not connected)';
      options.log?.warn(`Redis unreachable${reason}; the login and reset throttles count in the database until it is back`);
    } else {
      options.log?.info('Redis reachable again; the login and reset throttles count in Redis');
    }
  });
}
