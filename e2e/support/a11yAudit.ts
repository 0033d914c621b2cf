// Accessibility of every route (issue 12): each public route, and every signed-in route as a Customer
// and as a Provider, is checked with axe-core (its default rule set: WCAG 2.0, 2.1 and 2.2 A and AA and
// the best practices) once the screen has loaded its data. A route with navigation state (details pages)
// is opened with a real job made through the API, as the app itself would open it. One line per route
// says how many serious or critical violations it has; the test fails on any, naming each rule, the
// elements and axe's help text. Each route is then laid out on a phone (390×844) and checked again: axe,
// and nothing on it may be cut off by the right edge of the screen (phoneFit.ts); nor 320 px wide. On both, every
// button and field is drawn in the app's typeface, not the browser's default (typeface.ts), and
// the page's Content-Security-Policy refuses nothing the screen loads or runs. With E2E_SCREENSHOTS=<dir>
// every route is saved at desktop and phone width, for looking over the whole app at once.
// The walk is run by three files (a11y.public, a11y.customer, a11y.provider): one, it came near the
// runner's five minutes per file on a busy machine.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, openPage, signInDirectly, snap, useBrowser, type Role } from './app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering, type Party } from './bookings.ts';
import { cutOffByScreenEdge, NARROW_SCREEN, onPhone } from './phoneFit.ts';
import { controlsOffTypeface } from './typeface.ts';

const BLOCKING = new Set(['serious', 'critical']);

interface Check {
  /** What the report calls it: the path, and what is open on it when that matters. */
  name: string;
  path: string;
  /** Navigation state, as the screen that links here passes it. */
  state?: Record<string, unknown>;
  /** The screen's h1 once it is there (any h1 when omitted). */
  title?: string;
  /** Text that shows the screen's data has arrived. */
  ready?: (page: Page) => Promise<unknown>;
  /** Something to open after loading (a dialog), checked as part of the route. */
  open?: (page: Page) => Promise<unknown>;
}

interface Fixture {
  customer: Party & { cardIds: number[] };
  provider: Party & { serviceId: number };
  pendingJob: number;
  acceptedJob: number;
  completedJob: number;
}

async function setUp(): Promise<Fixture> {
  const provider = await providerOffering('Driver', 25, { first_name: 'Ada', last_name: `Axe${randomUUID().slice(0, 6)}` });
  const customer = await customerWithCards([GOOD_CARD], { first_name: 'Ari', last_name: `Axe${randomUUID().slice(0, 6)}` });
  const status = async (jobId: number, next: string) => {
    const answer = await apiCall('PATCH', `/api/jobs/${jobId}`, { status: next }, provider.token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };
  const completedJob = await bookViaApi(customer, provider);
  await status(completedJob, 'Accepted');
  await status(completedJob, 'Completed');
  const rejectedJob = await bookViaApi(customer, provider);
  await status(rejectedJob, 'Rejected');
  const acceptedJob = await bookViaApi(customer, provider);
  await status(acceptedJob, 'Accepted');
  const pendingJob = await bookViaApi(customer, provider);
  // A conversation, so the chat screens have contacts and messages to show; its last message is longer
  // than a phone's contact row, which has to cut it short rather than widen the list.
  const message = await apiCall(
    'POST',
    '/api/chats',
    {
      customer_id: customer.id,
      provider_id: provider.id,
      message_type: 'text',
      message: 'Is nine o’clock fine? I will wait at the main gate with two suitcases.',
    },
    customer.token,
  );
  assert.equal(message.status, 201, JSON.stringify(message.body));
  return { customer, provider, pendingJob, acceptedJob, completedJob };
}

const PUBLIC_CHECKS: Check[] = [
  { name: '/login', path: '/login', title: 'Login' },
  { name: '/signup', path: '/signup', title: 'Sign Up' },
  { name: '/forgotpassword', path: '/forgotpassword', title: 'Forgot Password' },
  { name: '/newpassword', path: '/newpassword', state: { email: 'someone@example.com' }, title: 'New Password' },
];

/** Every signed-in route (shell/src/routing/routeTable.ts and the shell's own pages), as `role` opens it. */
function signedInChecks(role: Role, f: Fixture): Check[] {
  const other = role === 'Customer' ? f.provider : f.customer;
  const otherName = other.fullName;
  const job = (jobId: number, page?: 'previousBooking') => ({ jobId, ...(page ? { page } : {}) });
  const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first().waitFor();
  return [
    { name: '/', path: '/', title: 'Home' },
    { name: '/notification', path: '/notification', title: 'Your Notifications' },
    { name: '/contactus', path: '/contactus', title: 'Contact Us' },
    { name: '/profile', path: '/profile', title: 'My Profile' },
    { name: '/editprofile', path: '/editprofile', title: 'Edit Profile' },
    { name: '/payment', path: '/payment' },
    { name: '/newpaymentmethod', path: '/newpaymentmethod', title: 'Edit Payment' },
    { name: '/service', path: '/service', title: 'All Services' },
    { name: '/drivebooking', path: '/drivebooking', state: { serviceId: f.provider.serviceId }, title: 'Book a Driver' },
    {
      name: '/providerprofile',
      path: '/providerprofile',
      state: { serviceId: f.provider.serviceId, providerId: f.provider.id },
      title: 'Provider Profile',
      ready: text(f.provider.fullName),
    },
    ...(role === 'Customer'
      ? [
          {
            name: '/providerprofile (Booking Details dialog open)',
            path: '/providerprofile',
            state: { serviceId: f.provider.serviceId, providerId: f.provider.id },
            title: 'Provider Profile',
            ready: text(f.provider.fullName),
            open: async (page: Page) => {
              await page.getByRole('button', { name: 'Assign Job' }).click();
              await page.getByRole('dialog', { name: 'Booking Details' }).getByLabel('Pick Address').waitFor();
            },
          },
        ]
      : []),
    { name: '/activebooking', path: '/activebooking', title: 'Active Bookings', ready: text(otherName) },
    { name: '/previousbooking', path: '/previousbooking', title: 'Previous Bookings', ready: text(otherName) },
    {
      name: '/activebookingdetails (Accepted)',
      path: '/activebookingdetails',
      state: job(f.acceptedJob),
      ready: text(otherName),
    },
    {
      name: '/activebookingdetails (past, Completed)',
      path: '/activebookingdetails',
      state: job(f.completedJob, 'previousBooking'),
      ready: text(otherName),
    },
    {
      name: '/provideractivebookingdetails',
      path: '/provideractivebookingdetails',
      state: job(f.acceptedJob),
      title: 'Job Details',
    },
    { name: '/requestconfirmation', path: '/requestconfirmation', title: 'Request Confirmation' },
    { name: '/bookingfinished', path: '/bookingfinished', state: job(f.completedJob), title: 'Rate your Booking' },
    { name: '/viewonmap', path: '/viewonmap', state: job(f.acceptedJob), title: 'View on Map' },
    { name: '/jobrequest', path: '/jobrequest', title: 'Job Requests' },
    { name: '/jobrequestdetails', path: '/jobrequestdetails', state: job(f.pendingJob), title: 'Job Request Details' },
    {
      name: '/deliveryconfirmation (accept)',
      path: '/deliveryconfirmation',
      state: { jobId: f.pendingJob, action: 'accept' },
      title: 'Delivery Confirmation',
    },
    {
      name: '/deliveryconfirmation (reject)',
      path: '/deliveryconfirmation',
      state: { jobId: f.pendingJob, action: 'reject' },
      title: 'Delivery Confirmation',
    },
    { name: '/ridefinished', path: '/ridefinished', state: job(f.completedJob), title: 'Ride Finished' },
    { name: '/chatview', path: '/chatview', title: 'Chat', ready: text(otherName) },
    {
      name: '/chatview/:username',
      path: `/chatview/${other.id}`,
      title: 'Chat',
      ready: text('Is nine o’clock fine?'),
    },
  ];
}

/** Opens a route the way the app does: with its navigation state in history (React Router's `usr`). */
async function openRoute(page: Page, check: Check) {
  await page.goto(check.path);
  if (check.state) {
    await page.evaluate(({ path, state }) => window.history.replaceState({ usr: state, key: 'a11y', idx: 0 }, '', path), {
      path: check.path,
      state: check.state,
    });
    await page.reload();
  }
  const heading = check.title ? page.getByRole('heading', { level: 1, name: check.title }) : page.locator('h1');
  await heading.first().waitFor();
  await check.ready?.(page);
  // Loaders (role=status "Loading…") gone, requests settled, then a frame for the last render.
  await page
    .locator('.ui-loader')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await check.open?.(page);
  await page.waitForTimeout(200);
}

const failures: string[] = [];
const summary: string[] = [];

/** axe on the page as it is laid out now: the report's line, and each serious or critical violation in full. */
async function axeOn(page: Page, label: string): Promise<{ blocking: number; details: string[] }> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const other = results.violations.length - blocking.length;
  // How much was checked, and what axe could not decide by itself (e.g. text over an image): shown, not failed.
  const checked = `${results.passes.length} rules passed, ${results.incomplete.length} to review by hand`;
  const line = `a11y ${label}: ${blocking.length} serious/critical, ${other} moderate/minor (${checked})${
    blocking.length ? ` — ${blocking.map((v) => v.id).join(', ')}` : ''
  }`;
  console.log(line);
  summary.push(line);
  const details = blocking.map((v) => {
    const targets = v.nodes.map(
      (n) => `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
    );
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets.join('\n')}`;
  });
  if (details.length) failures.push(`${label}:\n${details.join('\n')}`);
  return { blocking: blocking.length, details };
}

async function audit(page: Page, errors: string[], check: Check, role: Role | 'public') {
  const errorsBefore = errors.length;
  await openRoute(page, check);
  assert.equal(new URL(page.url()).pathname, check.path, `${check.name} (${role}) was redirected`);
  await snap(page, `a11y-${role}-${check.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`);
  const desktop = await axeOn(page, `${check.name} (${role})`);
  const offTypeface = await controlsOffTypeface(page);
  // The phone layout shows other things (the menu toggle, wrapped bars): axe again, and the screen's edge.
  const { phone, cutOff, phoneOffTypeface } = await onPhone(page, async () => ({
    phone: await axeOn(page, `${check.name} (${role}, phone)`),
    cutOff: await cutOffByScreenEdge(page),
    phoneOffTypeface: await controlsOffTypeface(page),
  }));
  if (cutOff.length) failures.push(`${check.name} (${role}) on a phone, cut off by the screen's edge:\n  ${cutOff.join('\n  ')}`);
  const narrowCutOff = await onPhone(page, () => cutOffByScreenEdge(page), NARROW_SCREEN);
  if (narrowCutOff.length)
    failures.push(`${check.name} (${role}) 320 px wide, cut off by the screen's edge:\n  ${narrowCutOff.join('\n  ')}`);
  const anyOffTypeface = [...new Set([...offTypeface, ...phoneOffTypeface])];
  if (anyOffTypeface.length)
    failures.push(`${check.name} (${role}), controls in the browser's font:\n  ${anyOffTypeface.join('\n  ')}`);
  assert.equal(desktop.blocking, 0, `${check.name} (${role}) has serious or critical violations:\n${desktop.details.join('\n')}`);
  assert.equal(
    phone.blocking,
    0,
    `${check.name} (${role}) on a phone has serious or critical violations:\n${phone.details.join('\n')}`,
  );
  assert.deepEqual(cutOff, [], `${check.name} (${role}) does not fit a phone screen`);
  assert.deepEqual(narrowCutOff, [], `${check.name} (${role}) does not fit a screen 320 px wide`);
  assert.deepEqual(anyOffTypeface, [], `${check.name} (${role}) has controls drawn in the browser's font, not the app's`);
  const refused = errors.slice(errorsBefore).filter((error) => error.includes('Content Security Policy'));
  assert.deepEqual(refused, [], `${check.name} (${role}): the page's Content-Security-Policy refused what the screen needs`);
}

/** Prints what was checked, one line per route (and each violation in full), once the file's checks are done. */
function reportWhenDone() {
  after(() => {
    console.log(`\na11y summary (${summary.length} routes):\n${summary.join('\n')}`);
    if (failures.length) console.log(`\na11y violations:\n${failures.join('\n\n')}`);
  });
}

/** The public routes, signed out. */
export function auditPublicRoutes() {
  const browser = useBrowser();
  reportWhenDone();
  describe('accessibility of the public routes', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    before(async () => {
      ({ context, page, errors } = await openPage(browser()));
    });
    after(async () => {
      await context.close();
    });
    for (const check of PUBLIC_CHECKS) {
      it(`${check.name}: no serious or critical axe violations on a desktop or a phone, nothing cut off on a phone`, () =>
        audit(page, errors, check, 'public'));
    }
  });
}

/** Every signed-in route as `role` opens it, with jobs in each state and a conversation made through the API first. */
export function auditSignedInRoutes(role: Role) {
  const browser = useBrowser();
  reportWhenDone();
  let fixture: Fixture;
  describe(`accessibility of the signed-in routes as a ${role}`, () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    before(async () => {
      fixture = await setUp();
      ({ context, page, errors } = await openPage(browser()));
      await signInDirectly(page, role === 'Customer' ? fixture.customer.account : fixture.provider.account);
    });
    after(async () => {
      await context.close();
    });
    // The checks need the fixture's ids, which exist only once `before` has run: list them by name here
    // and look each one up when it runs.
    const names = signedInChecks(role, placeholderFixture()).map((c) => c.name);
    for (const name of names) {
      it(`${name}: no serious or critical axe violations on a desktop or a phone, nothing cut off on a phone`, async () => {
        const check = signedInChecks(role, fixture).find((c) => c.name === name);
        assert.ok(check);
        await audit(page, errors, check, role);
      });
    }
  });
}

/** Stand-in values with the shape of a fixture, for listing the checks' names before the data exists. */
function placeholderFixture(): Fixture {
  const party = {
    account: { email: '', password: '', role: 'Customer' as Role, first_name: '', last_name: '' },
    token: '',
    id: 1,
    fullName: '',
  };
  return {
    customer: { ...party, cardIds: [] },
    provider: { ...party, serviceId: 1 },
    pendingJob: 1,
    acceptedJob: 1,
    completedJob: 1,
  };
}
