// Helpers every e2e test uses: a browser on system Chromium, the app's URLs, accounts made through the
// real API, signing in, reading the development mailbox, and stopping or restarting one remote.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { ANSWER_WAIT_MS, contextWithPage, keepBrowser, newPageWithin } from './browserKeeper.ts';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';
export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:4100';
const CONTROL_URL = process.env.E2E_CONTROL_URL ?? '';

export type Role = 'Customer' | 'Provider';

export interface Account {
  email: string;
  password: string;
  role: Role;
  first_name: string;
  last_name: string;
}

/** Where a failed test's pages are saved (git-ignored): `.e2e-artifacts/failures/` at the repository's root. */
export const FAILURE_SHOTS_DIR =
  process.env.E2E_FAILURE_SHOTS ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../.e2e-artifacts/failures');

/**
 * Saves what every page still open in `browser` shows, named after the failed test, and prints where,
 * so a failure that does not repeat (a flake) still leaves its screen behind to look at.
 */
async function saveFailedPages(browser: Browser, testName: string): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (!pages.length) return;
  mkdirSync(FAILURE_SHOTS_DIR, { recursive: true });
  const base = testName
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  for (const [index, page] of pages.entries()) {
    const file = path.join(FAILURE_SHOTS_DIR, `${base}-${index + 1}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      console.log(`failed test "${testName}": page ${index + 1} at ${page.url()} saved as ${file}`);
    } catch (error) {
      console.log(`failed test "${testName}": page ${index + 1} at ${page.url()} could not be saved (${String(error)})`);
    }
  }
  // The failed test never reached its own close; later failures should show only their own pages. Each
  // close gives up after ANSWER_WAIT_MS (a hung page), and the next test then gets a new browser.
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

/**
 * Launches one browser for the test file (kept answering: see browserKeeper.ts) and closes it afterwards.
 * When a test fails, the pages it left open are saved first (see FAILURE_SHOTS_DIR); tests close their
 * contexts in `finally` only after that.
 */
export function useBrowser(): () => Browser {
  return keepBrowser(saveFailedPages);
}

/** The window sizes screens are checked at: a desktop, and a phone (the same as support/phoneFit.ts's PHONE). */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * What a page reports going wrong, for assertions: uncaught errors, and anything its Content-Security-Policy
 * refused (Chromium reports each refusal as a console error), so every flow also shows the policy lets
 * the app work.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
  });
  return errors;
}

/** Another tab of the same browser context (the same localStorage and session), as `context.newPage()`. */
export async function newTab(context: BrowserContext): Promise<Page> {
  const page = await newPageWithin(context, 3);
  if (!page) throw new Error(`Chromium opened no new page within ${ANSWER_WAIT_MS} ms, three times`);
  return page;
}

/**
 * A fresh context (its own localStorage) with a page, at desktop size unless told, and its `collectErrors`;
 * `options` are the context's other options (time zone, geolocation, JavaScript off).
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await contextWithPage(browser, { baseURL: BASE_URL, viewport, ...options });
  page.setDefaultTimeout(15_000);
  return { context, page, errors: collectErrors(page) };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** How long a call to the API may take (the slowest, a booking's charge, takes well under a second). */
const API_ANSWER_WAIT_MS = 30_000;

export async function apiCall<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    // An API that stopped answering fails the test that asked, by name, instead of stalling the file.
    signal: AbortSignal.timeout(API_ANSWER_WAIT_MS),
  }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`${method} ${path}: the API did not answer within ${API_ANSWER_WAIT_MS / 1000} s`);
    }
    throw error;
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Registers an account through the API (not the UI) for tests that are about something else. */
export async function createAccount(role: Role, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(role.toLowerCase()),
    password: 'secret123',
    role,
    first_name: role === 'Customer' ? 'Cora' : 'Paul',
    last_name: 'Tester',
    ...overrides,
  };
  const { status, body } = await apiCall('POST', '/api/auth/register', { ...account, password_confirmation: account.password });
  if (status >= 300) throw new Error(`register failed (${status}): ${JSON.stringify(body)}`);
  return account;
}

export async function loginViaApi(
  account: Pick<Account, 'email' | 'password' | 'role'>,
): Promise<{ user: { id: number; role: Role }; token: string }> {
  const { status, body } = await apiCall<{ data: { user: { id: number; role: Role }; token: string } }>(
    'POST',
    '/api/auth/login',
    {
      email: account.email,
      password: account.password,
      role: account.role,
      device_id: 'e2e',
    },
  );
  if (status !== 200) throw new Error(`login failed (${status}): ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * Resolves once the page's realtime channel is subscribed: what is published before that is not pushed
 * to it (most screens read again on subscribing, but a test timing a live update starts after it). Call
 * before the page's goto.
 */
export function channelSubscribed(page: Page, timeoutMs = 30_000): Promise<void> {
  const subscribed = new Promise<void>((resolve, reject) => {
    // A channel that never subscribes fails the test (with its pages saved) instead of hanging the suite.
    const timer = setTimeout(
      () => reject(new Error(`the realtime channel of ${page.url()} did not subscribe within ${timeoutMs} ms`)),
      timeoutMs,
    );
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('subscription_succeeded')) return;
        clearTimeout(timer);
        resolve();
      }),
    );
    page.on('close', () => clearTimeout(timer));
  });
  // Awaited by the test later; a test that failed before that leaves no unhandled rejection behind.
  subscribed.catch(() => undefined);
  return subscribed;
}

/**
 * Revokes a session's token as its expiry does: with nothing said to the browser. The API has no call for
 * that, so the token is signed out (POST /api/auth/logout), which also has the realtime server end the
 * session's connections, whose refused channel would end the session at once; the pages' channel
 * authorisation with that token is held back (aborted) instead, so that, as after an expiry, the next
 * request a page makes is what meets the refused token.
 */
export async function expireSession(token: string, ...pages: Page[]): Promise<void> {
  for (const page of pages) {
    await page.route('**/broadcasting/auth', (route) =>
      route.request().headers().authorization === `Bearer ${token}` ? route.abort() : route.continue(),
    );
  }
  const out = await apiCall('POST', '/api/auth/logout', undefined, token);
  assert.equal(out.status, 200, JSON.stringify(out.body));
}

/** Logs in through the /login form, as a person would (choosing the role, then Login). */
export async function fillLogin(page: Page, email: string, password: string, role: Role) {
  await page.goto('/login');
  await loginInPlace(page, { email, password }, role);
}

/** Signs in on the /login page already open (the tab as the last session left it), without reloading. */
export async function loginInPlace(page: Page, account: { email: string; password: string }, role: Role) {
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  await page.getByRole('radio', { name: role }).check();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Puts a signed-in session in localStorage (key authType) before the app loads, skipping the login form. */
export async function signInDirectly(page: Page, account: Pick<Account, 'email' | 'password' | 'role'>) {
  const session = await loginViaApi(account);
  await page.context().addInitScript(
    (value) => {
      if (!window.localStorage.getItem('authType')) window.localStorage.setItem('authType', value);
    },
    JSON.stringify({
      isLogin: true,
      users: session.user,
      token: session.token,
      jobs: [],
      paymentMethod: [],
      notifications: [],
      UserMessages: [],
      ChatUserData: null,
      providerServiceData: [],
    }),
  );
  return session;
}

/** The newest mail to an address in the API's development mailbox. */
export async function latestMail(to: string): Promise<{ subject: string; text: string }> {
  const { status, body } = await apiCall<{ data: { subject: string; text: string }[] }>(
    'GET',
    `/api/dev/mail?to=${encodeURIComponent(to)}`,
  );
  if (status !== 200 || !body.data.length) throw new Error(`no mail for ${to} (${status})`);
  return body.data[0];
}

export async function readOtp(to: string): Promise<string> {
  const mail = await latestMail(to);
  const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!otp) throw new Error(`no 6-digit code in the mail to ${to}`);
  return otp;
}

async function controlRemote(name: string, action: 'stop' | 'start' | 'reload') {
  if (!CONTROL_URL) throw new Error('E2E_CONTROL_URL is not set: run the e2e suite through `npm test -w e2e`');
  const response = await fetch(`${CONTROL_URL}/remotes/${name}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} ${name}: ${response.status}`);
}

export const stopRemote = (name: string) => controlRemote(name, 'stop');
export const startRemote = (name: string) => controlRemote(name, 'start');
/** Restarts one remote's static server so that it serves what is in its dist/ now (a redeploy). */
export const reloadRemote = (name: string) => controlRemote(name, 'reload');

/**
 * With E2E_SCREENSHOTS=<dir>, saves the page at desktop width and at phone size (390×844) as
 * `<dir>/<name>-desktop.png` and `<dir>/<name>-phone.png`, for looking at a screen as its users will;
 * without it, does nothing. The viewport is put back afterwards.
 */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const { mkdirSync } = await import('node:fs');
  const path = await import('node:path');
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  await page.screenshot({ path: path.join(dir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(dir, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(original);
}

/**
 * Waits up to `timeoutMs` for `done()` (a condition on what the test itself counts, such as requests the page
 * made or errors it logged) to hold, looking every 100 ms; the test asserts what it needs afterwards.
 */
export async function until(page: Page, done: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done() && Date.now() < deadline;) await page.waitForTimeout(100);
}

/** Waits until `target` has the keyboard focus (it moves there once something the page reads has come). */
export async function waitForFocus(target: Locator, timeoutMs = 10_000): Promise<void> {
  const element = await target.elementHandle({ timeout: timeoutMs });
  await target.page().waitForFunction((el) => el === document.activeElement, element, { timeout: timeoutMs });
}
