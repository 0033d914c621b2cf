// One Chromium per test file, kept answering. Now and then Chromium stops answering the DevTools calls that
// open a context or a page (microsoft/playwright#4761, #3939; seen in CI here, where it stalled a whole
// file until its 5-minute limit). A new context or page is asked for within ANSWER_WAIT_MS; one that does
// not come means the browser is stuck, and it is ended and a new one started for the rest of the file
// (said in the output). A test still running after STALL_REPORT_MS prints what it is waiting on.
import { readdirSync, readFileSync } from 'node:fs';
import { after, afterEach, before, beforeEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Logger, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.mjs';

/** How long Chromium may take to open a context or a page, or to close a context. */
export const ANSWER_WAIT_MS = 10_000;
/** A test still running after this long has its report printed (run.mjs stops a file after 5 minutes). */
const STALL_REPORT_MS = 90_000;

const TIMED_OUT = Symbol('timed out');

/** `promise`, or TIMED_OUT once `ms` have passed without its answer. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, ms, TIMED_OUT))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The last Playwright calls made (each logged as started, then as answered), for the stall report. */
const recentCalls: string[] = [];
const callLogger: Logger = {
  isEnabled: (name) => name === 'api',
  log: (_name, _severity, message) => {
    recentCalls.push(`${new Date().toISOString()} ${String(message)}`);
    if (recentCalls.length > 60) recentCalls.shift();
  },
};

let current: Browser | undefined;
/** Set when a context did not close in time: the next context is opened in a new browser. */
let stuck = false;
let relaunching: Promise<Browser> | undefined;

const launch = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS, logger: callLogger });

/** The pids and states of this process's Chromium processes (the browser and what it started). */
function chromiumProcesses(): { pid: number; state: string }[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(ppid), state, name }];
      } catch {
        return []; // ended while being read
      }
    });
  const ours = new Set([process.pid]);
  const found: { pid: number; state: string }[] = [];
  // Descendants, breadth first: the browser is this process's child, its helpers the browser's.
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of all) {
      if (ours.has(proc.pid) || !ours.has(proc.ppid) || !proc.name.startsWith('chrom')) continue;
      ours.add(proc.pid);
      found.push({ pid: proc.pid, state: proc.state });
      grew = true;
    }
  }
  return found;
}

function stallReport(): string {
  const pages = (current?.contexts() ?? []).flatMap((context) => context.pages().map((page) => page.url()));
  return [
    `  open pages: ${pages.join(', ') || 'none'}`,
    `  chromium processes (pid state): ${
      chromiumProcesses()
        .map((p) => `${p.pid} ${p.state}`)
        .join(', ') || 'none'
    }`,
    '  last Playwright calls:',
    ...recentCalls.slice(-25).map((line) => `    ${line}`),
  ].join('\n');
}

/** Ends the stuck browser (its pending calls fail) and starts another, once however many ask at once. */
function relaunch(reason: string): Promise<Browser> {
  relaunching ??= (async () => {
    console.log(`Chromium stopped answering (${reason}): it is ended and a new one started.\n${stallReport()}`);
    for (const { pid } of chromiumProcesses()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await within(current?.close() ?? Promise.resolve(), ANSWER_WAIT_MS);
    current = await launch();
    stuck = false;
    return current;
  })().finally(() => (relaunching = undefined));
  return relaunching;
}

/**
 * Launches one browser for the test file and closes it afterwards. `onFailure` runs after a failed test
 * (app.ts saves its pages there); a test still running after STALL_REPORT_MS has a report printed.
 */
export function keepBrowser(onFailure: (browser: Browser, testName: string) => Promise<void>): () => Browser {
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  before(async () => {
    current = await launch();
  });
  beforeEach((t) => {
    stallTimer = setTimeout(() => {
      console.log(`"${t.name}" is still running after ${STALL_REPORT_MS / 1000} s.\n${stallReport()}`);
    }, STALL_REPORT_MS);
    stallTimer.unref();
  });
  afterEach(async (t) => {
    clearTimeout(stallTimer);
    // Node 20 sets `passed` on the context afterEach receives; @types/node does not declare it yet.
    const { passed } = t as { passed?: boolean };
    if (current && passed === false) await onFailure(current, t.name);
  });
  after(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('the browser is not started yet');
    return current;
  };
}

/** A context of the file's browser whose `close()` gives up after ANSWER_WAIT_MS (the browser is then replaced). */
export async function newContextWithin(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    // A browser replaced since the test took it is disconnected: the current one is asked instead.
    const asked = stuck ? await relaunch('a context did not close') : browser.isConnected() ? browser : (current ?? browser);
    const context = await within(asked.newContext(options), ANSWER_WAIT_MS);
    if (context === TIMED_OUT) {
      await relaunch('a new context');
      continue;
    }
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      if ((await within(close(closeOptions), ANSWER_WAIT_MS)) === TIMED_OUT) stuck = true;
    };
    return context;
  }
  throw new Error(`Chromium opened no context within ${ANSWER_WAIT_MS} ms, in two browsers`);
}

/**
 * `context.newPage()`, asked again if it has not answered within ANSWER_WAIT_MS. Null after `tries`
 * tries; a page that arrives late is closed.
 */
export async function newPageWithin(context: BrowserContext, tries: number): Promise<Page | null> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    const opening = context.newPage();
    const page = await within(opening, ANSWER_WAIT_MS);
    if (page !== TIMED_OUT) return page;
    void opening.then((late) => late.close()).catch(() => undefined);
  }
  return null;
}

/** A new context with a page: a browser that cannot open one is replaced, and the page asked of the new one. */
export async function contextWithPage(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    const context = await newContextWithin(browser, options);
    const page = await newPageWithin(context, 1);
    if (page) return { context, page };
    await relaunch('a new page');
  }
  throw new Error(`Chromium opened no page within ${ANSWER_WAIT_MS} ms, in two browsers`);
}
