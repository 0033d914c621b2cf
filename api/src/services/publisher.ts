import http from 'node:http';
import Pusher from 'pusher';
import type { FastifyBaseLogger } from 'fastify';
import type { PusherConfig } from '../config.js';
import { DEFAULT_MAX_EVENT_BYTES } from '../realtime/protocol.js';
import { PublishQueue, type PublishQueueOptions, type PublishQueueStats } from './publishQueue.js';

/** The private channel of one user, the only one the client subscribes to (docs/deviations.md, deviation 1). */
export const userChannel = (userId: number) => `private-message.${userId}`;
/** The user whose private channel `channel` is (userChannel's inverse), or null. */
export const userOfChannel = (channel: string): string | null => /^private-message\.([1-9][0-9]*)$/.exec(channel)?.[1] ?? null;

/** One event for one user's private channel. */
export interface RealtimeEvent {
  userId: number;
  event: string;
  data: unknown;
  /** A connection (pusher socket_id) that does not get the event: the tab that caused it, which has it already. */
  exceptSocketId?: string;
}

/**
 * An event on a user's own channel about something they changed themselves (cards, their profile, what
 * they read): all their tabs and devices get it but `exceptSocketId`, the asking tab, which has the answer.
 */
export const ownChannelEvent = (userId: number, event: string, data: unknown, exceptSocketId?: string): RealtimeEvent => ({
  userId,
  event,
  data,
  ...(exceptSocketId && { exceptSocketId }),
});

/** Pusher's limit of events in one batch request. */
export const MAX_BATCH_EVENTS = 10;

/**
 * Pusher's limit of one event's data (10 KiB of its serialised form, counted in UTF-8 bytes): Pusher, and
 * our realtime server (realtime/protocol.ts), refuse a bigger event with 413, and with it the whole batch.
 */
export const MAX_EVENT_DATA_BYTES = DEFAULT_MAX_EVENT_BYTES;

/** An event's data as it is published: a string as it is, anything else as JSON. */
export const serializeEventData = (data: unknown): string => (typeof data === 'string' ? data : JSON.stringify(data));

/** The size of an event's data as Pusher counts it against MAX_EVENT_DATA_BYTES: UTF-8 bytes of its serialised form. */
export const eventDataBytes = (data: unknown): number => Buffer.byteLength(serializeEventData(data), 'utf8');

export interface Publisher {
  /**
   * Publishes the events of one action (e.g. a chat message's 'Message' and 'Notification')
   * together, in the background: returns at once and never throws; failures are retried and
   * what cannot be published is logged. An event whose data exceeds MAX_EVENT_DATA_BYTES is not
   * published (a warning is logged); the other events of the call are.
   */
  publish(events: RealtimeEvent[]): void;
  /** Signs a private-channel subscription for pusher-js (`{ auth }`). */
  authorizeChannel(socketId: string, channel: string): { auth: string };
  /**
   * A session of the user was revoked (Logout, a new password): their realtime connections are ended, so
   * that one subscribed with a revoked token stops receiving; the others reconnect and subscribe again.
   * In the background; never throws.
   */
  endConnectionsOf(userId: number): void;
  /** Publishes what is still pending (within a deadline) and stops; the app calls it when it closes. */
  close?(): Promise<void>;
}

/** One pending publish: its events with their data already serialised (a snapshot, and what is sent). */
interface Batch {
  events: Array<{ channel: string; name: string; data: string; socket_id?: string }>;
}

export interface PusherPublisherOptions extends Pick<
  PublishQueueOptions<Batch>,
  'concurrency' | 'capacity' | 'maxAttempts' | 'retryBaseMs' | 'retryMaxMs' | 'closeTimeoutMs'
> {
  /** Timeout of one publish request, ms (default 5000); a timed-out publish is retried. */
  timeoutMs?: number;
}

/** Worth another attempt: no answer (network error, timeout), or 408, 429, 5xx. */
function isRetryable(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Publishes through the official `pusher` SDK, so pointing the API at Pusher Channels (or any
 * Pusher-compatible cluster) is configuration only. The events of one action go in one
 * `triggerBatch` request, over kept-alive connections, through a bounded queue with limited
 * concurrency and retries (services/publishQueue.ts): a burst of messages neither opens a
 * connection per event nor piles up unbounded requests that then time out.
 */
export class PusherPublisher implements Publisher {
  private readonly pusher: Pusher;
  private readonly agent: http.Agent;
  private readonly queue: PublishQueue<Batch>;
  private readonly log: FastifyBaseLogger;

  constructor(config: PusherConfig, log: FastifyBaseLogger, options: PusherPublisherOptions = {}) {
    this.log = log;
    const concurrency = options.concurrency ?? 8;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
    this.pusher = new Pusher({
      appId: config.appId,
      key: config.key,
      secret: config.secret,
      host: config.host,
      port: String(config.port),
      useTLS: false,
      timeout: options.timeoutMs ?? 5000,
      agent: this.agent,
    });
    this.queue = new PublishQueue<Batch>({
      ...options,
      concurrency,
      log,
      retryable: isRetryable,
      deliver: (batch) => this.send(batch),
      // A backlog of actions goes in fewer requests: batches waiting side by side are joined up to
      // Pusher's limit of events per batch (each action's events stay together and in order).
      merge: (first, next) =>
        first.events.length + next.events.length <= MAX_BATCH_EVENTS ? { events: [...first.events, ...next.events] } : null,
      describe: (batch) => ({ events: batch.events.map((e) => `${e.name}@${e.channel}`) }),
    });
  }

  publish(events: RealtimeEvent[]): void {
    const fitting: Batch['events'] = [];
    for (const e of events) {
      const item = {
        channel: userChannel(e.userId),
        name: e.event,
        data: serializeEventData(e.data),
        ...(e.exceptSocketId ? { socket_id: e.exceptSocketId } : {}),
      };
      // Pusher refuses a batch with an event over its limit whole (413, not retried): such an event would
      // take the others of its batch with it, and once merged (see `merge`) other actions' and users'.
      const bytes = Buffer.byteLength(item.data, 'utf8');
      if (bytes > MAX_EVENT_DATA_BYTES) {
        this.log.warn(
          { event: item.name, channel: item.channel, bytes, limit: MAX_EVENT_DATA_BYTES },
          'realtime event dropped: data too large',
        );
        continue;
      }
      fitting.push(item);
    }
    for (let i = 0; i < fitting.length; i += MAX_BATCH_EVENTS) {
      this.queue.push({ events: fitting.slice(i, i + MAX_BATCH_EVENTS) });
    }
  }

  private async send(batch: Batch): Promise<void> {
    // The SDK fills in (mutates) the items it is given: each attempt gets its own copies.
    const res = await this.pusher.triggerBatch(batch.events.map((e) => ({ ...e })));
    // Read the (small) answer so that the kept-alive connection is free for the next publish.
    await (res as unknown as { text(): Promise<string> }).text();
  }

  /** Publishes counted since start (for diagnostics and tests). */
  get stats(): Readonly<PublishQueueStats> {
    return this.queue.stats;
  }

  authorizeChannel(socketId: string, channel: string): { auth: string } {
    return this.pusher.authorizeChannel(socketId, channel);
  }

  endConnectionsOf(userId: number): void {
    // Hosted Pusher ends only connections signed in as the user (pusher-js's user sign-in, which the app
    // does not use); the embedded server ends those subscribed to the user's channel.
    this.pusher
      .terminateUserConnections(String(userId))
      .then((res) => (res as unknown as { text(): Promise<string> }).text())
      .catch((err: unknown) => this.log.warn({ err, userId }, 'realtime connections not ended'));
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.agent.destroy();
  }
}
