// The e2e runner: starts the composed app exactly as `npm start` does (scripts/stack.mjs), on its own
// ports and a fresh SQLite database, then runs every tests/*.test.ts with node's test runner against it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, CHROMIUM_INSTALL_HINT } from './support/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const chromium = findChromium();
if (!chromium) {
  console.error(`Chromium is needed for the e2e tests and was not found. Install it with:\n\n  ${CHROMIUM_INSTALL_HINT}\n`);
  process.exit(1);
}

// Ports of their own, so a running `npm start` does not collide; this also proves the shell finds
// remotes at run time (remotes.json and runtime-config.json are served from these values).
const ports = {
  SHELL_PORT: '3100',
  AUTH_PORT: '3101',
  CUSTOMER_PORT: '3102',
  PROVIDER_PORT: '3103',
  CHAT_PORT: '3104',
  API_PORT: '4100',
  REALTIME_PORT: '6101',
  FIREBASE_PORT: '9100',
};
for (const [name, value] of Object.entries(ports)) process.env[name] ??= value;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-db-'));
process.env.SQLITE_PATH ??= path.join(dataDir, 'app.db');
process.env.UPLOADS_DIR ??= path.join(dataDir, 'uploads');
process.env.NODE_ENV = 'test';
// Every test account signs up, and every test card is tokenised, from this one address: the per-address
// limits that stop a stream of sign-ups or cards from one client would stop the suite.
process.env.SIGNUPS_PER_ADDRESS_PER_HOUR ??= '1000000';
process.env.SANDBOX_TOKENS_PER_ADDRESS_PER_MINUTE ??= '1000000';

const { createAppServer, startStack, stackConfig } = await import('../scripts/stack.mjs');
const config = stackConfig();
console.log('e2e: building what is stale and starting the composed app ...');
const stack = await startStack(config, { quietApi: !process.env.E2E_API_LOGS });

// A small control endpoint so a test can stop and restart one remote's server, or have it serve a
// replaced dist/ ("reload": the static server indexes its files when it starts, as a deploy restarts it).
const control = http.createServer(async (req, res) => {
  const match = /^\/remotes\/([a-z_]+)\/(stop|start|reload)$/.exec(req.url ?? '');
  const server = match && stack.servers[match[1]];
  if (req.method !== 'POST' || !server) {
    res.statusCode = 404;
    return res.end();
  }
  if (match[2] === 'stop') await server.stop();
  else if (match[2] === 'start') {
    if (!server.running) await server.start();
  } else {
    await server.stop();
    const fresh = createAppServer(server.app, config);
    stack.servers[match[1]] = fresh;
    await fresh.start();
  }
  res.end('ok');
});
await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));

const files = readdirSync(path.join(here, 'tests'))
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => !process.env.E2E_ONLY || process.env.E2E_ONLY.split(',').some((only) => f.includes(only.trim())))
  .map((f) => path.join('tests', f));

// A test that waits on something that never comes (a page Chromium never opens) fails after 5 minutes,
// with its pages saved, instead of stalling the suite for good.
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=300000', ...files], {
  cwd: here,
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_BASE_URL: config.apps[0].url,
    E2E_API_URL: config.api.url,
    E2E_CONTROL_URL: `http://127.0.0.1:${control.address().port}`,
  },
});
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
control.close();
await stack.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
