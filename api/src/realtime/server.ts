/**
 * A small Pusher-compatible realtime server (the embedded default; docs/architecture.md, 'The back end').
 *
 * One HTTP server serves both sides of Pusher Channels:
 *  - the WebSocket endpoint pusher-js connects to: `/app/{key}?protocol=7&client=js&version=...`
 *    (protocol 7: connection_established, ping/pong, subscribe/unsubscribe, public and `private-`
 *    channels authorised with `key:HMAC-SHA256(secret, "socket_id:channel")`);
 *  - the HTTP API the official `pusher` SDK publishes to: `POST /apps/{appId}/events` and
 *    `/batch_events`, `GET /apps/{appId}/channels[/{name}]` and
 *    `POST /apps/{appId}/users/{userId}/terminate_connections`, each checked against the SDK's
 *    request signature (auth_key, auth_timestamp, auth_version, body_md5, auth_signature).
 *
 * Presence channels and client events are not supported (the product uses neither); they are
 * refused with an error rather than silently accepted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomInt } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import { trustProxyFunction, type TrustProxySetting } from '../http/trustProxy.js';
import ipaddr from 'ipaddr.js';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { listen } from '../http/listen.js';
import {
  DEFAULT_MAX_EVENT_BYTES,
  MAX_BATCH_EVENTS,
  MAX_CHANNELS_PER_EVENT,
  MAX_EVENT_NAME_LENGTH,
  frame,
  isPresenceChannel,
  isPrivateChannel,
  isValidChannelName,
  isValidSocketId,
  messageText,
  verifyChannelAuth,
  verifyHttpSignature,
} from './protocol.js';

export interface RealtimeServerOptions {
  port: number;
  appId: string;
  key: string;
  secret: string;
  /** Interface to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Largest WebSocket message a client may send (bytes). Default 16 KiB. */
  maxClientMessageBytes?: number;
  /** Largest `data` of one published event (bytes). Default 10 KiB, as Pusher. */
  maxEventBytes?: number;
  /** Largest HTTP request body (bytes). Default 256 KiB. */
  maxBodyBytes?: number;
  /** Most simultaneous connections. Default 20 000. */
  maxConnections?: number;
  /**
   * Most simultaneous connections from one client address (an IPv6 client: from one /64), so that one
   * client cannot take the whole of `maxConnections`. 0 or unset: no per-address limit (the API passes
   * REALTIME_MAX_CONNECTIONS_PER_IP, default 50; benches and tests open hundreds from one address).
   */
  maxConnectionsPerAddress?: number;
  /**
   * Whom to believe about the client's address (`X-Forwarded-For`), with Fastify's `trustProxy` rules
   * (the API's TRUST_PROXY): false (default: the socket's address), true, a number of proxy hops, or
   * proxies' addresses/CIDRs separated by commas.
   */
  trustProxy?: TrustProxySetting;
  /** Most channels one connection may subscribe to. Default 100. */
  maxChannelsPerConnection?: number;
  /**
   * Whose private channel a channel is (a user id), or null. Pusher's terminate_connections ends the
   * connections signed in as a user; this server's clients do not sign in, so a user's connections are
   * the ones subscribed to that user's channels. Unset: terminate_connections ends none.
   */
  userOfChannel?: (channel: string) => string | null;
  /** A connection whose unsent output exceeds this many bytes is dropped (slow consumer). Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Interval of the server's liveness check (WebSocket ping); a connection silent for two intervals is dropped. Default 60 s. */
  heartbeatIntervalMs?: number;
  /** `activity_timeout` announced to clients, in seconds. Default 120. */
  activityTimeoutSeconds?: number;
}

export interface RealtimeServer {
  port: number;
  close(): Promise<void>;
}

interface Connection {
  ws: WebSocket;
  socketId: string;
  /** The client address it counts against (see clientAddress). */
  address: string;
  channels: Set<string>;
  alive: boolean;
}

interface PublishedEvent {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The key a client's connections are counted under: its IPv4 address (an IPv4-mapped IPv6 address as
 * IPv4), or the /64 prefix of its IPv6 address, since one IPv6 client commonly holds a whole /64.
 */
function addressKey(address: string): string {
  const text = address.split('%')[0];
  if (!ipaddr.isValid(text)) return text;
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

const PROTOCOL_MIN = 5;
const PROTOCOL_MAX = 7;

export async function startRealtimeServer(opts: RealtimeServerOptions): Promise<RealtimeServer> {
  const { appId, key, secret } = opts;
  if (!appId || !key || !secret) throw new Error('startRealtimeServer: appId, key and secret are required');
  const host = opts.host ?? '127.0.0.1';
  const maxClientMessageBytes = opts.maxClientMessageBytes ?? 16 * 1024;
  const maxEventBytes = opts.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
  const maxBodyBytes = opts.maxBodyBytes ?? 256 * 1024;
  const maxConnections = opts.maxConnections ?? 20_000;
  const maxConnectionsPerAddress = opts.maxConnectionsPerAddress ?? 0;
  const trust = trustProxyFunction(opts.trustProxy);
  const maxChannelsPerConnection = opts.maxChannelsPerConnection ?? 100;
  const maxBufferedBytes = opts.maxBufferedBytes ?? 1024 * 1024;
  const heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 60_000;
  const activityTimeout = opts.activityTimeoutSeconds ?? 120;

  let closing = false;
  const connections = new Map<string, Connection>();
  const channels = new Map<string, Set<Connection>>();
  /** Open connections per client address; an address with none has no entry. */
  const connectionsPerAddress = new Map<string, number>();
  /** Counters since start, served at GET / (no channel names, no ids, no addresses). */
  const stats = {
    eventsPublished: 0,
    messagesSent: 0,
    publishesRefused: 0,
    subscriptionsRefused: 0,
    slowConsumersDropped: 0,
    connectionsRefusedPerAddress: 0,
    connectionsTerminated: 0,
  };

  // ---------------------------------------------------------------- channels

  function subscribe(conn: Connection, channel: string): void {
    let members = channels.get(channel);
    if (!members) {
      members = new Set();
      channels.set(channel, members);
    }
    members.add(conn);
    conn.channels.add(channel);
  }

  function unsubscribe(conn: Connection, channel: string): void {
    conn.channels.delete(channel);
    const members = channels.get(channel);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) channels.delete(channel);
  }

  /** Every way a connection ends comes here (close, error, slow consumer, heartbeat, server close), once. */
  function dropConnection(conn: Connection): void {
    if (connections.get(conn.socketId) !== conn) return;
    connections.delete(conn.socketId);
    const count = (connectionsPerAddress.get(conn.address) ?? 1) - 1;
    if (count > 0) connectionsPerAddress.set(conn.address, count);
    else connectionsPerAddress.delete(conn.address);
    for (const channel of [...conn.channels]) unsubscribe(conn, channel);
  }

  /** Sends a frame; false when the connection is gone or was dropped as a slow consumer. */
  function send(conn: Connection, message: string): boolean {
    if (conn.ws.readyState !== WebSocket.OPEN) return false;
    if (conn.ws.bufferedAmount > maxBufferedBytes) {
      // A client that does not read its socket must not make the server hold unbounded memory.
      stats.slowConsumersDropped++;
      dropConnection(conn);
      conn.ws.terminate();
      return false;
    }
    conn.ws.send(message);
    return true;
  }

  /**
   * Ends every connection subscribed to one of the user's channels (the API asks when a session of theirs
   * is revoked). Closed with 4200, which pusher-js answers by reconnecting at once: a connection whose
   * token still holds subscribes again, one whose token was revoked is refused its channel.
   */
  function terminateConnectionsOf(userId: string): void {
    if (!opts.userOfChannel) return;
    for (const conn of [...connections.values()]) {
      if (![...conn.channels].some((channel) => opts.userOfChannel!(channel) === userId)) continue;
      stats.connectionsTerminated++;
      dropConnection(conn);
      conn.ws.close(4200, 'Connection terminated');
    }
  }

  function deliver(event: PublishedEvent): void {
    stats.eventsPublished++;
    for (const channel of event.channels) {
      const members = channels.get(channel);
      if (!members) continue;
      const message = JSON.stringify({ event: event.name, channel, data: event.data });
      for (const conn of [...members]) {
        if (event.socketId !== undefined && conn.socketId === event.socketId) continue;
        if (send(conn, message)) stats.messagesSent++;
      }
    }
  }

  // ---------------------------------------------------------------- WebSocket side

  function newSocketId(): string {
    for (;;) {
      const id = `${randomInt(1, 2 ** 31 - 1)}.${randomInt(1, 2 ** 31 - 1)}`;
      if (!connections.has(id)) return id;
    }
  }

  /** The client's address: the socket's, or with trustProxy the X-Forwarded-For client Fastify would see. */
  function clientAddress(request: IncomingMessage): string {
    const address = trust ? proxyAddr(request, trust) : request.socket.remoteAddress;
    return addressKey(address ?? '');
  }

  function refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(frame('pusher:error', { code, message }));
    ws.close(code);
  }

  function handleSubscribe(conn: Connection, data: unknown): void {
    const payload = (data ?? {}) as { channel?: unknown; auth?: unknown };
    const channel = payload.channel;
    const fail = (message: string, status = 401, code: number | null = null) => {
      stats.subscriptionsRefused++;
      if (typeof channel === 'string' && channel.length <= 200) {
        send(conn, frame('pusher:subscription_error', { type: 'AuthError', error: message, status }, channel));
      }
      send(conn, frame('pusher:error', { code, message }));
    };
    if (!isValidChannelName(channel)) return fail('Invalid channel name', 400);
    if (conn.channels.has(channel)) {
      send(conn, frame('pusher_internal:subscription_succeeded', {}, channel));
      return;
    }
    if (isPresenceChannel(channel)) return fail(`Presence channels are not supported: ${channel}`, 400);
    if (conn.channels.size >= maxChannelsPerConnection) {
      return fail(`Too many channels on one connection (limit ${maxChannelsPerConnection})`, 400);
    }
    if (isPrivateChannel(channel) && !verifyChannelAuth(key, secret, conn.socketId, channel, payload.auth)) {
      return fail(`Invalid signature: auth value for subscription to ${channel} is invalid`);
    }
    subscribe(conn, channel);
    send(conn, frame('pusher_internal:subscription_succeeded', {}, channel));
  }

  function handleMessage(conn: Connection, raw: RawData, isBinary: boolean): void {
    conn.alive = true;
    if (isBinary) return void send(conn, frame('pusher:error', { code: null, message: 'Binary messages are not supported' }));
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(messageText(raw)) as typeof message;
    } catch {
      return void send(conn, frame('pusher:error', { code: null, message: 'Invalid JSON' }));
    }
    if (message === null || typeof message !== 'object' || typeof message.event !== 'string') {
      return void send(conn, frame('pusher:error', { code: null, message: 'Invalid message' }));
    }
    let data = message.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        /* keep the string */
      }
    }
    switch (message.event) {
      case 'pusher:ping':
        return void send(conn, frame('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return handleSubscribe(conn, data);
      case 'pusher:unsubscribe': {
        const channel = (data as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') unsubscribe(conn, channel);
        return;
      }
      default:
        if (message.event.startsWith('client-')) {
          return void send(conn, frame('pusher:error', { code: null, message: 'Client events are not enabled' }));
        }
        return;
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxClientMessageBytes, clientTracking: false });

  function onConnection(ws: WebSocket, request: IncomingMessage, appKey: string): void {
    ws.on('error', () => ws.terminate());
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (appKey !== key) {
      return refuse(ws, 4001, `App key ${appKey.slice(0, 64)} not in this cluster. Did you forget to specify the cluster?`);
    }
    const protocol = Number(url.searchParams.get('protocol'));
    if (!Number.isInteger(protocol) || protocol < PROTOCOL_MIN || protocol > PROTOCOL_MAX) {
      return refuse(ws, 4007, 'Unsupported protocol version');
    }
    if (connections.size >= maxConnections) return refuse(ws, 4100, 'Over capacity');
    const address = clientAddress(request);
    const fromAddress = connectionsPerAddress.get(address) ?? 0;
    if (maxConnectionsPerAddress > 0 && fromAddress >= maxConnectionsPerAddress) {
      stats.connectionsRefusedPerAddress++;
      return refuse(ws, 4100, `Over capacity: too many connections from your address (limit ${maxConnectionsPerAddress})`);
    }

    const conn: Connection = { ws, socketId: newSocketId(), address, channels: new Set(), alive: true };
    connections.set(conn.socketId, conn);
    connectionsPerAddress.set(address, fromAddress + 1);
    ws.on('message', (raw, isBinary) => handleMessage(conn, raw, isBinary));
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('close', () => dropConnection(conn));
    ws.send(frame('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: activityTimeout }));
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    // A request line Node accepts may still be no URL ('//['): an error thrown here would end the process.
    const match = URL.canParse(request.url ?? '/', 'http://localhost')
      ? /^\/app\/([^/?]+)$/.exec(new URL(request.url ?? '/', 'http://localhost').pathname)
      : null;
    if (!match || closing) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const appKey = safeDecode(match[1]);
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, request, appKey));
  }

  // ---------------------------------------------------------------- HTTP API side

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > maxBodyBytes) return reject(new HttpError(413, 'Request body too large'));
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) {
          req.removeAllListeners('data');
          req.resume();
          reject(new HttpError(413, 'Request body too large'));
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  function parseEvent(input: unknown, batch: boolean): PublishedEvent {
    if (input === null || typeof input !== 'object') throw new HttpError(400, 'Event must be an object');
    const body = input as Record<string, unknown>;
    const { name, data } = body;
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_EVENT_NAME_LENGTH) {
      throw new HttpError(400, 'Invalid event name');
    }
    if (typeof data !== 'string') throw new HttpError(400, 'Event data must be a string');
    if (Buffer.byteLength(data, 'utf8') > maxEventBytes) throw new HttpError(413, `Event data exceeds ${maxEventBytes} bytes`);
    let list: unknown;
    if (batch) list = [body.channel];
    else list = body.channels ?? (body.channel !== undefined ? [body.channel] : undefined);
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CHANNELS_PER_EVENT) {
      throw new HttpError(400, 'Invalid channels');
    }
    for (const channel of list) if (!isValidChannelName(channel)) throw new HttpError(400, 'Invalid channel name');
    const socketId = body.socket_id;
    if (socketId !== undefined && socketId !== null && !isValidSocketId(socketId)) throw new HttpError(400, 'Invalid socket_id');
    return { name, data, channels: [...new Set(list as string[])], socketId: (socketId as string | undefined) ?? undefined };
  }

  function parseJson(body: Buffer): unknown {
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new HttpError(400, 'Invalid JSON');
    }
  }

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (url.pathname === '/' && (method === 'GET' || method === 'HEAD')) {
      return json(res, 200, {
        ok: true,
        connections: connections.size,
        channels: channels.size,
        clientAddresses: connectionsPerAddress.size,
        ...stats,
      });
    }
    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) throw new HttpError(404, 'Not found');
    if (safeDecode(match[1]) !== appId) throw new HttpError(404, 'Unknown app');
    const body = method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    const check = verifyHttpSignature({ method, path: url.pathname, query: url.searchParams, body, key, secret });
    if (!check.ok) throw new HttpError(401, check.reason);

    const route = match[2];
    if (method === 'POST' && route === '/events') {
      const event = parseEvent(parseJson(body), false);
      deliver(event);
      return json(res, 200, {});
    }
    if (method === 'POST' && route === '/batch_events') {
      const input = parseJson(body) as { batch?: unknown } | null;
      const batch = input?.batch;
      if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH_EVENTS) {
        throw new HttpError(400, `Batch must hold 1 to ${MAX_BATCH_EVENTS} events`);
      }
      const events = batch.map((item) => parseEvent(item, true));
      for (const event of events) deliver(event);
      return json(res, 200, {});
    }
    if (method === 'GET' && route === '/channels') {
      const prefix = url.searchParams.get('filter_by_prefix') ?? '';
      const result: Record<string, object> = {};
      for (const name of channels.keys()) if (name.startsWith(prefix)) result[name] = {};
      return json(res, 200, { channels: result });
    }
    const userMatch = /^\/users\/([^/]+)\/terminate_connections$/.exec(route);
    if (method === 'POST' && userMatch) {
      terminateConnectionsOf(safeDecode(userMatch[1]));
      return json(res, 200, {});
    }
    const channelMatch = /^\/channels\/([^/]+)$/.exec(route);
    if (method === 'GET' && channelMatch) {
      const count = channels.get(safeDecode(channelMatch[1]))?.size ?? 0;
      return json(res, 200, { occupied: count > 0, subscription_count: count });
    }
    throw new HttpError(404, 'Not found');
  }

  function json(res: ServerResponse, status: number, payload: unknown): void {
    const text = JSON.stringify(payload);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      if (req.url?.startsWith('/apps/')) stats.publishesRefused++;
      const message = err instanceof HttpError ? err.message : 'Internal error';
      if (status === 413) res.setHeader('connection', 'close');
      if (!res.headersSent) json(res, status, { error: message });
      else res.end();
    });
  });
  server.on('upgrade', onUpgrade);
  server.on('clientError', (_err, socket) => socket.destroy());

  // ---------------------------------------------------------------- liveness

  const heartbeat = setInterval(() => {
    for (const conn of [...connections.values()]) {
      if (!conn.alive) {
        dropConnection(conn);
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        /* the close handler cleans up */
      }
    }
  }, heartbeatIntervalMs);
  heartbeat.unref();

  // ---------------------------------------------------------------- lifecycle

  const port = await listen(server, opts.port, host);

  let closed: Promise<void> | undefined;
  return {
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        clearInterval(heartbeat);
        for (const conn of [...connections.values()]) {
          dropConnection(conn);
          conn.ws.terminate();
        }
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
