/**
 * The location server's ledger of each client's database listeners (src/location/clientListens.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ClientListens, type ClientSocket, type DatabaseRef } from '../src/location/clientListens.js';

/** A database reference whose listeners can be fired by hand. */
function fakeRef(path = '/'): DatabaseRef & { listeners: Array<(...args: unknown[]) => unknown> } {
  const listeners: Array<(...args: unknown[]) => unknown> = [];
  return {
    listeners,
    on: (_event, callback) => listeners.push(callback),
    off: (_event, callback) => void listeners.splice(listeners.indexOf(callback), 1),
    child: (child) => fakeRef(`${path.replace(/\/$/, '')}/${child}`),
    toString: () => path,
  };
}

const fakeClient = (): { -readonly [K in keyof ClientSocket]: ClientSocket[K] } & { terminated: number } => {
  const client = {
    bufferedAmount: 0,
    terminated: 0,
    terminate: () => void client.terminated++,
  };
  return client;
};

describe('ClientListens', () => {
  test('a client that has stopped reading is closed instead of being sent more', () => {
    const listens = new ClientListens({ maxPerClient: 8, maxBacklogBytes: 1000 });
    const root = fakeRef();
    const tracked = listens.track(root);
    const client = fakeClient();
    const sent: unknown[] = [];
    listens.handle(client, () => tracked.on('value', (snap) => sent.push(snap)));
    assert.equal(root.listeners.length, 1);

    root.listeners[0]('first');
    assert.deepEqual(sent, ['first']);
    client.bufferedAmount = 1001;
    root.listeners[0]('second');
    assert.deepEqual(sent, ['first']);
    assert.equal(client.terminated, 1);

    listens.release(client);
    assert.equal(root.listeners.length, 0);
    assert.equal(listens.count(), 0);
  });

  test("a listener added outside a client's frame is the server's own, not recorded", () => {
    const listens = new ClientListens();
    const root = fakeRef();
    listens.track(root).on('value', () => undefined);
    assert.equal(root.listeners.length, 1);
    assert.equal(listens.count(), 0);
  });
});
