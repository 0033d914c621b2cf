/**
 * The location server: the embedded stand-in for Firebase Realtime Database (docs/architecture.md, 'The back end').
 *
 * It wraps the npm `firebase-server` package (CommonJS; it runs its own firebase 8.10.1 in memory and
 * checks every read and write against Firebase security rules with targaryen). Browsers use the real
 * `firebase` 12 SDK with `connectDatabaseEmulator(db, host, port, { mockUserToken })`, where the token
 * comes from `POST /api/location/token`; providers write `provider/latLng/{userId}` =
 * `{ lat, lng, updatedAt, device, since }` (and `stoppedAt` when they stop sharing), the customer's map
 * listens with `onValue` (firebase-server answers listens, not the one-shot `get()`).
 *
 * By default it enforces the production rules (api/firebase/database.rules.json) and accepts only
 * tokens signed with the API's secret (config.locationTokenSecret), so a browser that is not signed
 * in, or that forges a token, cannot write or read anything (issue 10, item 10).
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { WebSocket, WebSocketServer } from 'ws';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listen } from '../http/listen.js';
import { loadConfig } from '../config.js';
import { ClientListens, DEFAULT_CLIENT_LISTENS, type ClientListensOptions, type DatabaseRef } from './clientListens.js';

const require = createRequire(import.meta.url);

/** The part of firebase-server's API we use (the package's own typings pull in firebase 8's). */
interface FirebaseServerInstance {
  /** The WebSocket server it answers clients on (ws). */
  wss: WebSocketServer;
  /** The root of its in-memory database: each client frame's reference is taken from it. */
  baseRef: DatabaseRef;
  setRules(rules: object): void;
  setAuthSecret(secret: string): void;
  getValue(): Promise<unknown>;
  close(callback?: (err?: Error) => void): Promise<void>;
}
type FirebaseServerConstructor = new (
  options: { server: Server; maxPayload?: number; maxFrameLength?: number },
  name?: string,
  data?: unknown,
) => FirebaseServerInstance;

export interface LocationServerOptions {
  port: number;
  /** Interface to listen on; 127.0.0.1 unless given. */
  host?: string;
  /**
   * Security rules, either as a whole rules file (`{ "rules": { ... } }`) or just its `rules` object.
   * Default: the production rules, {@link loadProductionRules}().
   */
  rules?: object;
  /**
   * Secret (HS256) a client's token must be signed with; the API mints such tokens at
   * POST /api/location/token. Default: `loadConfig().locationTokenSecret` (FIREBASE_EMBEDDED_SECRET,
   * else derived from APP_KEY, as the API does). `null` accepts unsigned tokens, such as the SDK's
   * `mockUserToken: { sub }` objects: only for testing rules, never for a running stack.
   */
  authSecret?: string | null;
  /**
   * Host (and port) the server names in its handshake; clients not in emulator mode reconnect to it.
   * Default `${host}:${port}` (`localhost:${port}` when listening on all interfaces).
   */
  advertisedHost?: string;
  /** Largest WebSocket message a client may send (bytes). Default 64 KiB. */
  maxMessageBytes?: number;
  /** Listeners one client may hold, and the backlog it may leave unread (clientListens.ts). */
  clientListens?: ClientListensOptions;
}

export interface LocationServer {
  port: number;
  /** Database listeners held by the connected clients together. */
  listenerCount(): number;
  close(): Promise<void>;
}

/** Path of the production rules file (deployed to a real Firebase project). */
export const PRODUCTION_RULES_PATH = fileURLToPath(new URL('../../firebase/database.rules.json', import.meta.url));

/** Reads api/firebase/database.rules.json. */
export function loadProductionRules(): object {
  return JSON.parse(readFileSync(PRODUCTION_RULES_PATH, 'utf8')) as object;
}

function asRulesFile(rules: object): object {
  return 'rules' in rules ? rules : { rules };
}

/** The part of targaryen's (immutable) Database that firebase-server keeps as `targaryen`. */
interface RulesDatabase {
  rules: unknown;
  root: unknown;
  auth: unknown;
  timestamp: number;
  debug: boolean;
  as(auth: unknown): RulesDatabase;
  read(path: string, options?: unknown): unknown;
  constructor: new (opts: { rules: unknown; data: unknown; auth: unknown; now: number; debug: boolean }) => RulesDatabase;
}

/** What the rules see of the database at each request: reads get the current time as `now`. */
function withReadClock(db: RulesDatabase): RulesDatabase {
  const scoped = (inner: RulesDatabase): RulesDatabase =>
    new Proxy(inner, {
      get(target, prop) {
        if (prop === 'read') return (path: string, options?: unknown) => target.read(path, options ?? Date.now());
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'as') return (auth: unknown) => scoped(target.as(auth));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Works around two firebase-server 1.1.0 / targaryen 3 defects:
 *
 * 1. An unauthenticated client could act as the last user who wrote: after each allowed write
 *    firebase-server keeps the resulting rules database, which still carries the writer's auth, and
 *    checks the next request with `.as(authData())`; for a client without a token authData() is
 *    undefined and targaryen's `as()` keeps the previous auth when given null or undefined. We store
 *    every new rules database with its auth cleared, so each request is checked with its own
 *    connection's auth only.
 * 2. Reads are checked without a time, so a rule using `now` fails for every read; we hand targaryen
 *    the current time for reads, as Firebase does.
 */
function patchRulesDatabase(server: FirebaseServerInstance): void {
  const target = server as unknown as { targaryen: RulesDatabase };
  const withoutAuth = (db: RulesDatabase): RulesDatabase =>
    db.auth === null
      ? db
      : new db.constructor({ rules: db.rules, data: db.root, auth: null, now: db.timestamp, debug: db.debug });
  let current = withoutAuth(target.targaryen);
  Object.defineProperty(target, 'targaryen', {
    configurable: true,
    enumerable: true,
    get: () => withReadClock(current),
    set: (db: RulesDatabase) => {
      current = withoutAuth(db);
    },
  });
}

/** The path of a client's unlisten frame ({"t":"d","d":{"a":"n","b":{"p":...}}}), else null. */
function unlistenPath(data: unknown): string | null {
  try {
    const frame = JSON.parse(String(data)) as { t?: unknown; d?: { a?: unknown; b?: { p?: unknown } } };
    return frame?.t === 'd' && frame.d?.a === 'n' && typeof frame.d.b?.p === 'string' ? frame.d.b.p : null;
  } catch {
    return null;
  }
}

/**
 * firebase-server reads a client's frame without checking its shape ({"t":"d","d":{}} throws reading
 * d.b.p) inside the socket's message listener, where a throw ends the whole API process; and it keeps
 * the text of frames that are not JSON yet, without limit, to parse again with the next. Each of its
 * message listeners is wrapped: a frame it throws on, or a partial message grown past the largest
 * message allowed, closes that client's connection only. The wrapper also keeps the client's database
 * listeners in `listens` (firebase-server never removes one): an unlisten frame removes one, and the
 * connection's close all of them.
 */
function guardClientMessages(server: FirebaseServerInstance, maxMessageBytes: number, listens: ClientListens): void {
  const root = server.baseRef;
  // Registered after firebase-server's own connection listener: its message listener is there by now.
  server.wss.on('connection', (ws: WebSocket & { frameBuffer?: string }) => {
    ws.on('close', () => listens.release(ws));
    for (const listener of ws.listeners('message') as Array<(...args: unknown[]) => void>) {
      ws.removeListener('message', listener);
      ws.on('message', (...args: unknown[]) => {
        try {
          const unlisten = unlistenPath(args[0]);
          if (unlisten !== null) {
            const path = unlisten.replace(/^\/+|\/+$/g, '');
            listens.unlisten(ws, path ? root.child(path) : root);
          }
          listens.handle(ws, () => listener.apply(ws, args));
        } catch {
          ws.terminate();
          return;
        }
        if ((ws.frameBuffer?.length ?? 0) > maxMessageBytes) ws.terminate();
      });
    }
  });
}

export async function startLocationServer(opts: LocationServerOptions): Promise<LocationServer> {
  const FirebaseServer = require('firebase-server') as FirebaseServerConstructor;
  const host = opts.host ?? '127.0.0.1';

  // Our own HTTP server, so that the port is known (port 0 works) before firebase-server attaches
  // its WebSocket endpoint, and so that close() can end every connection.
  const http = createServer((req, res) => {
    if (req.url === '/' || req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"Not found"}');
  });
  http.on('clientError', (_err, socket) => socket.destroy());
  const port = await listen(http, opts.port, host);
  const advertisedHost =
    opts.advertisedHost ??
    `${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;

  let firebase: FirebaseServerInstance;
  let listens: ClientListens;
  try {
    firebase = new FirebaseServer({ server: http, maxPayload: opts.maxMessageBytes ?? 64 * 1024 }, advertisedHost);
    patchRulesDatabase(firebase);
    listens = new ClientListens(opts.clientListens ?? DEFAULT_CLIENT_LISTENS);
    firebase.baseRef = listens.track(firebase.baseRef);
    guardClientMessages(firebase, opts.maxMessageBytes ?? 64 * 1024, listens);
    const secret = opts.authSecret === undefined ? loadConfig().locationTokenSecret : opts.authSecret;
    if (secret) firebase.setAuthSecret(secret);
    firebase.setRules(asRulesFile(opts.rules ?? loadProductionRules()));
  } catch (err) {
    http.close();
    throw err;
  }

  let closed: Promise<void> | undefined;
  return {
    port,
    listenerCount: () => listens.count(),
    close() {
      closed ??= (async () => {
        await firebase.close().catch(() => undefined); // terminates the WebSocket clients
        // firebase-server keeps an in-memory firebase 8 app per instance; release it.
        const app = (firebase as unknown as { app?: { delete?: () => Promise<void> } }).app;
        await app?.delete?.().catch(() => undefined);
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}
