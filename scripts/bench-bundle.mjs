// `npm run bench:bundle`: loads /login in Chromium from the production builds, each app on its own
// origin with gzip, and counts every request and every JavaScript byte transferred. Budget: the first
// load of /login stays at or under 250 KB (256 000 bytes) of gzip JavaScript.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, findChromium } from '../e2e/support/chromium.mjs';
import { startStack, stackConfig } from './stack.mjs';

const BUDGET_BYTES = 250 * 1024;
const executablePath = findChromium();
if (!executablePath) {
  console.error(`Chromium not found. Install it with: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}

const config = stackConfig({
  ...process.env,
  SHELL_PORT: process.env.BENCH_SHELL_PORT || '3200',
  AUTH_PORT: '3201', CUSTOMER_PORT: '3202', PROVIDER_PORT: '3203', CHAT_PORT: '3204',
  API_PORT: '4200', REALTIME_PORT: '6201', FIREBASE_PORT: '9200',
});
const stack = await startStack(config, { withApi: false });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  // The servers also speak brotli; the budget is stated in gzip, so ask for gzip only.
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  page.on('requestfailed', (request) => finished.push(request));
  await page.goto(`${config.apps[0].url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /login|sign in/i }).first().waitFor({ timeout: 15_000 });

  const rows = [];
  for (const request of finished) {
    const response = await request.response();
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    rows.push({
      url: request.url(),
      type: request.resourceType(),
      encoding: response ? (await response.allHeaders())['content-encoding'] ?? 'identity' : 'failed',
      transferred: sizes.responseBodySize,
      raw: body.length,
    });
  }
  const js = rows.filter((r) => r.type === 'script');
  const jsTransferred = js.reduce((sum, r) => sum + r.transferred, 0);
  const jsRaw = js.reduce((sum, r) => sum + r.raw, 0);
  const allTransferred = rows.reduce((sum, r) => sum + r.transferred, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

  console.log('\nFirst load of /login (production builds, gzip, cold cache)\n');
  for (const r of rows.sort((a, b) => b.transferred - a.transferred)) {
    console.log(`  ${r.type.padEnd(10)} ${kb(r.transferred).padStart(10)} ${r.encoding.padEnd(8)} ${r.url}`);
  }
  console.log(`\n  requests:                 ${rows.length}`);
  console.log(`  JavaScript requests:      ${js.length}`);
  console.log(`  JavaScript transferred:   ${kb(jsTransferred)} gzip (${jsTransferred} bytes; ${kb(jsRaw)} uncompressed)`);
  console.log(`  all bytes transferred:    ${kb(allTransferred)}`);
  console.log(`  budget:                   ${kb(BUDGET_BYTES)} gzip JavaScript -> ${jsTransferred <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}\n`);
  process.exitCode = jsTransferred <= BUDGET_BYTES ? 0 : 1;
} finally {
  await browser.close();
  await stack.stop();
}
