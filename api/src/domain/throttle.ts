import type { Clock } from './clock.js';

/** Where the counters of a Throttle live. `hit` must be atomic: two instances hitting one key both count. */
export interface RateLimitStore {
  readonly name: string;
  /**
   * Counts one attempt at `key` in a fixed window that starts at its first attempt and lasts
   * `windowMs`; answers the attempts counted so far in the window (this one included) and when the
   * window ends (ms since the epoch).
   */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Forgets the key (a successful login). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A store in this process's memory: for tests and tools, never shared between instances. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly name = 'memory';
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number, now: number) {
    let e = this.hits.get(key);
    if (!e || e.resetAt <= now) {
      e = { count: 0, resetAt: now + windowMs };
      this.hits.set(key, e);
    }
    e.count += 1;
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    return { count: e.count, resetAt: e.resetAt };
  }

  async clear(key: string) {
    this.hits.delete(key);
  }

  async close() {
    this.hits.clear();
  }
}

/**
 * At most `max` attempts per key within `windowMs` of the first one (like Laravel's RateLimiter),
 * counted in a shared store. An attempt is counted before the work it guards, so concurrent
 * attempts cannot all slip through: of any number of parallel attempts at one key, `max` proceed.
 */
export class Throttle {
  constructor(
    private readonly store: RateLimitStore,
    /** Namespace of this throttle's keys in the store. */
    private readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts an attempt at `key`: 0 when it may go ahead, else the seconds until the key may try again. */
  async attempt(key: string): Promise<number> {
    const now = this.clock.now().getTime();
    const { count, resetAt } = await this.store.hit(`${this.name}:${key}`, this.windowMs, now);
    if (count <= this.max) return 0;
    return Math.max(1, Math.ceil((resetAt - now) / 1000));
  }

  /** Forgets the attempts at `key`. */
  clear(key: string): Promise<void> {
    return this.store.clear(`${this.name}:${key}`);
  }
}
