// `npm start`'s own care of what it runs (scripts/stack.mjs), with no browser: settings it cannot use are
// refused by name, and an API that dies is started again instead of leaving the apps served with every
// call failing and nothing said.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { keepApiRunning, stackConfig, startApi } from '../../scripts/stack.mjs';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe("npm start's settings", () => {
  it('a port setting that is not a port number is refused, naming the setting', () => {
    for (const [name, value] of [
      ['SHELL_PORT', '35OO'],
      ['API_PORT', '0'],
      ['CHAT_PORT', '70000'],
      ['REALTIME_PORT', '60 01'],
    ]) {
      assert.throws(
        () => stackConfig({ [name]: value }),
        { message: `${name} must be a port number (1–65535), not '${value}'.` },
        name,
      );
    }
    assert.equal(stackConfig({}).apps[0].port, 3000);
    assert.equal(stackConfig({ API_PORT: '4555' }).api.port, 4555);
  });
});

describe('an API that stops without being asked to', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stack-supervision-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is started again, and it is said', async () => {
    // An API of its own: its own ports and database, beside the e2e stack's.
    process.env.SQLITE_PATH = path.join(dataDir, 'app.db');
    process.env.UPLOADS_DIR = path.join(dataDir, 'uploads');
    const config = stackConfig({
      API_PORT: String(await freePort()),
      REALTIME_PORT: String(await freePort()),
      FIREBASE_PORT: String(await freePort()),
    });
    const said: string[] = [];
    const stack = { config, api: await startApi(config, { quiet: true }), stopping: false };
    try {
      keepApiRunning(stack, {
        quiet: true,
        log: (line: string) => said.push(line.trim()),
        warn: (line: string) => said.push(line.trim()),
      });
      const first = stack.api;
      process.kill(-first.child.pid!, 'SIGKILL');
      for (const deadline = Date.now() + 90_000; stack.api === first && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.notEqual(stack.api, first, 'the API was not started again');
      const answer = await fetch(`http://127.0.0.1:${config.api.port}/api/health`);
      assert.equal(answer.status, 200);
      assert.deepEqual(said, [
        'The API stopped (signal SIGKILL).',
        'Starting the API again in 1 s ...',
        'The API is running again.',
      ]);
    } finally {
      stack.stopping = true;
      await stack.api.stop();
    }
  });
});
