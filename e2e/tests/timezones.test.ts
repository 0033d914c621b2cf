// Dates and times for people in different time zones, with the real API (which runs in UTC): a customer
// in Kolkata (UTC+5:30) and a provider in Los Angeles (UTC-8) at once, each browser in its own zone.
// What the customer typed (the day and time of the pickup) reads exactly as typed on both sides; moments
// (when a request was made, a payment, a message) read in each user's own time. Playwright's clock moves
// the page's time across midnight and to the day daylight saving starts; the API's clock is real.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, DESKTOP, openPage, signInDirectly, snap, useBrowser } from '../support/app.ts';
import { cardOf, customerWithCards, GOOD_CARD, providerOffering, type Party } from '../support/bookings.ts';

const browser = useBrowser();

const KOLKATA = 'Asia/Kolkata';
const LOS_ANGELES = 'America/Los_Angeles';

/** A context (one person's device) whose browser is in `timezoneId`, signed in as `party`. */
async function signedInAt(timezoneId: string, party: Party, prepare?: (page: Page) => Promise<void>) {
  const { context, page, errors } = await openPage(browser(), DESKTOP, { timezoneId });
  await prepare?.(page);
  await signInDirectly(page, party.account);
  return { context, page, errors };
}

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? '';
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * A moment as the app writes it in `timeZone`, worked out independently of the app (Intl, not dayjs):
 * 'MMMM Do YYYY, h:mm a' (long) or 'MMM Do YY, h:mm a' (short).
 */
function written(iso: string, timeZone: string, form: 'long' | 'short' = 'long'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: form,
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const year = form === 'long' ? part(parts, 'year') : part(parts, 'year').slice(-2);
  const time = `${part(parts, 'hour')}:${part(parts, 'minute')} ${part(parts, 'dayPeriod').toLowerCase()}`;
  return `${part(parts, 'month')} ${ordinal(Number(part(parts, 'day')))} ${year}, ${time}`;
}

/** The day a week from now in `timeZone`: as the date input takes it, and as the app writes it. */
function dayInAWeek(timeZone: string) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
  const [year, month, day] = iso.split('-').map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return { iso, written: `${monthName} ${ordinal(day)} ${year}` };
}

/** The customer's only job, read from the API. */
async function onlyJob(customer: Party) {
  const jobs = await apiCall<{ data: { id: number; created_at: string; updated_at: string; date: string; time: string }[] }>(
    'GET',
    '/api/jobs',
    undefined,
    customer.token,
  );
  assert.equal(jobs.body.data.length, 1, JSON.stringify(jobs.body.data));
  return jobs.body.data[0];
}

async function openBookingModal(page: Page, provider: Party & { serviceId: number }) {
  await page.goto(`/providerprofile?service=${provider.serviceId}&provider=${provider.id}`);
  await page.getByRole('button', { name: 'Assign Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.getByText(/Visa •••• 4242/).waitFor();
  return dialog;
}

async function fillAddressesAndCvv(dialog: Locator) {
  await dialog.getByLabel('Pick Address').fill('12 Pick Lane');
  await dialog.getByLabel('Drop Address').fill('34 Drop Street');
  await dialog.getByLabel('CVV').fill('123');
}

/** The value shown beside `term` in the booking's Summary. */
const summaryValue = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Summary' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

const surname = (prefix: string) => `${prefix}${randomUUID().slice(0, 6)}`;

describe('a customer in Kolkata and a provider in Los Angeles, at once', () => {
  it('the pickup day and time read as typed on both sides; every moment reads in each user’s own time', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Paul', last_name: surname('Pacific') });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Cora', last_name: surname('Kolkata') });
    const c = await signedInAt(KOLKATA, customer);
    const p = await signedInAt(LOS_ANGELES, provider);
    assert.equal(await c.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'Asia/Calcutta');
    assert.equal(await p.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), LOS_ANGELES);

    await p.page.goto('/jobrequest');
    await p.page.getByRole('heading', { name: 'Job Requests' }).waitFor();

    // A quarter past midnight: the time a UTC slip would move to the day before in Los Angeles.
    const day = dayInAWeek(KOLKATA);
    const requested = `${day.written}, 12:15 am, just after midnight`;
    const dialog = await openBookingModal(c.page, provider);
    await dialog.getByLabel('Select date').fill(day.iso);
    await dialog.getByLabel('Select Time').fill('00:15');
    await dialog.getByLabel('Custom Time').fill('just after midnight');
    await fillAddressesAndCvv(dialog);
    await snap(c.page, 'tz-booking-modal-kolkata');
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await c.page.waitForURL('**/requestconfirmation');

    // Stored as typed: the date and the wall-clock time, no zone applied.
    const job = await onlyJob(customer);
    assert.equal(job.date, day.iso);
    assert.equal(job.time, '00:15');
    const createdKolkata = written(job.created_at, KOLKATA);
    const createdLosAngeles = written(job.created_at, LOS_ANGELES);
    assert.notEqual(createdKolkata, createdLosAngeles);

    // The provider's open Job Requests: the request's created time in Los Angeles time.
    const request = cardOf(p.page, 'Job requests', customer.fullName);
    await request.getByText(createdLosAngeles, { exact: true }).waitFor();
    // What the request is for, as the customer typed it in Kolkata, not moved to Los Angeles.
    await request.getByText(`Requested for ${requested}`, { exact: true }).waitFor();
    await snap(p.page, 'tz-job-requests-los-angeles');
    await request.getByRole('link', { name: 'View Details' }).click();
    await p.page.waitForURL((url) => url.pathname === '/jobrequestdetails');
    assert.equal(await summaryValue(p.page, 'Requested for').textContent(), requested);
    assert.equal(await summaryValue(p.page, 'Received').textContent(), createdLosAngeles);
    await snap(p.page, 'tz-job-request-details-los-angeles');

    // The customer's Active Bookings and Booking Details: the same request, their own clock.
    await c.page.goto('/activebooking');
    const booking = cardOf(c.page, 'Bookings', provider.fullName);
    await booking.getByText(`${written(job.updated_at, KOLKATA)} - $25`, { exact: true }).waitFor();
    await snap(c.page, 'tz-active-bookings-kolkata');
    await booking.getByRole('link').first().click();
    await c.page.waitForURL((url) => url.pathname === '/activebookingdetails');
    assert.equal(await summaryValue(c.page, 'Requested for').textContent(), requested);
    assert.equal(await summaryValue(c.page, 'Date').textContent(), written(job.updated_at, KOLKATA));
    await snap(c.page, 'tz-booking-details-kolkata');

    // The provider's Active Bookings and Job Details, in Los Angeles time.
    await p.page.goto('/activebooking');
    const providerCard = cardOf(p.page, 'Bookings', customer.fullName);
    await providerCard.getByText(`${written(job.updated_at, LOS_ANGELES)} - $25`, { exact: true }).waitFor();
    await providerCard.getByRole('link').first().click();
    await p.page.waitForURL((url) => url.pathname === '/activebookingdetails');
    assert.equal(await summaryValue(p.page, 'Requested for').textContent(), requested);
    assert.equal(await summaryValue(p.page, 'Date').textContent(), written(job.updated_at, LOS_ANGELES));
    await snap(p.page, 'tz-job-details-los-angeles');

    // The customer's payment history: the charge in Kolkata time.
    await c.page.goto('/payment');
    const history = c.page.getByRole('table');
    const paidAt = await history.locator('time').first().getAttribute('datetime');
    assert.ok(paidAt);
    assert.equal(await history.locator('time').first().textContent(), written(paidAt, KOLKATA));
    await snap(c.page, 'tz-payments-kolkata');

    // A chat message: each side reads its time in their own zone.
    await c.page.goto(`/chatview/${provider.id}`);
    await c.page.getByRole('textbox', { name: 'Message' }).fill('See you at 12:15 am');
    await c.page.getByRole('button', { name: 'Send' }).click();
    await p.page.goto(`/chatview/${customer.id}`);
    const sentAt: string[] = [];
    for (const [page, name, zone] of [
      [c.page, provider.fullName, KOLKATA],
      [p.page, customer.fullName, LOS_ANGELES],
    ] as const) {
      const message = page
        .getByRole('log', { name: `Messages with ${name}` })
        .getByRole('listitem')
        .filter({ hasText: 'See you at 12:15 am' });
      // Sent: no longer busy, and its time is the server's.
      await message.and(page.locator(':not([aria-busy])')).waitFor();
      const time = message.locator('time');
      const at = (await time.getAttribute('datetime')) ?? '';
      assert.equal(await time.textContent(), written(at, zone, 'short'));
      sentAt.push((await time.textContent()) ?? '');
    }
    assert.notEqual(sentAt[0], sentAt[1]);
    await snap(c.page, 'tz-chat-kolkata');
    await snap(p.page, 'tz-chat-los-angeles');

    assert.deepEqual([...c.errors, ...p.errors], []);
    await c.context.close();
    await p.context.close();
  });
});

describe('midnight and daylight saving time', () => {
  it('a date chosen before midnight and sent after it is refused as past, and nothing is booked', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Paul', last_name: surname('Night') });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Lee', last_name: surname('Night') });
    // Two minutes to midnight of today in Los Angeles, on the page's clock.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: LOS_ANGELES }).format(new Date());
    const c = await signedInAt(LOS_ANGELES, customer, (page) =>
      page.clock.install({ time: new Date(`${today}T23:58:00${losAngelesOffset(today)}`) }),
    );
    const dialog = await openBookingModal(c.page, provider);
    assert.equal(await dialog.getByLabel('Select date').getAttribute('min'), today);
    await dialog.getByLabel('Select date').fill(today);
    await fillAddressesAndCvv(dialog);
    await c.page.clock.fastForward('03:00');
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.getByRole('alert').getByText('The date may not be in the past.').waitFor();
    assert.equal(await dialog.getByLabel('Select date').getAttribute('aria-invalid'), 'true');
    await snap(c.page, 'tz-past-after-midnight-los-angeles');
    const jobs = await apiCall<{ data: unknown[] }>('GET', '/api/jobs', undefined, customer.token);
    assert.deepEqual(jobs.body.data, []);
    await c.context.close();
  });

  it('on the day clocks go forward in Los Angeles, a 2:30 am pickup still reads 2:30 am for the provider', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Paul', last_name: surname('Spring') });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Cora', last_name: surname('Spring') });
    const c = await signedInAt(KOLKATA, customer);
    // March 8th 2026 at noon in Los Angeles: 2:00 to 2:59 am did not happen that day.
    const p = await signedInAt(LOS_ANGELES, provider, (page) => page.clock.setFixedTime(new Date('2026-03-08T12:00:00-07:00')));

    const day = dayInAWeek(KOLKATA);
    const dialog = await openBookingModal(c.page, provider);
    await dialog.getByLabel('Select date').fill(day.iso);
    await dialog.getByLabel('Select Time').fill('02:30');
    await fillAddressesAndCvv(dialog);
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await c.page.waitForURL('**/requestconfirmation');
    const job = await onlyJob(customer);

    await p.page.goto(`/jobrequestdetails?job=${job.id}`);
    assert.equal(await summaryValue(p.page, 'Requested for').textContent(), `${day.written}, 2:30 am`);
    await snap(p.page, 'tz-dst-request-los-angeles');
    await c.page.goto(`/activebookingdetails?job=${job.id}`);
    assert.equal(await summaryValue(c.page, 'Requested for').textContent(), `${day.written}, 2:30 am`);
    assert.deepEqual([...c.errors, ...p.errors], []);
    await c.context.close();
    await p.context.close();
  });
});

/** '-08:00' or '-07:00': Los Angeles's offset from UTC on `day` (YYYY-MM-DD) at noon. */
function losAngelesOffset(day: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: LOS_ANGELES, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T20:00:00Z`))
    .find((p) => p.type === 'timeZoneName')?.value;
  return (name ?? 'GMT-08:00').replace('GMT', '');
}
