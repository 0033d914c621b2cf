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
