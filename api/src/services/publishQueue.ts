/**
 * A bounded in-process queue for fire-and-forget deliveries (realtime publishes): a request handler
 * hands its item over and answers at once; at most `concurrency` deliveries are in flight; a failed
 * or timed-out delivery is retried with exponential backoff (with jitter) up to `maxAttempts`; when
 * `capacity` items are already pending (queued, in flight or waiting for a retry) a new item is
 * dropped with a logged warning instead of growing memory and latency without bound. `close()`
 * stops taking items and delivers what is pending, within a deadline.
 */

export interface PublishQueueLog {
  warn(obj: object, msg: string): void;
}

export interface PublishQueueOptions<T> {
  /** Delivers one item; a rejection means it was not delivered. */
  deliver: (item: T) => Promise<void>;
  /** Whether a failure is worth another attempt (default: always). */
  retryable?: (err: unknown) => boolean;
  /** Deliveries in flight at once (default 8). */
  concurrency?: number;
  /** Items pending at once, in flight and waiting for a retry included (default 10 000). */
  capacity?: number;
  /** Attempts per item, the first included (default 5). */
  maxAttempts?: number;
  /** Backoff before the first retry, doubled for each further one (default 100 ms) ... */
  retryBaseMs?: number;
  /** ... up to this (default 5 s). */
  retryMaxMs?: number;
  /** How long `close()` keeps delivering what is pending (default 5 s). */
  closeTimeoutMs?: number;
  log: PublishQueueLog;
  /** What to log about an item that is dropped (no payloads: they may be private). */
  describe?: (item: T) => object;
  /**
   * Joins two items waiting side by side into one delivery, or null when they do not fit together: a
   * backlog (a burst, or several publishes in one tick) then goes in fewer, larger deliveries.
   */
  merge?: (first: T, next: T) => T | null;
}

export interface PublishQueueStats {
  accepted: number;
  delivered: number;
  retried: number;
  /** Refused because the queue was full. */
  droppedFull: number;
  /** Given up after maxAttempts or a failure that is not retryable. */
  failed: number;
  /** Still pending when close() gave up. */
  abandoned: number;
}

interface Entry<T> {
  item: T;
  attempts: number;
  /** Items it holds (more than one once merged), as the stats count them. */
  count: number;
}

export class PublishQueue<T> {
  private readonly waiting: Entry<T>[] = [];
  private readonly retryTimers = new Map<NodeJS.Timeout, Entry<T>>();
  private inFlight = 0;
  /** Items accepted and not yet delivered, given up or abandoned. */
  private pending = 0;
  private closing = false;
  private pumpScheduled = false;
  private idleWaiters: Array<() => void> = [];
  private readonly opts: Required<Omit<PublishQueueOptions<T>, 'describe' | 'merge'>> &
    Pick<PublishQueueOptions<T>, 'describe' | 'merge'>;
  readonly stats: PublishQueueStats = { accepted: 0, delivered: 0, retried: 0, droppedFull: 0, failed: 0, abandoned: 0 };

  constructor(options: PublishQueueOptions<T>) {
    this.opts = {
      retryable: () => true,
      concurrency: 8,
      capacity: 10_000,
      maxAttempts: 5,
      retryBaseMs: 100,
      retryMaxMs: 5000,
      closeTimeoutMs: 5000,
      ...options,
    };
    if (this.opts.concurrency < 1 || this.opts.capacity < 1 || this.opts.maxAttempts < 1) {
      throw new Error('PublishQueue: concurrency, capacity and maxAttempts must be at least 1');
    }
  }

  /** Items pending: waiting, in flight or waiting for a retry. Never more than `capacity`. */
  get size(): number {
    return this.pending;
  }

  /** Takes an item for delivery; false (and a warning) when the queue is full or closed. Never throws. */
  push(item: T): boolean {
    if (this.closing || this.size >= this.opts.capacity) {
      this.stats.droppedFull++;
      this.opts.log.warn(
        { ...this.opts.describe?.(item), pending: this.size, capacity: this.opts.capacity },
        this.closing ? 'realtime publish dropped: shutting down' : 'realtime publish dropped: queue full',
      );
      return false;
    }
    this.stats.accepted++;
    this.pending++;
    this.waiting.push({ item, attempts: 0, count: 1 });
    this.schedulePump();
    return true;
  }

  /** Resolves once nothing is pending (at once when idle). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops taking items and delivers what is pending (retries included, their backoff cut short)
   * for up to closeTimeoutMs; what is still pending then is abandoned with a warning.
   */
  async close(): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      // Retry now rather than after the backoff: the process is about to go.
      for (const [timer, entry] of this.retryTimers) {
        clearTimeout(timer);
        this.waiting.unshift(entry);
      }
      this.retryTimers.clear();
      this.pump();
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.opts.closeTimeoutMs);
    });
    const outcome = await Promise.race([this.idle().then(() => 'idle' as const), deadline]);
    clearTimeout(timer);
    if (outcome === 'timeout' && this.size > 0) {
      const left = this.size;
      this.stats.abandoned += left;
      for (const timer of this.retryTimers.keys()) clearTimeout(timer);
      this.retryTimers.clear();
      this.waiting.length = 0;
      // In-flight deliveries may still end; they no longer count as pending.
      this.pending = 0;
      this.opts.log.warn({ pending: left }, 'realtime publishes abandoned at shutdown');
    }
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    // After the current I/O callbacks: a request handler answers before its publish starts.
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.opts.concurrency && this.waiting.length > 0) {
      const entry = this.takeNext();
      this.inFlight++;
      void this.attempt(entry);
    }
    this.checkIdle();
  }

  /** The next waiting entry, with the first-attempt items behind it merged in while they fit. */
  private takeNext(): Entry<T> {
    const entry = this.waiting.shift()!;
    const merge = this.opts.merge;
    if (!merge || entry.attempts > 0) return entry;
    while (this.waiting.length > 0 && this.waiting[0].attempts === 0) {
      const joined = merge(entry.item, this.waiting[0].item);
      if (joined === null) break;
      entry.item = joined;
      entry.count += this.waiting.shift()!.count;
    }
    return entry;
  }

  private async attempt(entry: Entry<T>): Promise<void> {
    entry.attempts++;
    try {
      await this.opts.deliver(entry.item);
      this.stats.delivered += entry.count;
      this.settled(entry);
    } catch (err) {
      this.failed(entry, err);
    } finally {
      this.inFlight--;
      this.pump();
    }
  }

  private failed(entry: Entry<T>, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    const retryable = this.opts.retryable(err);
    if (!retryable || entry.attempts >= this.opts.maxAttempts) {
      this.stats.failed += entry.count;
      this.settled(entry);
      this.opts.log.warn(
        { ...this.opts.describe?.(entry.item), attempts: entry.attempts, err: { message } },
        retryable ? 'realtime publish failed: giving up after retries' : 'realtime publish failed: not retryable',
      );
      return;
    }
    this.stats.retried += entry.count;
    if (this.closing) {
      this.waiting.push(entry);
      return;
    }
    const backoff = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** (entry.attempts - 1));
    // Jitter over the upper half of the backoff: the retries of a burst do not come back in lockstep.
    const delay = backoff / 2 + Math.random() * (backoff / 2);
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.waiting.unshift(entry);
      this.pump();
    }, delay);
    this.retryTimers.set(timer, entry);
  }

  /** An entry's items are no longer pending (after close() abandoned them, already not counted). */
  private settled(entry: Entry<T>): void {
    this.pending = Math.max(0, this.pending - entry.count);
  }

  private checkIdle(): void {
    if (this.size !== 0 || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
