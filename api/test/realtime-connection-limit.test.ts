/**
 * The realtime server's per-client-address connection cap: one client cannot take the whole of the
 * server's capacity, refused connections are told so the Pusher way (pusher:error 4100, then close
 * 4100, which pusher-js retries after a backoff), and every way a connection ends gives its place back.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import WebSocket from 'ws';
import { startRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '../src/realtime/server.js';
import { messageText } from '../src/realtime/protocol.js';

const APP = { appId: 'test-app', key: 'test-key', secret: 'test-secret' };

interface Frame {
  event: string;
  data: unknown;
}

interface Opened {
  ws: WebSocket;
  first: Frame;
  closed: Promise<number>;
}

const servers: RealtimeServer[] = [];
const sockets: WebSocket[] = [];

after(async () => {
  for (const ws of sockets) ws.terminate();
  for (const server of servers) await server.close();
});

async function start(opts: Partial<RealtimeServerOptions>): Promise<RealtimeServer> {
  const server = await startRealtimeServer({ port: 0, ...APP, ...opts });
  servers.push(server);
  return server;
}

/** Opens a raw Pusher-protocol connection and resolves with its first frame. */
async function open(server: RealtimeServer, forwardedFor?: string, options: { autoPong?: boolean } = {}): Promise<Opened> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${APP.key}?protocol=7&client=js&version=8.4.0`, {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    ...options,
  });
  sockets.push(ws);
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  const [raw] = (await once(ws, 'message')) as [WebSocket.RawData];
  const first = JSON.parse(messageText(raw)) as Frame;
  if (typeof first.data === 'string') first.data = JSON.parse(first.data);
  return { ws, first, closed };
}

async function accepted(server: RealtimeServer, forwardedFor?: string, options?: { autoPong?: boolean }): Promise<Opened> {
  const opened = await open(server, forwardedFor, options);
  assert.equal(opened.first.event, 'pusher:connection_established', JSON.stringify(opened.first));
  return opened;
}

/** Asserts the connection is refused with pusher:error 4100 then close 4100; returns the message. */
async function refused(server: RealtimeServer, forwardedFor?: string): Promise<string> {
  const { first, closed } = await open(server, forwardedFor);
  assert.equal(first.event, 'pusher:error', JSON.stringify(first));
  const data = first.data as { code: number; message: string };
  assert.equal(data.code, 4100);
  assert.equal(await closed, 4100);
  return data.message;
}

async function stats(server: RealtimeServer): Promise<Record<string, number>> {
  return (await (await fetch(`http://127.0.0.1:${server.port}/`)).json()) as Record<string, number>;
}

async function waitForStats(server: RealtimeServer, want: Record<string, number>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await stats(server);
    if (Object.entries(want).every(([name, value]) => got[name] === value)) return;
    if (Date.now() > deadline) assert.fail(`stats ${JSON.stringify(got)} never reached ${JSON.stringify(want)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime server: connections per client address', () => {
  test('an address at the cap is refused with 4100; a place freed by a close is taken again; counts return to zero', async () => {
    const server = await start({ maxConnectionsPerAddress: 3 });
    const open3 = [await accepted(server), await accepted(server), await accepted(server)];

    const message = await refused(server);
    assert.match(message, /too many connections from your address \(limit 3\)/);
    // Without trustProxy, X-Forwarded-For is not believed: the socket's address is what counts.
    await refused(server, '203.0.113.9');
    await waitForStats(server, { connections: 3, clientAddresses: 1, connectionsRefusedPerAddress: 2 });

    open3[0].ws.close();
    await open3[0].closed;
    await waitForStats(server, { connections: 2 });
    const again = await accepted(server);
    await refused(server);

    for (const { ws } of [...open3.slice(1), again]) ws.close();
    await waitForStats(server, { connections: 0, clientAddresses: 0 });
  });

  test("every way a connection ends gives its place back: the client's close, an abrupt end, the server's closes", async () => {
    const server = await start({ maxConnectionsPerAddress: 2, heartbeatIntervalMs: 50 });

    const aborted = await accepted(server);
    aborted.ws.terminate();
    await waitForStats(server, { connections: 0, clientAddresses: 0 });

    // The server closes a connection that sends an oversized message (1009)...
    const oversized = await accepted(server);
    oversized.ws.send('x'.repeat(64 * 1024));
    assert.equal(await oversized.closed, 1009);
    // ...and drops one that stops answering its pings.
    const silent = await accepted(server, undefined, { autoPong: false });
    await silent.closed;
    await waitForStats(server, { connections: 0, clientAddresses: 0 });

    const a = await accepted(server);
    const b = await accepted(server);
    await refused(server);
    a.ws.close();
    b.ws.close();
    await waitForStats(server, { connections: 0, clientAddresses: 0 });
  });

  test('0 means no per-address limit; the overall limit still refuses with 4100 Over capacity', async () => {
    const server = await start({ maxConnections: 3, maxConnectionsPerAddress: 0 });
    const all = [await accepted(server), await accepted(server), await accepted(server)];
    assert.equal(await refused(server), 'Over capacity');

    const capped = await start({ maxConnections: 2, maxConnectionsPerAddress: 5 });
    const two = [await accepted(capped), await accepted(capped)];
    assert.equal(await refused(capped), 'Over capacity', 'the overall limit comes first');
    const counters = await stats(capped);
    assert.equal(counters.connectionsRefusedPerAddress, 0);

    for (const { ws } of [...all, ...two]) ws.close();
    await waitForStats(server, { connections: 0, clientAddresses: 0 });
    await waitForStats(capped, { connections: 0, clientAddresses: 0 });
  });

  test('with trustProxy, the X-Forwarded-For client counts (Fastify rules); an IPv6 client counts per /64', async () => {
    const server = await start({ maxConnectionsPerAddress: 1, trustProxy: '10.0.0.0/8, 127.0.0.1' });
    const opened: Opened[] = [];
    opened.push(await accepted(server, '203.0.113.5'));
    await refused(server, '203.0.113.5');
    opened.push(await accepted(server, '203.0.113.6'));
    await refused(server, '::ffff:203.0.113.6');
    // A client cannot pick its address by prepending to the header: the right-most untrusted hop counts.
    await refused(server, '198.51.100.77, 203.0.113.5');
    await refused(server, '198.51.100.77, 203.0.113.5, 10.1.2.3');
    // Without the header the proxy's own address counts.
    opened.push(await accepted(server));

    opened.push(await accepted(server, '2001:db8::1'));
    await refused(server, '2001:db8:0:0:ffff::2');
    opened.push(await accepted(server, '2001:db8:0:1::1'));
    await waitForStats(server, { connections: 5, clientAddresses: 5 });

    for (const { ws } of opened) ws.close();
    await waitForStats(server, { connections: 0, clientAddresses: 0 });
  });

  test('trustProxy 1 (one proxy in front) counts the hop the proxy appended, not what a client wrote before it', async () => {
    const server = await start({ maxConnectionsPerAddress: 1, trustProxy: 1 });
    const a = await accepted(server, '203.0.113.5');
    await refused(server, '198.51.100.77, 203.0.113.5');
    const b = await accepted(server, '203.0.113.5, 203.0.113.6');
    for (const { ws } of [a, b]) ws.close();
    await waitForStats(server, { connections: 0, clientAddresses: 0 });
  });

  test('trustProxy true believes any X-Forwarded-For; false ignores it', async () => {
    const trusting = await start({ maxConnectionsPerAddress: 1, trustProxy: true });
    const a = await accepted(trusting, '198.51.100.1');
    const b = await accepted(trusting, '198.51.100.2, 198.51.100.1');
    await refused(trusting, '198.51.100.1');

    const untrusting = await start({ maxConnectionsPerAddress: 1, trustProxy: false });
    const c = await accepted(untrusting, '198.51.100.1');
    await refused(untrusting, '198.51.100.2');

    for (const { ws } of [a, b, c]) ws.close();
    await waitForStats(trusting, { connections: 0, clientAddresses: 0 });
    await waitForStats(untrusting, { connections: 0, clientAddresses: 0 });
  });
});
