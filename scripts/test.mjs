// `npm test`: first `npm run lint` (ESLint with no warnings, Prettier, tsc for every workspace), then every
// suite of the product, in order — the shared package and each app (Jest), the API (node's test runner, on
// SQLite and, with TEST_DATABASE_URL, on PostgreSQL), then the browser e2e suite. Any failure fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_INSTALL_HINT, findChromium } from '../e2e/support/chromium.mjs';
import { ROOT } from './stack.mjs';

if (!findChromium()) {
  console.error(`Chromium is needed for the e2e tests and was not found. Install it with:\n\n  ${CHROMIUM_INSTALL_HINT}\n`);
  process.exit(1);
}

const env = { ...process.env, TZ: 'UTC', CI: process.env.CI ?? 'true' };
const workspaces = ['shared', 'shell', 'mfe-auth', 'mfe-customer', 'mfe-provider', 'mfe-chat', 'api', 'e2e'].filter((w) =>
  existsSync(path.join(ROOT, w, 'package.json')),
);

const results = [];
console.log('\n=== lint ===\n');
const lint = spawnSync('npm', ['run', 'lint'], { cwd: ROOT, stdio: 'inherit', env });
results.push({ workspace: 'lint', ok: lint.status === 0 });
for (const workspace of workspaces) {
  console.log(`\n=== ${workspace} ===\n`);
  const run = spawnSync('npm', ['test', '-w', workspace], { cwd: ROOT, stdio: 'inherit', env });
  results.push({ workspace, ok: run.status === 0 });
}

console.log('\n=== summary ===');
for (const { workspace, ok } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${workspace}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
