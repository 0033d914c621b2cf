// `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling: its defaults) on the
// production builds served as `npm start` serves them, for /login signed out and for / signed in as each
// role. Prints performance, accessibility and best-practices scores, FCP, LCP, TBT, CLS and the bytes
// transferred per page, checks the targets of issue 12, and writes each run's report (JSON and HTML)
// under .lighthouse/ (git-ignored).
//
//   npm run bench:lighthouse                 # 3 runs per page; the run with the median performance score is reported
//   LH_RUNS=1 npm run bench:lighthouse       # one run per page
//   LH_PAGES=login npm run bench:lighthouse  # only some pages: login, customer, provider
//   LH_CPU_SLOWDOWN=8 npm run bench:lighthouse  # the CPU of a slower machine (the preset: 4)
//
// Chromium is the system one (nothing is downloaded), each run in a fresh profile (cold cache). A signed-in
// run seeds localStorage `authType` with a fresh account's session (registered through the API) at the
// start of every document of the shell's origin, after Lighthouse has cleared the origin's storage, as
// e2e's signInDirectly and bench:bundle do.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_INSTALL_HINT, findChromium } from '../e2e/support/chromium.mjs';
import { sessionFor } from './bench-session.mjs';
import { ROOT, startStack, stackConfig } from './stack.mjs';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUT_DIR = path.join(ROOT, '.lighthouse');
const RUNS = Math.max(1, Number(process.env.LH_RUNS || 3));
/**
 * The simulation's CPU slowdown (the mobile preset's is 4). Lighthouse scales the CPU time it observes by
 * it, so a faster machine reads faster; a larger one stands in for a slower machine (LH_CPU_SLOWDOWN=8 on
 * a machine whose benchmark index is ~2800 is about the preset on one of ~1400).
 */
const CPU_SLOWDOWN = Number(process.env.LH_CPU_SLOWDOWN) > 0 ? Number(process.env.LH_CPU_SLOWDOWN) : undefined;

/** Issue 12's targets. */
const TARGETS = {
  login: { performance: 0.95, lcpMs: 2000 },
  customer: { performance: 0.9 },
  provider: { performance: 0.9 },
  all: { accessibility: 1, 'best-practices': 1 },
};

const PAGES = [
  { id: 'login', route: '/login', role: null },
  { id: 'customer', route: '/', role: 'Customer' },
  { id: 'provider', route: '/', role: 'Provider' },
].filter((p) => !process.env.LH_PAGES || process.env.LH_PAGES.split(',').includes(p.id));

const chromePath = findChromium();
if (!chromePath) {
  console.error(`Chromium not found. Install it with: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}

// Ports of its own, so it never meets the e2e suite (3100s) or bench:bundle (3200s).
// Each run signs fresh accounts up from this one address: past the API's per-address sign-up limit.
process.env.SIGNUPS_PER_ADDRESS_PER_HOUR ??= '1000000';
const config = stackConfig({
  ...process.env,
  SHELL_PORT: process.env.LH_SHELL_PORT || '3300',
  AUTH_PORT: '3301',
  CUSTOMER_PORT: '3302',
  PROVIDER_PORT: '3303',
  CHAT_PORT: '3304',
  API_PORT: '4300',
  REALTIME_PORT: '6301',
  FIREBASE_PORT: '9300',
});
const shellUrl = config.apps[0].url;

/** One Lighthouse run of `url` in a fresh Chromium, with `authType` seeded when given. */
async function runOnce(url, authType) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (authType) {
      await page.evaluateOnNewDocument(
        (origin, value) => {
          try {
            if (globalThis.location.origin === origin && !globalThis.localStorage.getItem('authType')) {
              globalThis.localStorage.setItem('authType', value);
            }
          } catch {
            /* about:blank has no storage */
          }
        },
        new URL(url).origin,
        authType,
      );
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: ['json', 'html'],
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome.kill();
  }
}

const num = (lhr, id) => lhr.audits[id]?.numericValue;
const seconds = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
const score = (lhr, id) => lhr.categories[id]?.score;
const fmtScore = (s) => (s === null || s === undefined ? '-' : s.toFixed(2));

/** The audits of a category that did not pass (score below 1), for the table's footnotes. */
function failedAudits(lhr, categoryId) {
  return (lhr.categories[categoryId]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id}: ${audit.title}`);
}

function summarize(page, lhr) {
  return {
    page: `${page.route} ${page.role ?? 'signed out'}`,
    id: page.id,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcp: num(lhr, 'first-contentful-paint'),
    lcp: num(lhr, 'largest-contentful-paint'),
    tbt: num(lhr, 'total-blocking-time'),
    cls: num(lhr, 'cumulative-layout-shift'),
    bytes: num(lhr, 'total-byte-weight'),
    // Lighthouse's measure of this machine's speed (its simulation assumes a fast desktop, ~1500 or more).
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    failed: [...failedAudits(lhr, 'accessibility'), ...failedAudits(lhr, 'best-practices')],
    warnings: lhr.runWarnings,
  };
}

function targetsOf(row) {
  const t = { ...TARGETS.all, ...TARGETS[row.id] };
  const checks = [];
  if (t.performance !== undefined) checks.push([`performance >= ${t.performance}`, row.performance >= t.performance]);
  if (t.lcpMs !== undefined) checks.push([`LCP <= ${t.lcpMs / 1000} s`, row.lcp <= t.lcpMs]);
  checks.push(['accessibility = 1', row.accessibility >= t.accessibility]);
  checks.push(['best practices = 1', row.bestPractices >= t['best-practices']]);
  return checks;
}

mkdirSync(OUT_DIR, { recursive: true });
const loadAtStart = os.loadavg();
const stack = await startStack(config, { withApi: true, quietApi: true });
const rows = [];
const runScores = {};
try {
  for (const page of PAGES) {
    const authType = page.role ? await sessionFor(config.api.url, page.role, { prefix: 'lighthouse' }) : null;
    const runs = [];
    for (let i = 1; i <= RUNS; i += 1) {
      process.stdout.write(`lighthouse ${page.route} (${page.role ?? 'signed out'}) run ${i}/${RUNS} ... `);
      let result = await runOnce(`${shellUrl}${page.route}`, authType);
      // Lighthouse's own failures (a trace without its start, NO_NAVSTART, now and then) measure nothing:
      // such a run is made again, twice at most, rather than counted as a score of nothing.
      for (let again = 1; result.lhr.runtimeError && again <= 2; again += 1) {
        process.stdout.write(`Lighthouse failed (${result.lhr.runtimeError.code}), again ... `);
        result = await runOnce(`${shellUrl}${page.route}`, authType);
      }
      const [json, html] = result.report;
      writeFileSync(path.join(OUT_DIR, `${page.id}-run${i}.report.json`), json);
      writeFileSync(path.join(OUT_DIR, `${page.id}-run${i}.report.html`), html);
      runs.push(result.lhr);
      console.log(`performance ${fmtScore(score(result.lhr, 'performance'))}`);
    }
    // The run with the median performance score (the targets are scores); Lighthouse's own median run
    // (computeMedianRun: by FCP and TTI) when there are fewer than three.
    const median =
      runs.length >= 3
        ? [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(runs.length / 2)]
        : computeMedianRun(runs);
    runScores[page.id] = runs.map((lhr) => fmtScore(score(lhr, 'performance')));
    writeFileSync(path.join(OUT_DIR, `${page.id}.report.json`), JSON.stringify(median, null, 2));
    rows.push(summarize(page, median));
  }
} finally {
  await stack.stop();
}

const header = ['page', 'perf', 'a11y', 'best-pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes', 'bench. index'];
const table = rows.map((r) => [
  r.page,
  fmtScore(r.performance),
  fmtScore(r.accessibility),
  fmtScore(r.bestPractices),
  seconds(r.fcp),
  seconds(r.lcp),
  `${Math.round(r.tbt ?? 0)} ms`,
  (r.cls ?? 0).toFixed(3),
  `${((r.bytes ?? 0) / 1024).toFixed(1)} KB`,
  String(Math.round(r.benchmarkIndex ?? 0)),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`;
console.log(
  `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling${CPU_SLOWDOWN ? ` with CPU slowdown ${CPU_SLOWDOWN}` : ''}, ${shellUrl}`,
);
// Simulated throttling scales the CPU time it observes: a busy machine (other processes) reads slower.
console.log(`load average at start ${loadAtStart.map((n) => n.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs\n`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of table) console.log(line(row));
console.log(`\n  performance of each run: ${rows.map((r) => `${r.page}: ${runScores[r.id].join(', ')}`).join('; ')}`);

let missed = 0;
console.log('\nTargets (issue 12)\n');
for (const row of rows) {
  for (const [name, ok] of targetsOf(row)) {
    if (!ok) missed += 1;
    console.log(`  ${row.page.padEnd(widths[0])}  ${name.padEnd(22)} ${ok ? 'met' : 'MISSED'}`);
  }
  for (const failed of row.failed) console.log(`  ${row.page.padEnd(widths[0])}  failing audit: ${failed}`);
  for (const warning of row.warnings ?? []) console.log(`  ${row.page.padEnd(widths[0])}  warning: ${warning}`);
}
console.log(
  `\nReports: ${path.relative(process.cwd(), OUT_DIR) || '.'}/ (<page>-run<n>.report.html, <page>.report.json = the median run)\n`,
);
process.exitCode = missed ? 1 : 0;
