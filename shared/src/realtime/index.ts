import { bus } from '../bus';
import { getRuntimeConfig, type RuntimeConfig } from '../config';

/**
 * The one realtime connection of a signed-in browser, owned by the shell. This module is light: the
 * pusher-js client lives in `./connection`, imported on demand, so it never weighs on the /login load.
 */
export interface RealtimeOptions {
  userId: number;
  token: string;
  config?: RuntimeConfig;
}

export interface RealtimeConnection {
  disconnect(): void;
  /** This browser's id on the realtime server while connected (pusher-js socket_id). */
  socketId(): string | undefined;
}

let current: { key: string; connection: Promise<RealtimeConnection | null>; ready?: RealtimeConnection | null } | null = null;

/**
 * The realtime connection's socket id, while connected: a request sends it (X-Socket-ID) so that the
 * API does not echo what this tab did back to this tab, which has it from the answer.
 */
export function realtimeSocketId(): string | undefined {
  return current?.ready?.socketId();
}

/** Connects (once per user and token) to `private-message.{userId}` and fans its events out on the bus. */
export function connectRealtime(options: RealtimeOptions): Promise<RealtimeConnection | null> {
  const key = `${options.userId}:${options.token}`;
  if (current?.key === key) return current.connection;
  disconnectRealtime();
  const config = options.config ?? getRuntimeConfig();
  const connection = import('./connection')
    // In a task of its own: evaluating pusher-js and starting its connection are then two shorter tasks
    // instead of one long one that blocks input (issue 12: total blocking time).
    .then((module) => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 0)))
    .then(({ createConnection }) => createConnection({ ...options, config, emit: (event) => bus.emit(event) }))
    .catch((error: unknown) => {
      // Realtime is an enhancement: without it the app still works by refetching.
      console.warn('realtime connection unavailable', error);
      return null;
    });
  const entry: NonNullable<typeof current> = { key, connection };
  void connection.then((ready) => (entry.ready = ready));
  current = entry;
  return connection;
}

/** Closes the connection (on logout). */
export function disconnectRealtime(): void {
  const previous = current;
  current = null;
  void previous?.connection.then((connection) => connection?.disconnect());
}
