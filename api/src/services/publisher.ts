import Pusher from 'pusher';
import type { FastifyBaseLogger } from 'fastify';
import type { PusherConfig } from '../config.js';

/** The private channel of one user, the only one the client subscribes to (DESIGN.md section 4). */
export const userChannel = (userId: number) => `private-message.${userId}`;

export interface Publisher {
  /** Publishes an event to one user's private channel. Never throws: a failure is logged. */
  publishToUser(userId: number, event: string, data: unknown): Promise<void>;
  /** Signs a private-channel subscription for pusher-js (`{ auth }`). */
  authorizeChannel(socketId: string, channel: string): { auth: string };
}

/**
 * Publishes through the official `pusher` SDK, so pointing the API at Pusher Channels (or any
 * Pusher-compatible cluster) is configuration only.
 */
export class PusherPublisher implements Publisher {
  private readonly pusher: Pusher;

  constructor(
    config: PusherConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pusher = new Pusher({
      appId: config.appId,
      key: config.key,
      secret: config.secret,
      host: config.host,
      port: String(config.port),
      useTLS: false,
      timeout: 5000,
    });
  }

  async publishToUser(userId: number, event: string, data: unknown): Promise<void> {
    try {
      await this.pusher.trigger(userChannel(userId), event, data);
    } catch (err) {
      this.log.warn({ err: { message: (err as Error).message }, event, userId }, 'realtime publish failed');
    }
  }

  authorizeChannel(socketId: string, channel: string): { auth: string } {
    return this.pusher.authorizeChannel(socketId, channel);
  }
}
