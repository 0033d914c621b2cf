/**
 * Each client's database listeners on the embedded location server.
 *
 * firebase-server 1.1.0 adds a database listener for every listen frame ('l' or 'q') a client sends and
 * never removes one: not on the client's unlisten ('n'), not when its connection closes. Every map ever
 * opened went on receiving, and costing, each later position written at its path, a customer whose map
 * had stopped listening was still sent the provider's positions, and one client could add listeners
 * without limit. This ledger records the listeners each connection adds, removes one per unlisten and
 * all of them when the connection closes, and closes a connection that holds too many listeners or
 * stops reading what it is sent.
 */
import type { WebSocket } from 'ws';

/** The part of a firebase 8 Reference the ledger uses. */
export interface DatabaseRef {
  on(event: string, callback: (...args: unknown[]) => unknown, ...rest: unknown[]): unknown;
  off(event: string, callback: (...args: unknown[]) => unknown): void;
  child(path: string): DatabaseRef;
  toString(): string;
}

/** The part of a client's WebSocket the ledger uses. */
export type ClientSocket = Pick<WebSocket, 'bufferedAmount' | 'terminate'>;

interface Listen {
  ref: DatabaseRef;
  event: string;
  callback: (...args: unknown[]) => unknown;
}

export interface ClientListensOptions {
  /** Listeners one connection may hold at once; one more closes it. */
  maxPerClient: number;
  /** Bytes sent to a client and not yet taken by it past which it is closed instead of sent more. */
  maxBacklogBytes: number;
}

export const DEFAULT_CLIENT_LISTENS: ClientListensOptions = { maxPerClient: 64, maxBacklogBytes: 1024 * 1024 };

export class ClientListens {
  private readonly byClient = new Map<ClientSocket, Listen[]>();
  /** The client whose frame firebase-server is handling (it adds its listener synchronously). */
  private handling: ClientSocket | null = null;

  constructor(private readonly options: ClientListensOptions = DEFAULT_CLIENT_LISTENS) {}

  /** `root` with every listener added through it, or through its children, recorded for its client. */
  track(root: DatabaseRef): DatabaseRef {
    const tracked = (ref: DatabaseRef): DatabaseRef =>
      new Proxy(ref, {
        get: (target, prop) => {
          if (prop === 'on')
            return (event: string, callback: (...args: unknown[]) => unknown, ...rest: unknown[]) =>
              this.add(target, event, callback, rest);
          if (prop === 'child') return (path: string) => tracked(target.child(path));
          const value = Reflect.get(target, prop, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    return tracked(root);
  }

  /** Runs firebase-server's handling of one of `client`'s frames, so that its listeners are recorded as the client's. */
  handle<T>(client: ClientSocket, work: () => T): T {
    this.handling = client;
    try {
      return work();
    } finally {
      this.handling = null;
    }
  }

  /** The client's unlisten of `ref`: its oldest listener there is removed. */
  unlisten(client: ClientSocket, ref: DatabaseRef): void {
    const listens = this.byClient.get(client);
    const at = listens?.findIndex((listen) => listen.ref.toString() === ref.toString()) ?? -1;
    if (!listens || at < 0) return;
    const [listen] = listens.splice(at, 1);
    listen.ref.off(listen.event, listen.callback);
  }

  /** The client's connection closed: every listener it added is removed. */
  release(client: ClientSocket): void {
    for (const listen of this.byClient.get(client) ?? []) listen.ref.off(listen.event, listen.callback);
    this.byClient.delete(client);
  }

  /** Listeners held by every client together. */
  count(): number {
    let count = 0;
    for (const listens of this.byClient.values()) count += listens.length;
    return count;
  }

  private add(ref: DatabaseRef, event: string, callback: (...args: unknown[]) => unknown, rest: unknown[]): unknown {
    const client = this.handling;
    if (!client) return ref.on(event, callback, ...rest);
    const sendUnlessBehind = (...args: unknown[]) => {
      // A client that stops reading would otherwise have every later position queued for it in memory.
      if (client.bufferedAmount > this.options.maxBacklogBytes) return client.terminate();
      return callback(...args);
    };
    const listens = this.byClient.get(client) ?? [];
    if (listens.length >= this.options.maxPerClient) {
      client.terminate();
      return callback;
    }
    this.byClient.set(client, listens);
    listens.push({ ref, event, callback: sendUnlessBehind });
    ref.on(event, sendUnlessBehind, ...rest);
    return callback;
  }
}
