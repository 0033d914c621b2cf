// `npm run bench:bundle`: loads /login in Chromium from the production builds, each app on its own
// origin with gzip, and counts every request and every JavaScript byte transferred. Budget: the first
// load of /login stays at or under 250 KB (256 000 bytes) of gzip JavaScript; it says when /login is over the
// 160 KB target of issue 12. It also reports each remote's remoteEntry.js and the gzip JavaScript of the first
// load of /, /activebooking and /chatview signed in as each role (fresh accounts through the API).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from '../e2e/support/chromium.mjs';
import { sessionFor } from './bench-session.mjs';
import { startStack, stackConfig } from './stack.mjs';

const BUDGET_BYTES = 250 * 1024;
// Issue 12 target: the first load of /login at or under 160 KB of gzip JavaScript.
const LOGIN_TARGET_BYTES = 160 * 1024;
const executablePath = findChromium();
if (!executablePath) {
  console.error(`Chromium not found. Install it with: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}

// Each run signs fresh accounts up from this one address: past the API's per-address sign-up limit.
process.env.SIGNUPS_PER_ADDRESS_PER_HOUR ??= '1000000';
const config = stackConfig({
  ...process.env,
  SHELL_PORT: process.env.BENCH_SHELL_PORT || '3200',
  AUTH_PORT: '3201',
  CUSTOMER_PORT: '3202',
  PROVIDER_PORT: '3203',
  CHAT_PORT: '3204',
  API_PORT: '4200',
  REALTIME_PORT: '6201',
  FIREBASE_PORT: '9200',
});
const shellUrl = config.apps[0].url;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Loads one route in a fresh context (cold cache) and measures every request it made. */
async function measure(browser, route, authType) {
  // The servers also speak brotli; the budget is stated in gzip, so ask for gzip only.
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  if (authType) {
    await context.addInitScript((value) => {
      if (!globalThis.localStorage.getItem('authType')) globalThis.localStorage.setItem('authType', value);
    }, authType);
  }
  try {
    const page = await context.newPage();
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    page.on('requestfailed', (request) => finished.push(request));
    await page.goto(`${shellUrl}${route}`, { waitUntil: 'networkidle' });
    if (route === '/login')
      await page
        .getByRole('button', { name: /login|sign in/i })
        .first()
        .waitFor({ timeout: 15_000 });
    else await page.waitForTimeout(500);

    const rows = [];
    for (const request of finished) {
      const response = await request.response();
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      rows.push({
        url: request.url(),
        type: request.resourceType(),
        encoding: response ? ((await response.allHeaders())['content-encoding'] ?? 'identity') : 'failed',
        transferred: sizes.responseBodySize,
        raw: body.length,
      });
    }
    const js = rows.filter((r) => r.type === 'script');
    return {
      rows,
      js,
      jsTransferred: js.reduce((sum, r) => sum + r.transferred, 0),
      jsRaw: js.reduce((sum, r) => sum + r.raw, 0),
      allTransferred: rows.reduce((sum, r) => sum + r.transferred, 0),
    };
  } finally {
    await context.close();
  }
}

/** Each remote's remoteEntry.js as served (gzip), read from its own origin. */
async function remoteEntries() {
  const result = [];
  for (const app of config.apps.filter((a) => a.name !== 'shell')) {
    const response = await fetch(`${app.url}/remoteEntry.js`);
    const body = Buffer.from(await response.arrayBuffer());
    // fetch decodes the transfer encoding itself, so the gzip size is computed here (level 9, as the build's
    // .gz copy that is served).
    result.push({ name: app.name, status: response.status, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return result;
}

const stack = await startStack(config, { withApi: true, quietApi: true });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const login = await measure(browser, '/login');
  console.log('\nFirst load of /login (production builds, gzip, cold cache)\n');
  for (const r of login.rows.sort((a, b) => b.transferred - a.transferred)) {
    console.log(`  ${r.type.padEnd(10)} ${kb(r.transferred).padStart(10)} ${r.encoding.padEnd(8)} ${r.url}`);
  }
  console.log(`\n  requests:                 ${login.rows.length}`);
  console.log(`  JavaScript requests:      ${login.js.length}`);
  console.log(
    `  JavaScript transferred:   ${kb(login.jsTransferred)} gzip (${login.jsTransferred} bytes; ${kb(login.jsRaw)} uncompressed)`,
  );
  console.log(`  all bytes transferred:    ${kb(login.allTransferred)}`);
  console.log(
    `  budget:                   ${kb(BUDGET_BYTES)} gzip JavaScript -> ${login.jsTransferred <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`,
  );
  console.log(
    `  target (issue 12):        ${kb(LOGIN_TARGET_BYTES)} gzip JavaScript -> ${
      login.jsTransferred <= LOGIN_TARGET_BYTES ? 'met' : `OVER by ${kb(login.jsTransferred - LOGIN_TARGET_BYTES)}`
    }\n`,
  );

  console.log("Each remote's remoteEntry.js (gzip)\n");
  for (const entry of await remoteEntries()) {
    console.log(`  ${entry.name.padEnd(14)} ${kb(entry.gzip).padStart(10)} gzip ${kb(entry.raw).padStart(10)} raw`);
  }

  console.log('\nFirst load per route (gzip JavaScript, cold cache)\n');
  const sessions = {
    Customer: await sessionFor(config.api.url, 'Customer'),
    Provider: await sessionFor(config.api.url, 'Provider'),
  };
  const routes = [
    ['/login', null],
    ['/', 'Customer'],
    ['/', 'Provider'],
    ['/activebooking', 'Customer'],
    ['/activebooking', 'Provider'],
    ['/chatview', 'Customer'],
    ['/chatview', 'Provider'],
  ];
  for (const [route, role] of routes) {
    const result = route === '/login' ? login : await measure(browser, route, sessions[role]);
    console.log(
      `  ${route.padEnd(16)} ${(role ?? 'signed out').padEnd(11)} ${kb(result.jsTransferred).padStart(10)} in ${String(result.js.length).padStart(2)} scripts`,
    );
  }
  console.log('');
  process.exitCode = login.jsTransferred <= BUDGET_BYTES ? 0 : 1;
} finally {
  await browser.close();
  await stack.stop();
}
