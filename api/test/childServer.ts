/** The real API as a child process (src/main.ts), for the tests that kill it with SIGKILL. */
import { after } from 'node:test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_DATABASE_URL, dropSchema, newSchemaName, type Dialect } from './helpers.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/auth/me`);
      if (res.status === 401) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 30_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function stopped(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', () => r()));
}

/** The environment of a child API on its own port, files in `dir`, and (PostgreSQL) its own new schema. */
export async function childEnv(dialect: Dialect, dir: string, port: number, schema: string | null): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'fatal',
    EMBEDDED_REALTIME: 'false',
    EMBEDDED_LOCATION: 'false',
    PUSHER_PORT: '1',
    UPLOADS_DIR: path.join(dir, 'uploads'),
    SQLITE_PATH: path.join(dir, 'app.db'),
    SANDBOX_LEDGER_PATH: path.join(dir, 'sandbox-ledger.db'),
    DATABASE_URL: '',
  };
  if (dialect === 'postgres' && schema) {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
    const u = new URL(TEST_DATABASE_URL!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = u.toString();
  }
  return env;
}

/**
 * For one describe block: a folder for the child servers' files, a PostgreSQL schema when on it, and the
 * list of children started; after the block, any still running is killed and the folder and schema go.
 */
export function childServerSuite(dialect: Dialect, prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const schema = dialect === 'postgres' ? newSchemaName() : null;
  const children: ChildProcess[] = [];
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    if (schema) await dropSchema(schema);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir, schema, children };
}
