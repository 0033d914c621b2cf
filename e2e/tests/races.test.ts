// Two people (or one person in two tabs) acting on the same thing at nearly the same time, or from a
// screen that is out of date, with the real API and database: each screen says plainly what happened
// and then shows the booking, card or service as it now is, with no button left that can only fail
// again; nothing is booked, charged or stored twice.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, openPage, PHONE, signInDirectly, snap, useBrowser, newTab } from '../support/app.ts';
import {
  bookViaApi,
  customerWithCards,
  GOOD_CARD,
  jobsOf,
  openTwoParties as openBoth,
  providerOffering,
  type Party,
} from '../support/bookings.ts';

const browser = useBrowser();
const uniqueSurname = () => `Race${randomUUID().slice(0, 6)}`;
const openTwoParties = (customer: Party, provider: Party) => openBoth(browser(), customer, provider);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const MASTERCARD = '5555555555554444';

async function twoParties(first: string, cards = [GOOD_CARD]) {
  const provider = await providerOffering('Driver', 25, { first_name: 'Rhea', last_name: uniqueSurname() });
  const customer = await customerWithCards(cards, { first_name: first, last_name: uniqueSurname() });
  return { provider, customer };
}

/** A second tab of the same browser (the same signed-in session). */
const secondTab = (page: Page) => newTab(page.context());

async function statusOf(token: string, jobId: number) {
  return (await jobsOf(token)).find((j) => j.id === jobId)?.status;
}

/**
 * Clicks `button` at the time `at` (ms since the epoch), from the page itself: two tabs can press at once.
 * Resolves once clicked; fails, saying so, if the button had left the page by then (a press that never was).
 */
const clickAt = async (button: Locator, at: number) => {
  const clicked = await button.evaluate(
    (element, when) =>
      new Promise<boolean>((resolve) =>
        setTimeout(() => {
          const present = element.isConnected;
          if (present) (element as HTMLElement).click();
          resolve(present);
        }, when - Date.now()),
      ),
    at,
  );
  assert.ok(clicked, 'the button was gone at the agreed time: the test did not press it');
};

/** The provider answers through the API (for tests whose subject is what the other side sees next). */
async function move(provider: Party, jobId: number, status: string) {
  const res = await apiCall('PATCH', `/api/jobs/${jobId}`, { status }, provider.token);
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** The booking modal on the provider's profile, opened from its address (a bookmarked profile). */
async function openBookingModal(page: Page, provider: Party & { serviceId: number }): Promise<Locator> {
  await page.goto(`/providerprofile?service=${provider.serviceId}&provider=${provider.id}`);
  await page.getByRole('heading', { name: provider.fullName }).waitFor();
  await page.getByRole('button', { name: 'Assign Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.getByLabel('Pick Address').waitFor();
  return dialog;
}

async function fillBooking(dialog: Locator) {
  await dialog.getByLabel('Custom Time').fill('after lunch');
  await dialog.getByLabel('Pick Address').fill('12 Pick Lane');
  await dialog.getByLabel('Drop Address').fill('34 Drop Street');
  await dialog.getByLabel('CVV').fill('123');
}

describe('two tabs, two people, one booking', () => {
  it('a request answered in two tabs at once: one answer stands, the other tab says which and offers no button', async () => {
    const { provider, customer } = await twoParties('Ada');
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);
    const accepting = p.page;
    const rejecting = await secondTab(accepting);
    await accepting.goto(`/deliveryconfirmation?job=${jobId}&action=accept`);
    await rejecting.goto(`/deliveryconfirmation?job=${jobId}&action=reject`);
    const accept = accepting.getByRole('button', { name: 'Accept & Inform User' });
    const reject = rejecting.getByRole('button', { name: 'Reject and Inform User' });
    await accept.waitFor();
    await reject.waitFor();
    await c.page.goto(`/activebookingdetails?job=${jobId}`);
    await c.page.getByText('Waiting for Approval').first().waitFor();

    // Both pressed at the same moment (a click through Playwright waits for the other tab's live update
    // to settle first, and the button would be gone): each page clicks at one agreed time.
    const at = Date.now() + 1_500;
    await Promise.all([clickAt(accept, at), clickAt(reject, at)]);

    await accepting.waitForFunction(
      () => location.pathname !== '/deliveryconfirmation' || !!document.querySelector('[role=alert]'),
    );
    await rejecting.waitForFunction(
      () => location.pathname !== '/deliveryconfirmation' || !!document.querySelector('[role=alert]'),
    );
    const final = await statusOf(provider.token, jobId);
    assert.ok(final === 'Accepted' || final === 'Rejected', String(final));
    const [winner, loser, losingButton] =
      final === 'Accepted' ? [accepting, rejecting, 'Reject and Inform User'] : [rejecting, accepting, 'Accept & Inform User'];
    await winner.waitForURL((url) => url.pathname === (final === 'Accepted' ? '/activebooking' : '/jobrequest'));
    // The tab that lost says what happened in plain words, then shows the request as it is: no button to press again.
    assert.equal(pathOf(loser), '/deliveryconfirmation');
    await loser
      .getByRole('alert')
      .filter({ hasText: `This request has already been answered: ${final}.` })
      .first()
      .waitFor();
    await loser.getByText(`This request is no longer waiting for approval. It is now: ${final}.`).waitFor();
    assert.equal(await loser.getByRole('button', { name: losingButton }).count(), 0);
    await snap(loser, 'races-answered-in-another-tab');
    // The customer's open booking follows, live.
    await c.page
      .getByRole('region', { name: 'Driver' })
      .getByText(final === 'Accepted' ? 'Accepted' : 'Rejected — refunded', { exact: true })
      .waitFor();
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it("the provider accepts while the customer's Cancel dialog is open: told at once, only OK, and the booking shows Accepted", async () => {
    const { provider, customer } = await twoParties('Bea');
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);
    await c.page.goto(`/activebookingdetails?job=${jobId}`);
    await c.page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).waitFor();

    // Meanwhile the provider accepts on the Delivery confirmation screen.
    await p.page.goto(`/deliveryconfirmation?job=${jobId}&action=accept`);
    await p.page.getByRole('button', { name: 'Accept & Inform User' }).click();
    await p.page.waitForURL('**/activebooking');

    // No press needed: the open dialog takes the news (a press that beats the news gets the API's 409 in the
    // same words: the API's races test and the screen's Jest test).
    await dialog
      .getByRole('alert')
      .filter({
        hasText:
          'This booking has already been accepted and can no longer be cancelled in the app. Please chat with your provider.',
      })
      .waitFor({ timeout: 5_000 });
    assert.equal(await dialog.getByRole('button', { name: 'Yes, cancel booking' }).count(), 0);
    assert.equal(await dialog.getByRole('button', { name: 'Keep booking' }).count(), 0);
    await snap(c.page, 'races-cancel-after-accept');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await c.page.getByRole('region', { name: 'Driver' }).getByText('Accepted', { exact: true }).waitFor();
    await c.page.getByText('This booking has been accepted. To change or cancel it, chat with your provider.').waitFor();
    assert.equal(await c.page.getByRole('button', { name: 'Cancel Booking' }).count(), 0);
    assert.equal(await statusOf(customer.token, jobId), 'Accepted');
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it('a booking rated in one tab shows rated in the other at once, with no form left to submit', async () => {
    const { provider, customer } = await twoParties('Cleo');
    const jobId = await bookViaApi(customer, provider);
    await move(provider, jobId, 'Accepted');
    await move(provider, jobId, 'Completed');
    const c = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    const first = c.page;
    const second = await secondTab(first);
    for (const tab of [first, second]) {
      await tab.goto(`/bookingfinished?job=${jobId}`);
      await tab.getByRole('button', { name: 'Submit' }).waitFor();
    }
    await second.getByRole('radio', { name: '2 stars' }).check();
    await second.getByRole('textbox', { name: 'Review' }).fill('Started typing here');

    await first.getByRole('radio', { name: '4 stars' }).check();
    await first.getByRole('button', { name: 'Submit' }).click();
    await first.waitForURL('**/previousbooking');

    await second.getByText('This job has already been rated.').waitFor({ timeout: 5_000 });
    await second.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    assert.equal(await second.getByRole('button', { name: 'Submit' }).count(), 0);
    await snap(second, 'races-rated-in-another-tab');
    const ratings = await apiCall<{ data: { job_id: number; rating: number }[] }>(
      'GET',
      `/api/getReview?provider_id=${provider.id}`,
      undefined,
      customer.token,
    );
    assert.deepEqual(
      ratings.body.data.filter((r) => r.job_id === jobId).map((r) => r.rating),
      [4],
    );
    assert.deepEqual(c.errors, []);
    await c.context.close();
  });
});

describe('booking with a card or a service that goes away meanwhile', () => {
  it('a card removed in another tab while the booking modal is open: said there at once, no longer offered, paid with the other', async () => {
    const { provider, customer } = await twoParties('Dina', [GOOD_CARD, MASTERCARD]);
    const c = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    const booking = c.page;
    const dialog = await openBookingModal(booking, provider);
    await dialog.getByRole('radio', { name: /^MasterCard •••• 4444/i }).check();
    await fillBooking(dialog);

    const cards = await secondTab(booking);
    await cards.goto('/payment');
    await cards.getByRole('button', { name: /^Delete MasterCard ending in 4444/i }).click();
    await cards.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click();
    await cards.getByRole('listitem', { name: /^MasterCard ending in 4444/i }).waitFor({ state: 'detached' });

    // The booking tab follows the removal live (the 'PaymentMethods' event), before anyone presses Submit & Pay;
    // pressed before the event arrives, the API refuses with the same words (api/test/races.test.ts, Jest).
    await dialog.getByRole('alert').filter({ hasText: 'This card is no longer saved. Please choose another card.' }).waitFor();
    await dialog.getByText('Visa •••• 4242').waitFor();
    assert.equal(await dialog.getByText(/MasterCard/i).count(), 0);
    await snap(booking, 'races-card-removed-meanwhile');
    assert.deepEqual(await jobsOf(customer.token), []);
    // What was typed stays (the CVV too): Submit & Pay pays with the card left.
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await booking.waitForURL('**/requestconfirmation');
    assert.equal((await jobsOf(customer.token)).length, 1);
    assert.deepEqual(c.errors, []);
    await c.context.close();
  });

  it('the same booking filled in two tabs, Submit & Pay pressed in both at once: one booking and one charge; the other tab says why, and can book a second on purpose', async () => {
    const { provider, customer } = await twoParties('Tara');
    const c = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    const first = await openBookingModal(c.page, provider);
    await fillBooking(first);
    const other = await secondTab(c.page);
    const second = await openBookingModal(other, provider);
    await fillBooking(second);

    const at = Date.now() + 1_500;
    await Promise.all([
      clickAt(first.getByRole('button', { name: 'Submit & Pay' }), at),
      clickAt(second.getByRole('button', { name: 'Submit & Pay' }), at),
    ]);
    const told = `You have already booked ${provider.fullName} for this time and these addresses: see it in Active Bookings. Submit & Pay again to book a second one.`;
    // Whichever went first is booked; the other tab says why nothing more was, and leads to the booking.
    const outcome = async (page: Page, dialog: Locator) =>
      Promise.race([
        page.waitForURL('**/requestconfirmation').then(() => 'booked'),
        dialog
          .getByRole('alert')
          .filter({ hasText: told })
          .waitFor()
          .then(() => 'told'),
      ]);
    const outcomes = await Promise.all([outcome(c.page, first), outcome(other, second)]);
    assert.deepEqual([...outcomes].sort(), ['booked', 'told']);
    assert.equal((await jobsOf(customer.token)).length, 1);
    const [toldPage, toldDialog] = outcomes[0] === 'told' ? [c.page, first] : [other, second];
    await toldDialog.getByRole('link', { name: 'Active Bookings' }).waitFor();
    await snap(toldPage, 'races-same-booking-two-tabs');

    // Meant: Submit & Pay again books a second one.
    await toldDialog.getByLabel('CVV').fill('123');
    await toldDialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await toldPage.waitForURL('**/requestconfirmation');
    assert.equal((await jobsOf(customer.token)).length, 2);
    assert.deepEqual(c.errors, []);
    await c.context.close();
  });

  it('the provider withdraws the service while a customer is booking it: said plainly, and the way to another driver', async () => {
    const { provider, customer } = await twoParties('Edda');
    const { c, p } = await openTwoParties(customer, provider);
    const dialog = await openBookingModal(c.page, provider);
    await fillBooking(dialog);

    await p.page.goto('/service');
    const driver = p.page.getByRole('article', { name: 'Driver' });
    await driver.getByText('Added').waitFor();
    await driver.getByRole('button', { name: 'Delete' }).click();
    await driver.getByRole('button', { name: 'Add' }).waitFor();

    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This driver does not offer this service any more.' }).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Submit & Pay' }).count(), 0);
    await snap(c.page, 'races-service-withdrawn');
    await dialog.getByRole('link', { name: 'Choose another driver' }).click();
    await c.page.waitForURL((url) => url.pathname === '/drivebooking');
    await c.page.getByRole('heading', { name: 'Book a Driver' }).waitFor();
    assert.deepEqual(await jobsOf(customer.token), []);
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});

describe('cards and services changed in another tab', () => {
  it("a card added, made the default or removed shows at once in the user's other tab and on their other device", async () => {
    const { customer } = await twoParties('Hal', [GOOD_CARD]);
    const laptop = await openPage(browser());
    await signInDirectly(laptop.page, customer.account);
    const payments = laptop.page;
    const profile = await secondTab(payments);
    const phone = await openPage(browser(), PHONE);
    await signInDirectly(phone.page, customer.account);
    await payments.goto('/payment');
    for (const tab of [profile, phone.page]) await tab.goto('/profile');
    for (const tab of [payments, profile, phone.page])
      await tab.getByRole('listitem', { name: /^Visa ending in 4242/ }).waitFor();
    const cardNames = (tab: Page) =>
      tab
        .getByRole('listitem', { name: /ending in/ })
        .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')?.split(',')[0]));

    // Added with the new payment method form in one tab.
    await payments.getByRole('link', { name: 'Add New' }).click();
    await payments.getByLabel('Card Name').fill('Second');
    await payments.getByLabel('Card Number').fill(MASTERCARD);
    await payments.getByLabel('Expiry Date').fill('11/33');
    await payments.getByLabel('CVV').fill('321');
    await payments.getByRole('button', { name: 'Save' }).click();
    await payments.waitForURL('**/payment');
    for (const tab of [profile, phone.page]) {
      await tab.getByRole('listitem', { name: /^MasterCard ending in 4444/i }).waitFor();
      assert.deepEqual(await cardNames(tab), ['Visa ending in 4242', 'MasterCard ending in 4444']);
    }
    // Made the default on the phone.
    await phone.page
      .getByRole('listitem', { name: /^MasterCard ending in 4444/i })
      .getByRole('button', { name: 'Make this Default' })
      .click();
    for (const tab of [payments, profile]) {
      await tab
        .getByRole('listitem', { name: /^Visa ending in 4242/ })
        .getByRole('button', { name: 'Make this Default' })
        .waitFor();
      assert.deepEqual(await cardNames(tab), ['MasterCard ending in 4444', 'Visa ending in 4242']);
    }
    // Removed in the profile tab.
    await profile.getByRole('button', { name: /^Delete Visa ending in 4242/ }).click();
    await profile.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click();
    for (const tab of [payments, phone.page]) {
      await tab.getByRole('listitem', { name: /^Visa ending in 4242/ }).waitFor({ state: 'detached' });
      assert.deepEqual(await cardNames(tab), ['MasterCard ending in 4444']);
    }
    await snap(phone.page, 'races-cards-live-on-another-device');
    assert.deepEqual([...laptop.errors, ...phone.errors], []);
    await laptop.context.close();
    await phone.context.close();
  });

  it("Remove card asked in two tabs at once: the other tab's list follows live, and its Remove card says the card was already removed, then only OK", async () => {
    const { customer } = await twoParties('Fay', [GOOD_CARD, MASTERCARD]);
    const c = await openPage(browser());
    await signInDirectly(c.page, customer.account);
    const first = c.page;
    const second = await secondTab(first);
    for (const tab of [first, second]) {
      await tab.goto('/payment');
      await tab.getByRole('listitem', { name: /^MasterCard ending in 4444/i }).waitFor();
    }
    // The second tab asks 'Remove this card?' too, and the first removes the card meanwhile.
    await second.getByRole('button', { name: /^Delete MasterCard ending in 4444/i }).click();
    const dialog = second.getByRole('dialog', { name: 'Remove this card?' });
    await first.getByRole('button', { name: /^Delete MasterCard ending in 4444/i }).click();
    await first.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click();
    await first.getByRole('listitem', { name: /^MasterCard ending in 4444/i }).waitFor({ state: 'detached' });

    // The second tab's list follows at once (the 'PaymentMethods' event); its open question meets the removal.
    await second.getByRole('listitem', { name: /^MasterCard ending in 4444/i }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Remove card' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This card has already been removed.' }).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Remove card' }).count(), 0);
    assert.equal(await dialog.getByRole('button', { name: 'Keep card' }).count(), 0);
    await snap(second, 'races-card-removed-in-another-tab');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await second.getByRole('listitem', { name: /^Visa ending in 4242/ }).waitFor();
    assert.deepEqual(c.errors, []);
    await c.context.close();
  });

  it("a service added in one tab reads Added in the provider's other tab at once; Add on a device that has not heard yet is said plainly, and the card reads Added", async () => {
    const { provider } = await twoParties('Gus');
    const p = await openPage(browser());
    await signInDirectly(p.page, provider.account);
    const first = p.page;
    const second = await secondTab(first);
    // A device whose realtime connection hears nothing (a connection stalled on a train): its page is stale.
    const stale = await openPage(browser());
    await stale.context.routeWebSocket(/:6101\//, () => undefined);
    await signInDirectly(stale.page, provider.account);
    for (const tab of [first, second, stale.page]) {
      await tab.goto('/service');
      await tab.getByRole('article', { name: 'Delivery' }).getByRole('button', { name: 'Add' }).waitFor();
    }
    await first.getByRole('article', { name: 'Delivery' }).getByRole('button', { name: 'Add' }).click();
    await first.getByRole('article', { name: 'Delivery' }).getByRole('button', { name: 'Delete' }).waitFor();

    // The other tab follows live (the 'Profile' event), with no message.
    const live = second.getByRole('article', { name: 'Delivery' });
    await live.getByText('Added').waitFor();
    await live.getByRole('button', { name: 'Delete' }).waitFor();
    assert.equal(await second.getByRole('alert').filter({ hasText: 'could not be added' }).count(), 0);

    const delivery = stale.page.getByRole('article', { name: 'Delivery' });
    assert.equal(await delivery.getByRole('button', { name: 'Add' }).count(), 1);
    await delivery.getByRole('button', { name: 'Add' }).click();
    await stale.page
      .getByRole('alert')
      .filter({ hasText: 'Delivery could not be added: You already offer this service.' })
      .first()
      .waitFor();
    await delivery.getByText('Added').waitFor();
    await delivery.getByRole('button', { name: 'Delete' }).waitFor();
    assert.equal(await delivery.getByRole('button', { name: 'Add' }).count(), 0);
    await snap(stale.page, 'races-service-added-in-another-tab');
    const mine = await apiCall<{ data: { service: { name: string } }[] }>('GET', '/api/user-services', undefined, provider.token);
    assert.deepEqual(mine.body.data.map((s) => s.service.name).sort(), ['Delivery', 'Driver']);
    assert.deepEqual(p.errors, []);
    assert.deepEqual(stale.errors, []);
    await p.context.close();
    await stale.context.close();
  });
});
