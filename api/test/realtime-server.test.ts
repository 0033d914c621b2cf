/**
 * The embedded Pusher-protocol server against the real clients: pusher-js (what the browser runs)
 * and the official `pusher` SDK (what the API publishes with).
 */
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect as connectTcp } from 'node:net';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { startRealtimeServer, type RealtimeServer } from '../src/realtime/server.js';
import { md5Hex, messageText, signChannel, verifyHttpSignature } from '../src/realtime/protocol.js';

const APP_ID = 'test-app';
const KEY = 'test-key';
const SECRET = 'test-secret';

let server: RealtimeServer;
let sdk: PusherServer;
const clients: Pusher[] = [];

function sdkFor(secret: string, key = KEY): PusherServer {
  return new PusherServer({ appId: APP_ID, key, secret, host: '127.0.0.1', port: String(server.port), useTLS: false });
}

/** A pusher-js client whose channel authorisation is computed in the test (as /broadcasting/auth would). */
function client(
  authorize: (socketId: string, channel: string) => string | null = (socketId, channel) =>
    sdk.authorizeChannel(socketId, channel).auth,
  key = KEY,
  port = server.port,
): Pusher {
  const c = new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: (params, callback) => {
        const auth = authorize(params.socketId, params.channelName);
        if (auth === null) callback(new Error('not allowed'), null);
        else callback(null, { auth });
      },
    },
  });
  clients.push(c);
  return c;
}

function connected(c: Pusher): Promise<void> {
  if (c.connection.state === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not connected: ${c.connection.state}`)), 5000);
    c.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves with 'ok' on subscription_succeeded or with the error data on subscription_error. */
function subscribed(c: Pusher, channelName: string): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const channel = c.subscribe(channelName);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to subscribe ${channelName}`)), 5000);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve({ ok: true });
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      resolve({ ok: false, error });
    });
  });
}

function collect(c: Pusher, channelName: string, event: string): unknown[] {
  const received: unknown[] = [];
  c.channel(channelName).bind(event, (data: unknown) => received.push(data));
  return received;
}

async function waitFor(predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  server = await startRealtimeServer({ port: 0, appId: APP_ID, key: KEY, secret: SECRET });
  sdk = sdkFor(SECRET);
});

after(async () => {
  for (const c of clients) c.disconnect();
  await server.close();
});

describe('realtime server', () => {
  test('listens on a random port when given 0', () => {
    assert.ok(server.port > 0);
  });

  test('a pusher-js client receives an event the pusher SDK publishes on its private channel', async () => {
    const alice = client();
    await connected(alice);
    assert.deepEqual(await subscribed(alice, 'private-message.7'), { ok: true });
    const received = collect(alice, 'private-message.7', 'Message');

    const msg = { id: 1, chat_id: 3, message: 'Hello there', message_type: 'text' };
    const res = await sdk.trigger('private-message.7', 'Message', msg);
    assert.equal(res.status, 200);
    await waitFor(() => received.length === 1);
    assert.deepEqual(received[0], msg);
  });

  test('triggerBatch delivers each event to its channel', async () => {
    const c = client();
    await connected(c);
    assert.deepEqual(await subscribed(c, 'private-message.21'), { ok: true });
    assert.deepEqual(await subscribed(c, 'news'), { ok: true });
    const a = collect(c, 'private-message.21', 'Message');
    const b = collect(c, 'news', 'Posted');
    const res = await sdk.triggerBatch([
      { channel: 'private-message.21', name: 'Message', data: { n: 1 } },
      { channel: 'news', name: 'Posted', data: { n: 2 } },
    ]);
    assert.equal(res.status, 200);
    await waitFor(() => a.length === 1 && b.length === 1);
    assert.deepEqual(a, [{ n: 1 }]);
    assert.deepEqual(b, [{ n: 2 }]);
  });

  test('public channels need no auth; the publisher socket_id is excluded', async () => {
    const one = client();
    const two = client();
    await Promise.all([connected(one), connected(two)]);
    assert.deepEqual(await subscribed(one, 'public-news'), { ok: true });
    assert.deepEqual(await subscribed(two, 'public-news'), { ok: true });
    const gotOne = collect(one, 'public-news', 'Posted');
    const gotTwo = collect(two, 'public-news', 'Posted');
    await sdk.trigger('public-news', 'Posted', { n: 1 }, { socket_id: one.connection.socket_id });
    await waitFor(() => gotTwo.length === 1);
    await sleep(150);
    assert.equal(gotOne.length, 0, 'the excluded socket must not receive the event');
    assert.deepEqual(gotTwo, [{ n: 1 }]);
  });

  test("a forged signature for someone else's private channel is refused and receives nothing", async () => {
    const owner = client();
    // Mallory signs user 7's channel with a guessed secret, then with a valid signature for her own channel.
    const forgedWithWrongSecret = client((socketId, channel) => signChannel(KEY, 'guessed-secret', socketId, channel));
    const reusedOwnSignature = client((socketId) => sdk.authorizeChannel(socketId, 'private-message.8').auth);
    // ...and with a valid signature for the right channel but made for another connection's socket id.
    const replayed = client((_socketId, channel) => sdk.authorizeChannel('1234.5678', channel).auth);
    const missing = client(() => '');
    const mallories = [forgedWithWrongSecret, reusedOwnSignature, replayed, missing];
    await Promise.all([owner, ...mallories].map(connected));

    assert.deepEqual(await subscribed(owner, 'private-message.70'), { ok: true });
    const ownerGot = collect(owner, 'private-message.70', 'Message');
    const connectionErrors: unknown[] = [];
    const malloryGot: unknown[][] = [];
    for (const m of mallories) {
      m.connection.bind('error', (e: unknown) => connectionErrors.push(e));
      const result = await subscribed(m, 'private-message.70');
      assert.equal(result.ok, false, 'subscription must be refused');
      malloryGot.push(collect(m, 'private-message.70', 'Message'));
    }

    await sdk.trigger('private-message.70', 'Message', { secret: 'for 70 only' });
    await waitFor(() => ownerGot.length === 1);
    await sleep(200);
    for (const got of malloryGot) assert.equal(got.length, 0, 'a refused client must receive nothing');
    assert.equal(connectionErrors.length, mallories.length, 'each refusal also comes as pusher:error');
    const channels = (await (await sdk.get({ path: '/channels/private-message.70' })).json()) as {
      subscription_count: number;
    };
    assert.equal(channels.subscription_count, 1);
  });

  test('a publish with a bad HTTP signature is answered 401 and delivers nothing', async () => {
    const c = client();
    await connected(c);
    assert.deepEqual(await subscribed(c, 'private-message.9'), { ok: true });
    const got = collect(c, 'private-message.9', 'Message');

    await assert.rejects(sdkFor('wrong-secret').trigger('private-message.9', 'Message', { x: 1 }), (err: { status?: number }) => {
      assert.equal(err.status, 401);
      return true;
    });
    await assert.rejects(
      sdkFor(SECRET, 'other-key').trigger('private-message.9', 'Message', { x: 1 }),
      (err: { status?: number }) => {
        assert.equal(err.status, 401);
        return true;
      },
    );

    // A correctly signed request whose body was changed on the way (body_md5 no longer matches).
    const path = `/apps/${APP_ID}/events`;
    const original = JSON.stringify({ name: 'Message', data: '{"x":1}', channels: ['private-message.9'] });
    const query = sdk.createSignedQueryString({ method: 'POST', path, body: original });
    const tampered = JSON.stringify({ name: 'Message', data: '{"x":2}', channels: ['private-message.9'] });
    const base = `http://127.0.0.1:${server.port}${path}`;
    const bad = await fetch(`${base}?${query}`, {
      method: 'POST',
      body: tampered,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(bad.status, 401);
    const unsigned = await fetch(base, { method: 'POST', body: original, headers: { 'content-type': 'application/json' } });
    assert.equal(unsigned.status, 401);
    const good = await fetch(`${base}?${query}`, {
      method: 'POST',
      body: original,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(good.status, 200);

    await waitFor(() => got.length === 1);
    await sleep(100);
    assert.deepEqual(got, [{ x: 1 }], 'only the correctly signed publish is delivered');
  });

  test('HTTP signature: a stale timestamp or a changed query parameter is refused', () => {
    const path = `/apps/${APP_ID}/events`;
    const body = '{"name":"X","data":"{}","channels":["a"]}';
    const signed = (extra: Record<string, string> = {}) =>
      new URLSearchParams(sdk.createSignedQueryString({ method: 'POST', path, body, params: extra }));
    const check = (query: URLSearchParams, nowSeconds?: number) =>
      verifyHttpSignature({ method: 'POST', path, query, body: Buffer.from(body), key: KEY, secret: SECRET, nowSeconds });
    assert.deepEqual(check(signed()), { ok: true });
    assert.equal(check(signed(), Math.floor(Date.now() / 1000) + 601).ok, false, 'more than 600 s old');
    const changed = signed({ info: 'user_count' });
    changed.set('info', 'subscription_count');
    assert.equal(check(changed).ok, false);
    const otherMethod = verifyHttpSignature({
      method: 'GET',
      path,
      query: signed(),
      body: Buffer.from(body),
      key: KEY,
      secret: SECRET,
    });
    assert.equal(otherMethod.ok, false);
    const otherPath = verifyHttpSignature({
      method: 'POST',
      path: '/apps/x/events',
      query: signed(),
      body: Buffer.from(body),
      key: KEY,
      secret: SECRET,
    });
    assert.equal(otherPath.ok, false);
    assert.equal(signed().get('body_md5'), md5Hex(body));
  });

  test('oversized event data is refused with 413; an unknown app id with 404', async () => {
    await assert.rejects(sdk.trigger('news', 'Big', 'x'.repeat(11 * 1024)), (err: { status?: number }) => {
      assert.equal(err.status, 413);
      return true;
    });
    const other = new PusherServer({
      appId: 'nope',
      key: KEY,
      secret: SECRET,
      host: '127.0.0.1',
      port: String(server.port),
      useTLS: false,
    });
    await assert.rejects(other.trigger('news', 'X', {}), (err: { status?: number }) => {
      assert.equal(err.status, 404);
      return true;
    });
  });

  test('a client with the wrong app key is refused with 4001 and never connects', async () => {
    const c = client(undefined, 'wrong-key');
    // pusher-js reports the handshake refusal as { type: 'WebSocketError', error: { type: 'PusherError', data } }.
    type HandshakeError = { error?: { data?: { code?: number } } };
    const errors: HandshakeError[] = [];
    c.connection.bind('error', (e: HandshakeError) => errors.push(e));
    const states: string[] = [];
    c.connection.bind('state_change', (s: { current: string }) => states.push(s.current));
    await waitFor(() => errors.length > 0);
    assert.equal(errors[0].error?.data?.code, 4001);
    await waitFor(() => c.connection.state === 'disconnected' || c.connection.state === 'failed');
    assert.ok(!states.includes('connected'));
  });

  test('raw protocol: connection_established data is a JSON string, ping gets pong, oversized messages close', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${KEY}?protocol=7&client=js&version=8.6.0&flash=false`);
    const messages: Array<{ event: string; data: unknown; channel?: string }> = [];
    ws.on('message', (raw) => messages.push(JSON.parse(messageText(raw))));
    await once(ws, 'open');
    await waitFor(() => messages.length === 1);
    assert.equal(messages[0].event, 'pusher:connection_established');
    assert.equal(typeof messages[0].data, 'string');
    const established = JSON.parse(messages[0].data as string) as { socket_id: string; activity_timeout: number };
    assert.match(established.socket_id, /^\d+\.\d+$/);
    assert.equal(established.activity_timeout, 120);

    ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await waitFor(() => messages.length === 2);
    assert.equal(messages[1].event, 'pusher:pong');

    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-x' } }));
    await waitFor(() => messages.some((m) => m.event === 'pusher:subscription_error'));

    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'open' } }));
    await waitFor(() => messages.some((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === 'open'));
    ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'open' } }));
    await sleep(50);
    const info = (await (await sdk.get({ path: '/channels/open' })).json()) as { occupied: boolean };
    assert.equal(info.occupied, false, 'unsubscribe removes the member');

    ws.send('x'.repeat(64 * 1024));
    const [code] = (await once(ws, 'close')) as [number];
    assert.equal(code, 1009);
  });

  test('an upgrade request whose path is no URL is answered 404 and closed; the server goes on', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connectTcp(server.port, '127.0.0.1', () =>
        socket.write(
          'GET //[ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5000, () => reject(new Error('no answer to the upgrade')));
    });
    assert.match(answer, /^HTTP\/1\.1 404 /);
    const c = client();
    await connected(c);
  });

  test('closing connections removes them from every channel', async () => {
    const c = client();
    await connected(c);
    assert.deepEqual(await subscribed(c, 'private-message.55'), { ok: true });
    assert.deepEqual(await subscribed(c, 'lobby'), { ok: true });
    c.disconnect();
    await waitFor(() => c.connection.state === 'disconnected');
    const read = async (name: string) =>
      ((await (await sdk.get({ path: `/channels/${name}` })).json()) as { subscription_count: number }).subscription_count;
    const deadline = Date.now() + 3000;
    while ((await read('private-message.55')) + (await read('lobby')) > 0) {
      assert.ok(Date.now() < deadline, 'channels still hold the closed connection');
      await sleep(20);
    }
  });

  test('GET / reports counters (and no channel names)', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/`);
    assert.equal(res.status, 200);
    const stats = (await res.json()) as Record<string, number>;
    assert.ok(stats.eventsPublished >= 5, 'the events published by the tests above');
    assert.ok(stats.messagesSent >= 5);
    assert.ok(stats.subscriptionsRefused >= 4, 'the forged subscriptions');
    assert.ok(stats.publishesRefused >= 4, 'the badly signed publishes');
    assert.equal(stats.slowConsumersDropped, 0);
    assert.ok(!JSON.stringify(stats).includes('private-'));
  });

  test('close() stops the server and ends client connections', async () => {
    const local = await startRealtimeServer({ port: 0, appId: APP_ID, key: KEY, secret: SECRET });
    const ws = new WebSocket(`ws://127.0.0.1:${local.port}/app/${KEY}?protocol=7`);
    await once(ws, 'message');
    const closed = once(ws, 'close');
    await local.close();
    await closed;
    await assert.rejects(fetch(`http://127.0.0.1:${local.port}/`));
  });
});

describe("ending a user's connections (terminate_connections)", () => {
  let ending: RealtimeServer;
  let endingSdk: PusherServer;

  before(async () => {
    ending = await startRealtimeServer({
      port: 0,
      appId: APP_ID,
      key: KEY,
      secret: SECRET,
      userOfChannel: (channel) => /^private-message\.(\d+)$/.exec(channel)?.[1] ?? null,
    });
    endingSdk = new PusherServer({
      appId: APP_ID,
      key: KEY,
      secret: SECRET,
      host: '127.0.0.1',
      port: String(ending.port),
      useTLS: false,
    });
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await ending.close();
  });

  /** A client of `ending` whose channel authorisation holds while `valid()` does (its token is not revoked). */
  const sessionClient = (valid: () => boolean) =>
    client((socketId, channel) => (valid() ? endingSdk.authorizeChannel(socketId, channel).auth : null), KEY, ending.port);

  test("a subscription made with a revoked token stops receiving; the user's other sessions and other users carry on", async () => {
    let stolenTokenValid = true;
    const thief = sessionClient(() => stolenTokenValid);
    const owner = sessionClient(() => true);
    const other = sessionClient(() => true);
    for (const c of [thief, owner, other]) await connected(c);
    assert.deepEqual(await subscribed(thief, 'private-message.7'), { ok: true });
    assert.deepEqual(await subscribed(owner, 'private-message.7'), { ok: true });
    assert.deepEqual(await subscribed(other, 'private-message.8'), { ok: true });
    const toThief = collect(thief, 'private-message.7', 'Message');
    const toOwner = collect(owner, 'private-message.7', 'Message');
    const toOther = collect(other, 'private-message.8', 'Message');
    const [thiefSocket, ownerSocket, otherSocket] = [thief, owner, other].map((c) => c.connection.socket_id);

    // The session the thief's token belongs to is revoked (a new password): the API asks to end user 7's connections.
    stolenTokenValid = false;
    const ownerBack = new Promise<void>((resolve) =>
      owner.channel('private-message.7').bind('pusher:subscription_succeeded', () => resolve()),
    );
    const thiefRefused = new Promise<void>((resolve) =>
      thief.channel('private-message.7').bind('pusher:subscription_error', () => resolve()),
    );
    assert.equal((await endingSdk.terminateUserConnections('7')).status, 200);
    await ownerBack;
    await thiefRefused;
    assert.notEqual(owner.connection.socket_id, ownerSocket);
    assert.notEqual(thief.connection.socket_id, thiefSocket);
    assert.equal(other.connection.socket_id, otherSocket);

    await endingSdk.trigger('private-message.7', 'Message', { id: 2 });
    await endingSdk.trigger('private-message.8', 'Message', { id: 3 });
    await waitFor(() => toOwner.length === 1 && toOther.length === 1);
    await sleep(100);
    assert.deepEqual(toThief, []);
  });
});
