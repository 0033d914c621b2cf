// The stack refuses to start its API on a port something already holds (scripts/stack.mjs): an API left
// running by an earlier run would otherwise answer the readiness probe, and every test would talk to it,
// on another database and older code. No browser, no stack.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { assertPortFree } from '../../scripts/stack.mjs';

const listening = () =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer().listen(0, () => resolve(server));
  });

describe("the stack's ports", () => {
  it('a port in use stops the start with a message that names it; a free one does not', async () => {
    const holder = await listening();
    const { port } = holder.address() as net.AddressInfo;
    await assert.rejects(assertPortFree(port, 'API'), {
      message: `port ${port} (API) is already in use: stop what holds it (an earlier run?) or choose another port`,
    });
    await new Promise((resolve) => holder.close(resolve));
    await assertPortFree(port, 'API');
  });
});
