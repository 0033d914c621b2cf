// Cancellation, refunds and expiry end to end (issue 13), with a customer and a provider in two browser
// contexts at once: the customer cancels a Pending booking and the provider's job requests drop it
// live; a rejection reaches the customer as 'Rejected — refunded' with the refund in the payment
// history (a failed refresh of it keeps the lines shown and says so); and a request not answered
// within a (shortened) deadline expires on both screens.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, channelSubscribed, snap, until, useBrowser } from '../support/app.ts';
import {
  bookViaApi,
  cardOf,
  customerWithCards,
  GOOD_CARD,
  jobsOf,
  openTwoParties as openBoth,
  providerOffering,
  rejectFromJobRequests,
  type Party,
} from '../support/bookings.ts';
import { startExpiryWorker } from '../support/expiryWorker.ts';

const browser = useBrowser();
const uniqueSurname = () => `Life${randomUUID().slice(0, 6)}`;
const openTwoParties = (customer: Party, provider: Party) => openBoth(browser(), customer, provider);

/** How many of the user's notifications are unread, as the API counts them. */
async function unreadNotifications(token: string): Promise<number> {
  const { body } = await apiCall<{ meta: { unread: number } }>('GET', '/api/notifications', undefined, token);
  return body.meta.unread;
}

/** The line of the customer's payment history about booking `jobId` that reads `text` (e.g. 'Refunded'). */
const historyLine = (page: Page, jobId: number, text: string) =>
  page
    .getByRole('table', { name: 'Payment history' })
    .getByRole('row')
    .filter({ hasText: `#${jobId} Driver` })
    .filter({ hasText: text });

async function twoParties(first: string) {
  const provider = await providerOffering('Driver', 25, { first_name: 'Lena', last_name: uniqueSurname() });
  const customer = await customerWithCards([GOOD_CARD], { first_name: first, last_name: uniqueSurname() });
  return { provider, customer };
}

describe('cancelling, refunds and expiry, both sides live', () => {
  it("the customer cancels a Pending booking: refunded, in Previous Bookings as Cancelled, gone from the provider's requests live", async () => {
    const { provider, customer } = await twoParties('Cody');
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);

    await p.page.goto('/jobrequest');
    const request = cardOf(p.page, 'Job requests', customer.fullName);
    await request.waitFor();
    const unreadBefore = await unreadNotifications(provider.token);

    await c.page.goto('/activebooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByRole('link').first().click();
    await c.page.waitForURL((url) => url.pathname === '/activebookingdetails');
    await c.page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog
      .getByText(
        'The provider will no longer see this request, and your booking payment of 10.00 INR will be refunded to your card.',
      )
      .waitFor();
    await snap(c.page, 'cancel-booking-dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await c.page.getByText('Booking cancelled. Your 10.00 INR payment has been refunded.').waitFor();
    await c.page.waitForURL('**/previousbooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByText('Cancelled', { exact: true }).waitFor();
    await snap(c.page, 'previous-bookings-cancelled');

    // The provider's open list drops it without a reload, and the provider is notified.
    await request.waitFor({ state: 'detached' });
    await p.page.getByRole('link', { name: `Notifications: ${unreadBefore + 1} unread` }).waitFor();
    await p.page.goto('/notification');
    await p.page.getByText(`${customer.fullName} cancelled their Driver booking request.`).first().waitFor();

    assert.equal((await jobsOf(customer.token)).find((j) => j.id === jobId)?.status, 'Cancelled');
    await c.page.goto('/payment');
    await historyLine(c.page, jobId, 'Refunded').waitFor();
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it("the provider's keyboard focus on a request the customer cancels goes to the next request, and to the heading when none is left", async () => {
    const { provider, customer } = await twoParties('Kira');
    const other = await customerWithCards([GOOD_CARD], { first_name: 'Omar', last_name: uniqueSurname() });
    const otherJobId = await bookViaApi(other, provider);
    await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);
    const viewDetailsOf = (party: Party) =>
      cardOf(p.page, 'Job requests', party.fullName).getByRole('link', { name: 'View Details' });
    const focused = (target: ReturnType<Page['locator']>) => target.evaluate((element) => element === document.activeElement);

    await p.page.goto('/jobrequest');
    await viewDetailsOf(other).waitFor();
    // The newest request first: the provider is on its View Details when its customer cancels it.
    await viewDetailsOf(customer).focus();
    await c.page.goto('/activebooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByRole('link').first().click();
    await c.page.getByRole('button', { name: 'Cancel Booking' }).click();
    await c.page
      .getByRole('dialog', { name: 'Cancel this booking?' })
      .getByRole('button', { name: 'Yes, cancel booking' })
      .click();
    await cardOf(p.page, 'Job requests', customer.fullName).waitFor({ state: 'detached' });
    assert.equal(await focused(viewDetailsOf(other)), true, 'the next request has the focus');
    await snap(p.page, 'job-requests-focus-after-cancel');

    const cancelled = await apiCall('PATCH', `/api/jobs/${otherJobId}`, { status: 'Cancelled' }, other.token);
    assert.equal(cancelled.status, 200);
    await p.page.getByText('You have no job requests right now.').waitFor();
    assert.equal(
      await focused(p.page.getByRole('heading', { name: 'Job Requests', level: 1 })),
      true,
      'the heading has the focus',
    );
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it("a rejection reaches the customer as 'Rejected — refunded', with the refund in the payment history", async () => {
    const { provider, customer } = await twoParties('Rita');
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);

    await c.page.goto('/payment');
    await historyLine(c.page, jobId, 'Paid').waitFor();

    await rejectFromJobRequests(p.page, customer);

    // The customer's open payment history gains the refund without a reload.
    await historyLine(c.page, jobId, '−10.00 INR').filter({ hasText: 'Refunded' }).waitFor();
    await snap(c.page, 'payment-history-refund');
    await c.page.goto('/previousbooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByText('Rejected — refunded', { exact: true }).waitFor();
    await snap(c.page, 'previous-bookings-rejected-refunded');
    // The provider reads plain 'Rejected': the refund is the customer's business.
    await p.page.goto('/previousbooking');
    const providerCard = cardOf(p.page, 'Bookings', customer.fullName);
    await providerCard.getByText('Rejected', { exact: true }).waitFor();
    assert.equal(await providerCard.getByText('Rejected — refunded').count(), 0);
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it('a refresh of the payment history that fails keeps the lines shown and says so; Retry brings the refund', async () => {
    const { provider, customer } = await twoParties('Remy');
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);
    const historyCall = (url: URL) => url.pathname === '/api/payments';
    let historyReads = 0;
    c.page.on('requestfinished', (request) => {
      if (request.method() === 'GET' && historyCall(new URL(request.url()))) historyReads += 1;
    });
    const subscribed = channelSubscribed(c.page);
    await c.page.goto('/payment');
    await historyLine(c.page, jobId, 'Paid').waitFor();
    // The history is read on opening, and again once the live channel is subscribed (events may have been missed).
    await subscribed;
    await until(c.page, () => historyReads >= 2);
    assert.equal(historyReads, 2, 'the history is read on opening and on subscribing');

    // The history's API is unavailable when the rejection makes the open history fetch its first page again:
    // once for the rejection, and once more when the refund has gone through (the job's second update).
    let refused = 0;
    await c.page.route(historyCall, (route) => {
      if (route.request().method() === 'GET') refused += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': route.request().headers().origin ?? '*' },
        body: JSON.stringify({ message: 'Payments are unavailable right now.' }),
      });
    });
    await rejectFromJobRequests(p.page, customer);
    const history = c.page.getByRole('region', { name: 'Payment history' });
    await history.getByText('Your payment history could not be refreshed.').waitFor();
    // Both refreshes have failed before the API comes back, so only Retry can bring the refund.
    await until(c.page, () => refused >= 2);
    assert.equal(refused, 2, "the rejection and the refund's settling each fetch the history once");
    await history.getByText('Payments are unavailable right now.').waitFor();
    await historyLine(c.page, jobId, 'Paid').waitFor();
    assert.equal(await history.getByText('More payments could not be loaded.').count(), 0);
    await snap(c.page, 'payment-history-refresh-failed');

    await c.page.unroute(historyCall);
    await history.getByRole('button', { name: 'Retry' }).click();
    await historyLine(c.page, jobId, 'Refunded').waitFor();
    assert.equal(await history.getByText('Your payment history could not be refreshed.').count(), 0);
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it('a request not answered before the configured deadline expires on both screens and is refunded', async () => {
    const { provider, customer } = await twoParties('Elsa');
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);
    await c.page.goto('/activebooking');
    const booking = cardOf(c.page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor();
    await p.page.goto('/jobrequest');
    const request = cardOf(p.page, 'Job requests', customer.fullName);
    await request.waitFor();

    // An API instance configured with REQUEST_EXPIRY_SECONDS=3 and a timer that runs every second, on
    // the suite's database and realtime server: its sweeper expires the request and refunds it.
    const worker = await startExpiryWorker(3);
    try {
      // Both open screens drop it without a reload.
      // (The sweep also expires whatever earlier tests left Pending, one after another.)
      await request.waitFor({ state: 'detached', timeout: 30_000 });
      await booking.waitFor({ state: 'detached' });
    } finally {
      await worker.stop();
    }
    assert.equal((await jobsOf(customer.token)).find((j) => j.id === jobId)?.status, 'Expired');
    await c.page.getByText('You have no active bookings.').waitFor();
    await p.page.getByText('You have no job requests right now.').waitFor();
    await snap(p.page, 'job-requests-after-expiry');
    await c.page.goto('/previousbooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByText('Expired', { exact: true }).waitFor();
    await c.page.goto('/payment');
    await historyLine(c.page, jobId, 'Refunded').waitFor();
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});
