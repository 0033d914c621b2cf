/**
 * What `npm start -w api` says when it starts: the database it uses (never its password), the demo
 * accounts only when they are there, and, when the database is out of reach, one sentence saying so
 * and what to check, instead of a stack trace.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, childServerSuite, freePort } from './childServer.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs the API until it exits, or prints `until` (then `whileUp` runs, and the API is stopped); answers
 * what it printed, and its exit code if it exited by itself.
 */
async function runApi(env: NodeJS.ProcessEnv, until?: RegExp, whileUp?: () => Promise<void>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything it printed has been read once its output closes.
  const closed = new Promise((resolve) => child.once('close', resolve));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (child.exitCode === null && !(until && until.test(stdout)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exitCode = child.exitCode;
  if (exitCode === null) {
    await whileUp?.();
    child.kill('SIGTERM');
  }
  await closed;
  return { stdout, stderr, exitCode };
}

describe('the API at start', () => {
  const suite = childServerSuite('sqlite', 'api-startup-');
  /** A folder of its own for one start's files (an empty database); the suite removes it. */
  const freshDir = () => fs.mkdtempSync(path.join(suite.dir, 'run-'));

  test('a PostgreSQL that refuses: one sentence naming it and what to check, no password, no stack, exit 1', async () => {
    const dir = freshDir();
    const env = await childEnv('sqlite', dir, await freePort(), null);
    const nothingThere = await freePort();
    env.DATABASE_URL = `postgres://app:s3cret@127.0.0.1:${nothingThere}/marketplace`;
    const { stderr, exitCode } = await runApi(env);
    assert.equal(exitCode, 1);
    assert.equal(
      stderr.trim(),
      `The database is not reachable; start it, or point DATABASE_URL at it (PostgreSQL at 127.0.0.1:${nothingThere}/marketplace: connect ECONNREFUSED 127.0.0.1:${nothingThere}). Without DATABASE_URL the API uses its own SQLite file.`,
    );
    assert.doesNotMatch(stderr, /s3cret/);
  });

  test('an empty SQLite database: says where it is, seeds the demo, and lists the demo accounts', async () => {
    const dir = freshDir();
    const port = await freePort();
    const env = await childEnv('sqlite', dir, port, null);
    const { stdout } = await runApi(env, /Demo accounts[^]*provider@example\.com/);
    assert.match(stdout, /Empty database: demo data created\./);
    assert.ok(
      stdout.includes(`API listening on http://localhost:${port} (SQLite at ${path.join(dir, 'app.db')}, docs at /api/docs)`),
      stdout,
    );
    assert.match(
      stdout,
      /Demo accounts \(password: password123\):\n {2}Customer customer@example\.com\n {2}Provider provider@example\.com\n/,
    );
  });

  test('a database that is not empty and has no demo accounts: none announced', async () => {
    const dir = freshDir();
    const port = await freePort();
    const env = await childEnv('sqlite', dir, port, null);
    // Started once without the demo, and someone signs up.
    await runApi({ ...env, SEED_DEMO: 'false' }, /API listening on/, async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Real',
          last_name: 'Person',
          email: 'real.person@example.com',
          password: 'secret123',
          password_confirmation: 'secret123',
          role: 'Customer',
        }),
      });
      assert.equal(res.status, 201);
    });
    // Started again as usual (demo data for an empty database): it is not empty, and has no demo accounts.
    const { stdout } = await runApi(env, /API listening on/);
    assert.doesNotMatch(stdout, /Empty database/);
    assert.doesNotMatch(stdout, /Demo accounts/);
  });
});
