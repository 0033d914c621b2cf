import type { Clock } from './clock.js';

/**
 * Counts attempts per key in a fixed window (like Laravel's RateLimiter): after `max` hits within
 * `windowMs` of the first one, the key is blocked until the window ends. In memory, per process.
 */
export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  private entry(key: string) {
    const now = this.clock.now().getTime();
    const e = this.hits.get(key);
    if (e && e.resetAt > now) return e;
    if (e) this.hits.delete(key);
    return null;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const e = this.entry(key);
    if (!e || e.count < this.max) return 0;
    return Math.max(1, Math.ceil((e.resetAt - this.clock.now().getTime()) / 1000));
  }

  hit(key: string): void {
    const e = this.entry(key);
    if (e) e.count += 1;
    else this.hits.set(key, { count: 1, resetAt: this.clock.now().getTime() + this.windowMs });
    if (this.hits.size > 10_000) this.sweep();
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, e] of this.hits) if (e.resetAt <= now) this.hits.delete(key);
  }
}
