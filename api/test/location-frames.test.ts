/**
 * The embedded location server keeps serving when a client sends frames firebase-server does not
 * expect: the bad client's connection is closed, the API process (which runs this server) goes on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import WebSocket from 'ws';
import { startLocationServer, type LocationServer } from '../src/location/server.js';

const MAX_MESSAGE_BYTES = 4096;

describe('the location server and malformed client frames', () => {
  let server: LocationServer;
  const url = () => `ws://127.0.0.1:${server.port}/.ws?v=5&ns=test`;

  before(async () => {
    server = await startLocationServer({ port: 0, authSecret: 'frames-secret', maxMessageBytes: MAX_MESSAGE_BYTES });
  });
  after(() => server.close());

  /** Opens a client and waits for the server's handshake (after a frame count, '1'). */
  function connected(): Promise<WebSocket> {
    const ws = new WebSocket(url());
    return new Promise((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        if (data.toString().startsWith('{') && JSON.parse(data.toString()).t === 'c') resolve(ws);
      });
      ws.on('error', reject);
      setTimeout(() => reject(new Error('no handshake')), 5000);
    });
  }

  /** Opens a client, sends `frames` after the handshake, and answers the close code. */
  async function closedAfter(frames: string[]): Promise<number> {
    const ws = await connected();
    for (const frame of frames) ws.send(frame);
    const [code] = (await Promise.race([
      once(ws, 'close'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the connection stayed open')), 5000)),
    ])) as [number];
    return code;
  }

  /** A new client still gets the server's handshake. */
  async function stillServing(): Promise<void> {
    (await connected()).close();
  }

  for (const [what, frame] of [
    ['a data frame with no body', '{"t":"d","d":{}}'],
    ['a path that is a number', '{"t":"d","d":{"b":{"p":1}}}'],
    ['a listen on a path Firebase refuses', '{"t":"d","d":{"r":1,"a":"l","b":{"p":"/a.b"}}}'],
  ] as const) {
    test(`${what}: that connection is closed, the server goes on`, async () => {
      assert.equal(await closedAfter([frame]), 1006);
      await stillServing();
    });
  }

  test('text that never becomes JSON is not kept past the largest message allowed', async () => {
    const part = '{'.repeat(1024);
    assert.equal(await closedAfter(Array.from({ length: 6 }, () => part)), 1006);
    await stillServing();
  });
});

describe("the location server and each client's listeners", () => {
  let server: LocationServer;
  const OPEN_RULES = { rules: { '.read': true, '.write': true } };

  before(async () => {
    server = await startLocationServer({
      port: 0,
      authSecret: null,
      rules: OPEN_RULES,
      clientListens: { maxPerClient: 3, maxBacklogBytes: 1024 * 1024 },
    });
  });
  after(() => server.close());

  /** A raw client: its frames as they arrive (the fragment counts left out), after the handshake. */
  async function client(): Promise<{
    ws: WebSocket;
    frames: Array<{ t: string; d: { r?: number; a?: string; b: { p?: string; s?: string; d?: unknown } } }>;
  }> {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/.ws?v=5&ns=test`);
    const frames: Array<{ t: string; d: { r?: number; a?: string; b: { p?: string; s?: string; d?: unknown } } }> = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (!text.startsWith('{')) return;
        const frame = JSON.parse(text);
        if (frame.t === 'c') resolve();
        else frames.push(frame);
      });
      ws.on('error', reject);
    });
    return { ws, frames };
  }

  async function until(check: () => boolean, what: string): Promise<void> {
    for (let waited = 0; !check(); waited += 20) {
      if (waited > 3000) assert.fail(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const answered = (frames: Array<{ d: { r?: number; b: { s?: string } } }>, r: number) => () =>
    frames.some((f) => f.d.r === r && f.d.b.s === 'ok');
  const listen = (ws: WebSocket, r: number, path: string) =>
    ws.send(JSON.stringify({ t: 'd', d: { r, a: 'q', b: { p: path, h: '' } } }));
  const write = (ws: WebSocket, r: number, path: string, value: unknown) =>
    ws.send(JSON.stringify({ t: 'd', d: { r, a: 'p', b: { p: path, d: value } } }));
  const pushesOf = (frames: Array<{ d: { a?: string; b: { p?: string; d?: unknown } } }>, value: unknown) =>
    frames.filter((f) => f.d.a === 'd' && JSON.stringify(f.d.b.d) === JSON.stringify(value));

  test('after an unlisten the client is sent no more of that path, and the server holds no listener for it', async () => {
    const follower = await client();
    const writer = await client();
    listen(follower.ws, 1, '/provider/latLng/7');
    await until(answered(follower.frames, 1), 'the listen');
    assert.equal(server.listenerCount(), 1);

    write(writer.ws, 1, '/provider/latLng/7', { lat: 1 });
    await until(() => pushesOf(follower.frames, { lat: 1 }).length === 1, 'the first position');

    follower.ws.send(JSON.stringify({ t: 'd', d: { r: 2, a: 'n', b: { p: '/provider/latLng/7' } } }));
    await until(() => server.listenerCount() === 0, 'the listener to go');
    write(writer.ws, 2, '/provider/latLng/7', { lat: 2 });
    await until(answered(writer.frames, 2), 'the second write');
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(pushesOf(follower.frames, { lat: 2 }), []);
    follower.ws.close();
    writer.ws.close();
  });

  test("a client's listeners go with its connection", async () => {
    const follower = await client();
    listen(follower.ws, 1, '/provider/latLng/8');
    listen(follower.ws, 2, '/provider/latLng/9');
    await until(answered(follower.frames, 2), 'the listens');
    assert.equal(server.listenerCount(), 2);
    follower.ws.close();
    await until(() => server.listenerCount() === 0, 'the listeners to go');
  });

  test('a client that listens past its limit is closed, and its listeners go with it', async () => {
    const greedy = await client();
    const closed = once(greedy.ws, 'close');
    for (let r = 1; r <= 4; r++) listen(greedy.ws, r, `/provider/latLng/${r}`);
    const [code] = (await closed) as [number];
    assert.equal(code, 1006);
    await until(() => server.listenerCount() === 0, 'the listeners to go');
  });
});
