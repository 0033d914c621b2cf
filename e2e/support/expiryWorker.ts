// A second API instance on the e2e database, configured with a shortened request deadline
// (REQUEST_EXPIRY_SECONDS) and a fast timer, as a deployment would run one with its own settings: its
// sweeper expires the overdue Pending requests and refunds them, and publishes the change through the
// stack's realtime server so that both browsers see it live. Test files run one at a time, so only
// requests left Pending by this test (or earlier, finished ones) are affected.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ExpiryWorker {
  stop(): Promise<void>;
}

export async function startExpiryWorker(expirySeconds: number): Promise<ExpiryWorker> {
  const port = await freePort();
  // The suite's own database (e2e/run.mjs): an instance on any other file would seed demo data of its own.
  const sqlitePath = process.env.SQLITE_PATH;
  if (!sqlitePath) throw new Error('SQLITE_PATH is not set: run the e2e tests through e2e/run.mjs');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SQLITE_PATH: sqlitePath,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      EMBEDDED_REALTIME: 'false',
      EMBEDDED_LOCATION: 'false',
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: process.env.REALTIME_PORT ?? '6101',
      REQUEST_EXPIRY_SECONDS: String(expirySeconds),
      JOB_SWEEP_INTERVAL_SECONDS: '1',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the expiry worker exited with ${child.exitCode}`);
    try {
      // Listening: any answer will do (401, as nobody is signed in).
      if ((await fetch(`http://127.0.0.1:${port}/api/auth/me`)).status === 401) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 90_000) {
      await stop();
      throw new Error('the expiry worker did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (output.includes('Empty database')) {
    await stop();
    throw new Error(`the expiry worker found no users in ${sqlitePath}: it is not on the suite's database`);
  }
  return { stop };
}
