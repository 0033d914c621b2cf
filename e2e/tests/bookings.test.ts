// Bookings end to end (issue 8), with a customer and a provider in two browser contexts at once, as two
// people on two devices: book and pay, the request reaching the provider live, accept, the customer's
// card changing without a reload, finish, rate, and the rating on the provider's profile. Also the
// reject path, a declined card and a customer with no saved card.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiCall,
  expireSession,
  loginInPlace,
  openPage,
  PHONE,
  signInDirectly,
  snap,
  useBrowser,
  type Role,
  newTab,
  waitForFocus,
} from '../support/app.ts';
import {
  bookViaApi,
  cardOf,
  customerWithCards,
  DECLINED_CARD,
  GOOD_CARD,
  jobsOf,
  MASTERCARD,
  openTwoParties as openBoth,
  providerOffering,
  rejectFromJobRequests,
  serviceIdByName,
  type Party,
} from '../support/bookings.ts';
import { addCatalogueService, removeCatalogueService } from '../support/catalogue.ts';

const browser = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** A surname no other test uses, so that searching by it finds exactly this provider. */
const uniqueSurname = () => `Ride${randomUUID().slice(0, 6)}`;

const openTwoParties = (customer: Party, provider: Party) => openBoth(browser(), customer, provider);

/** Records each history call (with its caller) and popstate of the page in window.__historyLog. */
const HISTORY_LOG_SCRIPT = `(function () {
  var log = (window.__historyLog = []);
  var at = function () { return location.pathname + ' idx=' + (history.state && history.state.idx); };
  ['pushState', 'replaceState', 'go', 'back', 'forward'].forEach(function (name) {
    var original = history[name].bind(history);
    history[name] = function () {
      var args = Array.prototype.slice.call(arguments);
      var caller = (new Error().stack || '').split('\\n').slice(2, 6).join(' | ');
      log.push(performance.now().toFixed(0) + ' ' + name + '(' + JSON.stringify(args[2] !== undefined ? args[2] : args[0]) + ') from ' + at() + ' ' + caller);
      return original.apply(null, args);
    };
  });
  addEventListener('popstate', function () { log.push(performance.now().toFixed(0) + ' popstate -> ' + at()); });
})();`;

/** The customer goes from All Services to the provider's profile and opens the booking modal. */
async function openBookingModal(page: Page, provider: Party) {
  await page.goto('/service');
  await page.getByRole('heading', { name: 'All Services' }).waitFor();
  await page.getByRole('article', { name: 'Driver' }).getByRole('button', { name: 'Book Now' }).click();
  await page.waitForURL((url) => url.pathname === '/drivebooking');
  await page.getByRole('heading', { name: 'Book a Driver' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search Providers' }).fill(provider.account.last_name);
  const drivers = page.getByRole('list', { name: 'Suggested Drivers' });
  await drivers.getByRole('link', { name: new RegExp(provider.fullName) }).waitFor();
  await snap(page, 'book-a-driver');
  await drivers.getByRole('link', { name: new RegExp(provider.fullName) }).click();
  await page.waitForURL((url) => url.pathname === '/providerprofile');
  await page.getByRole('heading', { name: provider.fullName }).waitFor();
  await page.getByText('$25', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Assign Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.getByLabel('Pick Address').waitFor();
  return dialog;
}

/**
 * The day the e2e bookings are for: a week from now in the browser's (and this machine's) time zone, as
 * the month and date inputs take it and as the app writes it ('MMMM Do YYYY'). The form refuses past dates.
 */
const BOOKED_FOR = (() => {
  const day = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  const month = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}`;
  const n = day.getDate();
  const ordinal = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  const monthName = day.toLocaleString('en-US', { month: 'long' });
  return { month, date: `${month}-${String(n).padStart(2, '0')}`, written: `${monthName} ${n}${ordinal} ${day.getFullYear()}` };
})();

async function fillBooking(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('Select day').fill(BOOKED_FOR.month);
  await dialog.getByLabel('Select date').fill(BOOKED_FOR.date);
  await dialog.getByLabel('Select Time').fill('09:30');
  await dialog.getByLabel('Custom Time').fill('after breakfast');
  await dialog.getByLabel('Pick Address').fill('12 Pick Lane');
  await dialog.getByLabel('Drop Address').fill('34 Drop Street');
  await dialog.getByLabel('CVV').fill('123');
}

describe('a booking from request to rating, both sides live', () => {
  it('books and pays, the provider accepts and finishes, the customer rates, the profile shows it', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Paul', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Cora', last_name: uniqueSurname() });
    const { c, p } = await openTwoParties(customer, provider);

    // The provider waits on Job Requests, which is empty.
    await p.page.goto('/jobrequest');
    await p.page.getByRole('heading', { name: 'Job Requests' }).waitFor();
    await p.page.getByText(/no (new )?job requests/i).waitFor();

    // The customer books and pays.
    const dialog = await openBookingModal(c.page, provider);
    await snap(c.page, 'booking-modal');
    await dialog.getByText(/Visa •••• 4242/).waitFor();
    await fillBooking(dialog);
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await c.page.waitForURL('**/requestconfirmation');
    await c.page.getByText('Wait for the Driver to Confirm your Request.').waitFor();

    // The request reaches the provider's open list without a reload.
    const request = cardOf(p.page, 'Job requests', customer.fullName);
    await request.waitFor({ timeout: 5_000 });
    await request.getByText('Waiting for Approval').waitFor();
    await snap(p.page, 'job-requests');

    // The customer's Active Bookings shows it waiting.
    await c.page.getByRole('link', { name: 'Go to Bookings' }).click();
    await c.page.waitForURL('**/activebooking');
    const booking = cardOf(c.page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor();
    await booking.getByText(/ - \$25/).waitFor();
    // A driver not rated yet shows the spec's placeholder.
    await booking.getByText('Rating 4.0').waitFor();

    // The provider accepts.
    await request.getByRole('link', { name: 'View Details' }).click();
    await p.page.waitForURL((url) => url.pathname === '/jobrequestdetails');
    await p.page.getByText('12 Pick Lane').waitFor();
    await p.page.getByText('34 Drop Street').waitFor();
    // When the customer asked for it, written as the app writes dates.
    const summary = p.page.getByRole('region', { name: 'Summary' });
    await summary.getByText(`${BOOKED_FOR.written}, 9:30 am, after breakfast`, { exact: true }).waitFor();
    await p.page.getByRole('button', { name: 'Accept' }).click();
    await p.page.waitForURL((url) => url.pathname === '/deliveryconfirmation');
    await p.page.getByText('Do you want to Accept the User Request?').waitFor();
    await p.page.getByRole('button', { name: 'Accept & Inform User' }).click();
    await p.page.waitForURL('**/activebooking');

    // The customer's open card turns Accepted with no reload.
    await booking.getByText('Accepted', { exact: true }).waitFor({ timeout: 2_000 });
    await snap(c.page, 'active-bookings');
    // A press anywhere on the card opens it, on its status too (as a finger would, at that point of the screen).
    const status = await booking.getByText('Accepted', { exact: true }).boundingBox();
    assert.ok(status);
    await c.page.mouse.click(status.x + status.width / 2, status.y + status.height / 2);
    await c.page.waitForURL((url) => url.pathname === '/activebookingdetails');
    await c.page.getByRole('heading', { name: 'Booking Details' }).waitFor();
    const step = c.page.getByRole('list', { name: 'Booking progress' }).locator('[aria-current="step"]');
    assert.match((await step.textContent()) ?? '', /Reached your location/);

    // The provider finishes the job from its details.
    await cardOf(p.page, 'Bookings', customer.fullName).getByRole('link').first().click();
    await p.page.waitForURL((url) => url.pathname === '/activebookingdetails');
    await p.page.getByRole('heading', { name: 'Job Details' }).waitFor();
    await snap(p.page, 'provider-job-details');
    await p.page.getByRole('button', { name: 'Finish Job' }).click();
    await p.page.waitForURL((url) => url.pathname === '/ridefinished');
    await p.page.getByText('Congratulations! Ride has been Finished.').waitFor();

    // The customer's open details page follows (every step done) and the booking moves to Previous Bookings.
    await c.page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 2_000 });

    // The bell's 'finished' notification leads to that booking, which offers its rating.
    await c.page.goto('/notification');
    await c.page
      .getByRole('listitem', { name: `Job from ${provider.fullName}` })
      .filter({ hasText: 'has finished your job. Please rate your ride.' })
      .getByRole('link', { name: 'View Details' })
      .click();
    await c.page.waitForURL((url) => url.pathname === '/activebookingdetails');
    await c.page.getByRole('link', { name: 'Rate this booking' }).waitFor();

    await c.page.goto('/previousbooking');
    await c.page.getByRole('heading', { name: 'Previous Bookings' }).waitFor();
    const past = cardOf(c.page, 'Bookings', provider.fullName);
    await past.getByText('Completed', { exact: true }).waitFor();
    await past.getByRole('link', { name: 'Rate this booking' }).click();
    await c.page.waitForURL((url) => url.pathname === '/bookingfinished');
    await c.page.getByRole('heading', { name: 'Rate your Booking' }).waitFor();
    await c.page.getByRole('radio', { name: '5 stars' }).check();
    await c.page.getByRole('textbox', { name: 'Review' }).fill('Smooth ride, right on time.');
    await c.page.getByRole('button', { name: 'Submit' }).click();
    await c.page.waitForURL('**/previousbooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByRole('img', { name: '5 out of 5 stars' }).waitFor();

    // The provider's profile shows the new average and the review.
    await openBookingModal(c.page, provider).then((d) => d.getByRole('button', { name: 'Close' }).click());
    await c.page.getByText('5.0').first().waitFor();
    await c.page.getByText('Smooth ride, right on time.').waitFor();

    // The next booking with them shows their new average on its card.
    const again = await openBookingModal(c.page, provider);
    await fillBooking(again);
    await again.getByRole('button', { name: 'Submit & Pay' }).click();
    await c.page.waitForURL('**/requestconfirmation');
    await c.page.getByRole('link', { name: 'Go to Bookings' }).click();
    await cardOf(c.page, 'Bookings', provider.fullName).getByText('Rating 5.0').waitFor();

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it("a rejected request leaves the provider list and reaches the customer as 'Rejected — refunded', live", async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Rhea', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Ravi', last_name: uniqueSurname() });
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);

    await c.page.goto('/activebooking');
    const booking = cardOf(c.page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor();

    await rejectFromJobRequests(p.page, customer);
    await cardOf(p.page, 'Job requests', customer.fullName).waitFor({ state: 'detached' });

    // Rejected leaves the customer's Active Bookings without a reload and is listed as Rejected.
    await booking.waitFor({ state: 'detached', timeout: 2_000 });
    await c.page.goto('/previousbooking');
    // Its payment was given back, so the customer reads 'Rejected — refunded' (issue 13).
    await cardOf(c.page, 'Bookings', provider.fullName).getByText('Rejected — refunded', { exact: true }).waitFor();
    assert.equal((await jobsOf(customer.token)).find((j) => j.id === jobId)?.status, 'Rejected');
    await c.context.close();
    await p.context.close();
  });
});

describe('paying for a booking', () => {
  it('a declined card shows the message in the modal, keeps what was typed and books nothing', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Dana', last_name: uniqueSurname() });
    const customer = await customerWithCards([DECLINED_CARD]);
    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, customer.account);
    const dialog = await openBookingModal(page, provider);
    await fillBooking(dialog);
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    // Keyboard focus stays in the dialog: Tab from Submit & Pay goes round to its close button and back.
    await dialog.getByRole('button', { name: 'Submit & Pay' }).focus();
    await page.keyboard.press('Tab');
    assert.ok(await dialog.getByRole('button', { name: 'Close' }).evaluate((button) => button === document.activeElement));
    await page.keyboard.press('Shift+Tab');
    assert.ok(await dialog.getByRole('button', { name: 'Submit & Pay' }).evaluate((button) => button === document.activeElement));
    assert.equal(pathOf(page), '/providerprofile');
    assert.deepEqual(await jobsOf(customer.token), []);
    // The only card follows 'Payment Details' as a field follows its label, with no paragraph's gap.
    const headingBottom = await dialog
      .getByRole('heading', { name: 'Payment Details' })
      .evaluate((h) => h.getBoundingClientRect().bottom);
    const cardTop = await dialog
      .getByText('Expires', { exact: false })
      .evaluate((e) => e.parentElement!.getBoundingClientRect().top);
    assert.ok(cardTop - headingBottom <= 20, `the card is ${Math.round(cardTop - headingBottom)} px under 'Payment Details'`);

    // A missing address is the form's own message; nothing is sent.
    await dialog.getByLabel('Drop Address').fill('');
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Drop Address' }).waitFor();
    assert.deepEqual(await jobsOf(customer.token), []);
    // The field it is about is marked in red (with the focus on it, and without), the others are not.
    const red = 'rgb(192, 38, 45)';
    const drop = dialog.getByLabel('Drop Address');
    assert.ok(await drop.evaluate((field) => field === document.activeElement));
    assert.equal(await drop.evaluate((field) => getComputedStyle(field).outlineColor), red);
    await dialog.getByLabel('Custom Time').focus();
    assert.equal(await drop.evaluate((field) => getComputedStyle(field).borderTopColor), red);
    assert.notEqual(await dialog.getByLabel('Pick Address').evaluate((field) => getComputedStyle(field).borderTopColor), red);

    // Closing it with what was typed asks first: Escape, Keep editing, and all is still there.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard this booking?' });
    await ask.getByText('What you typed in the booking form is lost if you close it.').waitFor();
    await snap(page, 'discard-booking');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    // The browser's (a phone's) Back asks the same, and Back again keeps editing; the page stays.
    await page.goBack();
    await ask.waitFor();
    await page.goBack();
    await ask.waitFor({ state: 'detached' });
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    // The shell undoes the Back with a forward move, which lands a moment after the question goes.
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(pathOf(page), '/providerprofile');
    // With nothing typed, Back closes the form at once, and the next Back leaves the profile.
    await page.getByRole('button', { name: 'Assign Job' }).click();
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    await page.getByRole('button', { name: 'Assign Job' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Book a Driver' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the driver changes their price while the form is open: the customer is told the new one and books at it', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Priya', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Pavan', last_name: uniqueSurname() });
    const { c, p } = await openTwoParties(customer, provider);

    const dialog = await openBookingModal(c.page, provider);
    await dialog.getByText(`Booking ${provider.fullName} for $25`).waitFor();
    await dialog.getByText('Submit & Pay charges a booking payment of 10.00 INR to this card.').waitFor();
    await fillBooking(dialog);

    // Meanwhile, on the driver's own device, the price goes up.
    await p.page.goto('/editprofile');
    await p.page.getByLabel('Price').fill('32.5');
    await p.page.getByRole('button', { name: 'Save Changes' }).click();
    await p.page.waitForURL('**/profile');

    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog
      .getByRole('alert')
      .getByText("This driver's price has changed to $32.50. Submit & Pay again to book at the new price.")
      .waitFor();
    await dialog.getByText(`Booking ${provider.fullName} for $32.50`).waitFor();
    await snap(c.page, 'booking-price-changed');
    assert.equal((await jobsOf(customer.token)).length, 0);

    // Everything typed is still there: one more press books at the price now shown.
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await c.page.waitForURL('**/requestconfirmation');
    const [job] = await jobsOf(customer.token);
    assert.equal(job?.price, 32.5);
    await c.page.goto('/activebooking');
    await cardOf(c.page, 'Bookings', provider.fullName).getByText('$32.50', { exact: false }).waitFor();
    await c.context.close();
    await p.context.close();
  });

  it('after a declined card, Add another card comes back to the form as it was, with the new card chosen, and pays', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Dora', last_name: uniqueSurname() });
    const customer = await customerWithCards([DECLINED_CARD]);
    const { page, context, errors } = await openPage(browser(), PHONE);
    await signInDirectly(page, customer.account);
    const dialog = await openBookingModal(page, provider);
    await fillBooking(dialog);
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();

    await dialog.getByRole('link', { name: 'Add another card' }).click();
    await page.waitForURL('**/newpaymentmethod');
    // Cancel goes back to the form as it was, too (and leaves no card form behind it in the history).
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    // The focus is back where the customer left off.
    await waitForFocus(dialog.getByRole('link', { name: 'Add another card' }));
    await dialog.getByRole('link', { name: 'Add another card' }).click();
    await page.waitForURL('**/newpaymentmethod');
    await page.getByLabel('Card Name').fill('Cora');
    await page.getByLabel('Card Number').fill(GOOD_CARD);
    await page.getByLabel('Expiry Date').fill('12/34');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => url.pathname === '/providerprofile');
    const again = page.getByRole('dialog', { name: 'Booking Details' });
    assert.ok(await again.getByRole('radio', { name: /Visa •••• 4242/ }).isChecked());
    // Said beside the card, not in an alert left under the dialog's backdrop.
    await again.getByRole('status').filter({ hasText: 'Card added successfully' }).waitFor();
    await page.locator('.alert-area [role="alert"]').waitFor({ state: 'detached' });
    assert.equal(await again.getByRole('radio', { name: /Visa •••• 0002/ }).isChecked(), false);
    assert.equal(await again.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    assert.equal(await again.getByLabel('Select date').inputValue(), BOOKED_FOR.date);
    // The card added is the next thing to use: its CVV has the focus, and the keyboard goes on from there.
    await waitForFocus(again.getByLabel('CVV'));
    await snap(page, 'booking-back-from-card-form');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/requestconfirmation');
    assert.equal((await jobsOf(customer.token)).length, 1);
    // The card form went back to the profile's own entry: back there, Go Back leads to the drivers, not to the card form.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/drivebooking');
    await page.getByRole('heading', { name: 'Book a Driver' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a booking typed when the session ends is there again, filled in, once the customer signs in again', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Sami', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD]);
    const { page, context, errors } = await openPage(browser());
    const session = await signInDirectly(page, customer.account);
    const dialog = await openBookingModal(page, provider);
    await dialog.getByText('Visa •••• 4242').waitFor();
    await fillBooking(dialog);
    await page.waitForLoadState('networkidle');
    // The token expires (revoked with nothing said to the browser): Submit & Pay meets it.
    await expireSession(session.token, page);
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your session has expired. Please log in again.').first().waitFor();
    assert.deepEqual(await jobsOf(customer.token), []);

    await loginInPlace(page, customer.account, 'Customer');
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    // The provider's profile, behind the booking dialog that opens again at once (the dialog makes the
    // page inert, so the heading may already be out of the accessibility tree when this looks for it).
    await page.getByRole('heading', { name: provider.fullName, includeHidden: true }).waitFor({ state: 'attached' });
    const again = page.getByRole('dialog', { name: 'Booking Details' });
    await again.getByText('Visa •••• 4242').waitFor();
    assert.equal(await again.getByLabel('Select date').inputValue(), BOOKED_FOR.date);
    assert.equal(await again.getByLabel('Custom Time').inputValue(), 'after breakfast');
    assert.equal(await again.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    assert.equal(await again.getByLabel('Drop Address').inputValue(), '34 Drop Street');
    assert.equal(await again.getByLabel('CVV').inputValue(), '');
    await again.getByLabel('CVV').fill('123');
    await again.getByRole('button', { name: 'Submit & Pay' }).click();
    await page.waitForURL('**/requestconfirmation');
    const jobs = (await jobsOf(customer.token)) as unknown as { address: string }[];
    assert.deepEqual(
      jobs.map((job) => job.address),
      ['12 Pick Lane'],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a customer with no saved card adds one and comes back to the booking form as they left it', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Nico', last_name: uniqueSurname() });
    const customer = await customerWithCards([]);
    const { page, context, errors } = await openPage(browser());
    // Every move of the tab's history, with who made it, printed should this test fail: a Back here was
    // once seen moving forward again on CI (not reproduced locally).
    await page.addInitScript({ content: HISTORY_LOG_SCRIPT });
    try {
      await noSavedCardFlow(page, provider, customer, errors);
    } catch (error) {
      console.log(`history of the tab:\n${(await page.evaluate<string[]>('window.__historyLog')).join('\n')}`);
      throw error;
    }
    await context.close();
  });

  async function noSavedCardFlow(
    page: Page,
    provider: Awaited<ReturnType<typeof providerOffering>>,
    customer: Awaited<ReturnType<typeof customerWithCards>>,
    errors: string[],
  ) {
    await signInDirectly(page, customer.account);
    const dialog = await openBookingModal(page, provider);
    assert.equal(await dialog.getByRole('button', { name: 'Submit & Pay' }).count(), 0);
    await dialog.getByLabel('Custom Time').fill('after breakfast');
    await dialog.getByLabel('Pick Address').fill('12 Pick Lane');
    await dialog.getByLabel('Drop Address').fill('34 Drop Street');
    const prompt = page.getByRole('dialog', { name: 'Leave this page?' });

    // What was typed goes along: Add a card does not ask.
    await dialog.getByRole('link', { name: 'Add a card' }).click();
    await page.waitForURL('**/newpaymentmethod');
    assert.equal(await prompt.count(), 0);

    // The browser's Back from the card form brings the booking form back as it was, too.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    assert.equal(await dialog.getByLabel('Custom Time').inputValue(), 'after breakfast');
    await dialog.getByRole('link', { name: 'Add a card' }).click();
    await page.waitForURL('**/newpaymentmethod');

    // A half-typed card is not dropped unasked by the menu.
    await page.getByLabel('Card Name').fill('Nico');
    await page.getByLabel('Card Number').fill(GOOD_CARD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await prompt.getByRole('button', { name: 'Stay on this page' }).click();
    await prompt.waitFor({ state: 'detached' });
    assert.equal(pathOf(page), '/newpaymentmethod');
    assert.equal(await page.getByLabel('Card Number').inputValue(), GOOD_CARD);
    await page.getByLabel('Expiry Date').fill('12/34');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Save' }).click();

    // Back on the profile, the booking form is open again with what was typed, and the new card.
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    const again = page.getByRole('dialog', { name: 'Booking Details' });
    await again.getByText('Visa •••• 4242').waitFor();
    assert.equal(await again.getByLabel('Custom Time').inputValue(), 'after breakfast');
    assert.equal(await again.getByLabel('Pick Address').inputValue(), '12 Pick Lane');
    assert.equal(await again.getByLabel('Drop Address').inputValue(), '34 Drop Street');
    await snap(page, 'booking-resumed');
    await again.getByLabel('CVV').fill('123');
    await again.getByRole('button', { name: 'Submit & Pay' }).click();
    await page.waitForURL('**/requestconfirmation');
    // Back is pressed once the confirmation is on screen, as a person would: the URL changes before its screen is shown.
    await page.getByRole('heading', { level: 1, name: 'Request Confirmation' }).waitFor();
    const jobs = (await jobsOf(customer.token)) as unknown as { address: string; destination_address: string }[];
    assert.deepEqual(
      jobs.map((job) => [job.address, job.destination_address]),
      [['12 Pick Lane', '34 Drop Street']],
    );

    // Save went back to the entry the form was left in on the way to the card form (not to a new one
    // after the card form): the browser's Back reaches it without the form coming back once more, and
    // Go Back there leads to the drivers.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/providerprofile');
    await page.getByRole('heading', { name: provider.fullName }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await again.count(), 0);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/drivebooking');
    assert.deepEqual(errors, []);
  }

  it('Cancel on a half-typed card is the choice to drop it: it does not ask', async () => {
    const customer = await customerWithCards([]);
    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, customer.account);
    await page.goto('/newpaymentmethod');
    await page.getByLabel('Card Number').fill(GOOD_CARD);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/payment');
    assert.equal(await page.getByRole('dialog', { name: 'Leave this page?' }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('many bookings', () => {
  it('a booking finished behind 100 newer ones is first in Previous Bookings on both sides, and Load more reaches every one', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Vik', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD]);
    const oldest = await bookViaApi(customer, provider);
    const setStatus = async (id: number, status: string) =>
      assert.equal((await apiCall('PATCH', `/api/jobs/${id}`, { status }, provider.token)).status, 200);
    for (let i = 0; i < 104; i += 1) await setStatus(await bookViaApi(customer, provider), 'Rejected');
    await setStatus(oldest, 'Accepted');
    await setStatus(oldest, 'Completed');

    const { c, p } = await openTwoParties(customer, provider);
    for (const { page } of [c, p]) {
      await page.goto('/previousbooking');
      const cards = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
      await cards.first().waitFor();
      assert.match((await cards.first().innerText()).replace(/\s+/g, ' '), /Completed/);
      assert.equal(await cards.count(), 20);
      const more = page.getByRole('button', { name: 'Load more' });
      for (let shown = 20; shown < 105; shown = Math.min(105, shown + 20)) {
        await more.click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('[aria-label="Bookings"] > li').length === n,
          Math.min(105, shown + 20),
        );
      }
      assert.equal(await more.count(), 0);
      assert.equal(await cards.filter({ hasText: 'Completed' }).count(), 1);
    }
    await c.page.getByRole('link', { name: 'Rate this booking' }).waitFor();
    assert.equal(await c.page.getByRole('link', { name: 'Rate this booking' }).count(), 1);
    await snap(c.page, 'previous-bookings-load-more');
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});

describe('many open bookings', () => {
  it('a provider with more than 100 open requests finds every one in Job Requests and Active Bookings, the oldest too; the customer likewise', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Busy', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD]);
    const oldest = await bookViaApi(customer, provider);
    assert.equal((await apiCall('PATCH', `/api/jobs/${oldest}`, { status: 'Accepted' }, provider.token)).status, 200);
    for (let i = 0; i < 102; i += 1) await bookViaApi(customer, provider);

    const { c, p } = await openTwoParties(customer, provider);
    await p.page.goto('/jobrequest');
    const requests = p.page.getByRole('list', { name: 'Job requests' }).getByRole('listitem');
    await requests.first().waitFor();
    assert.equal(await requests.count(), 102);
    for (const { page } of [c, p]) {
      await page.goto('/activebooking');
      const cards = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 103);
      // The oldest, accepted before the 102 others were booked, is there to be finished.
      await cards.last().getByText('Accepted').waitFor();
    }
    await snap(p.page, 'active-bookings-past-100');
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});

describe('links opened in a new tab', () => {
  it('open the same booking, driver or service as a click does, on both sides (the ids are in the address)', async () => {
    const provider = await providerOffering('Shipping', 30, { first_name: 'Tab', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD]);
    await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);
    const inNewTab = async (page: Page, href: string | null) => {
      assert.ok(href, 'the link has an address');
      const tab = await newTab(page.context());
      await tab.goto(href);
      return tab;
    };

    await c.page.goto('/activebooking');
    const booking = cardOf(c.page, 'Bookings', provider.fullName).getByRole('link').first();
    const bookingTab = await inNewTab(c.page, await booking.getAttribute('href'));
    await bookingTab.getByRole('heading', { name: 'Booking Details' }).waitFor();
    await bookingTab.getByText(provider.fullName).first().waitFor();
    assert.equal(await bookingTab.getByText('No booking was chosen.', { exact: false }).count(), 0);

    await c.page.goto('/');
    const shipping = c.page.getByRole('link', { name: 'Shipping', exact: true });
    const serviceTab = await inNewTab(c.page, await shipping.getAttribute('href'));
    await serviceTab.getByText('For the Shipping service').waitFor();
    await serviceTab.getByRole('searchbox', { name: 'Search Providers' }).fill(provider.account.last_name);
    const driver = serviceTab
      .getByRole('list', { name: 'Suggested Drivers' })
      .getByRole('link', { name: new RegExp(provider.fullName) });
    const profileTab = await inNewTab(serviceTab, await driver.getAttribute('href'));
    await profileTab.getByRole('heading', { name: provider.fullName }).waitFor();
    await profileTab.getByText('$30', { exact: true }).first().waitFor();

    await p.page.goto('/jobrequest');
    const request = cardOf(p.page, 'Job requests', customer.fullName).getByRole('link', { name: 'View Details' });
    const requestTab = await inNewTab(p.page, await request.getAttribute('href'));
    await requestTab.getByRole('button', { name: 'Accept' }).waitFor();
    await requestTab.getByText(customer.fullName).first().waitFor();

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});

describe('a customer who loses the connection', () => {
  it('is told so, and once back online sees what the provider did meanwhile, with no reload', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Nina', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Omar', last_name: uniqueSurname() });
    await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);

    await c.page.goto('/activebooking');
    const booking = cardOf(c.page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor();
    await c.page.evaluate(() => Object.assign(window, { loadedBeforeOffline: true }));
    const connection = c.page.getByRole('status', { name: 'Connection' });

    // The customer's phone loses its connection (a tunnel).
    await c.context.setOffline(true);
    await connection
      .getByText('You are offline. What you see may be out of date, and changes cannot be sent until the connection is back.')
      .waitFor();
    await snap(c.page, 'offline');
    // On a wide window the bar is centred on the page beside the sidebar, where the reader's eyes are.
    const bar = await connection.boundingBox();
    const page = await c.page.getByRole('main').boundingBox();
    assert.ok(bar && page);
    assert.ok(Math.abs(bar.x + bar.width / 2 - (page.x + page.width / 2)) <= 1, 'the bar is centred on the page');

    // Meanwhile the provider accepts.
    await p.page.goto('/jobrequest');
    await cardOf(p.page, 'Job requests', customer.fullName).getByRole('link', { name: 'View Details' }).click();
    await p.page.getByRole('button', { name: 'Accept' }).click();
    await p.page.getByRole('button', { name: 'Accept & Inform User' }).click();
    await p.page.waitForURL('**/activebooking');

    // Back online: said so, and the card catches up by itself.
    await c.context.setOffline(false);
    await connection.getByText('Back online.').waitFor();
    await booking.getByText('Accepted', { exact: true }).waitFor();
    assert.equal(await c.page.evaluate(() => 'loadedBeforeOffline' in window), true, 'the page was not reloaded');
    await connection.getByText('Back online.').waitFor({ state: 'detached' });
    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});

describe("each role on the other's screens (a shared link, a bookmark)", () => {
  it('a provider is told the customer screens are not theirs and led on; a customer likewise on the provider screens', async () => {
    const provider = await providerOffering('Driver', 25, { first_name: 'Olga', last_name: uniqueSurname() });
    const customer = await customerWithCards([GOOD_CARD], { first_name: 'Oscar', last_name: uniqueSurname() });
    const jobId = await bookViaApi(customer, provider);
    const { c, p } = await openTwoParties(customer, provider);

    await p.page.goto('/requestconfirmation');
    await p.page.getByText('Only customers make booking requests.').waitFor();
    assert.equal(await p.page.getByText('Wait for the Driver to Confirm your Request.').count(), 0);
    await snap(p.page, 'provider-on-request-confirmation');
    await p.page.getByRole('link', { name: 'Go to Job Requests' }).click();
    await cardOf(p.page, 'Job requests', customer.fullName).waitFor();

    await p.page.goto(`/bookingfinished?job=${jobId}`);
    await p.page.getByText('Only the customer of a booking can rate it.').waitFor();
    assert.equal(await p.page.getByRole('button', { name: 'Submit' }).count(), 0);
    await snap(p.page, 'provider-on-rate-booking');
    await p.page.getByRole('link', { name: 'Open Job Details' }).click();
    await p.page.getByRole('heading', { name: 'Job Details' }).waitFor();
    await p.page.getByText(customer.fullName).first().waitFor();

    await c.page.goto('/ridefinished');
    await c.page.getByText('Only the provider of a booking can answer or finish it.').waitFor();
    assert.equal(await c.page.getByText('Congratulations! Ride has been Finished.').count(), 0);
    await c.page.getByRole('link', { name: 'Go to Active Bookings' }).click();
    await cardOf(c.page, 'Bookings', provider.fullName).waitFor();

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });
});

/**
 * What does not fit on the page as it is laid out now: the page wider than the window, and each piece of
 * `texts` (a service name, a price) that runs out of the card, stat box or dialog around it.
 */
async function overflowOn(page: Page, texts: string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide on a ${width} px window`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!wanted.some((w) => text.includes(w))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue; // not laid out (an <option> of a closed select)
      const box =
        node.parentElement?.closest('.ui-card, .cust-stat, .cust-card-choice, [role="dialog"], li, article') ??
        document.documentElement;
      const frame = box.getBoundingClientRect();
      if (rect.left < frame.left - 1 || rect.right > frame.right + 1)
        problems.push(
          `"${text.trim().slice(0, 30)}…" runs out of its ${box.tagName.toLowerCase()}.${String(box.className).replace(/\s+/g, '.')} ` +
            `(${Math.round(rect.left)}–${Math.round(rect.right)} px in ${Math.round(frame.left)}–${Math.round(frame.right)} px)`,
        );
    }
    return problems;
  }, texts);
}

/**
 * Each word of `texts` (where the page shows them) that is broken across two lines: a name read as
 * 'Bartholomeww' and 'www', or a price as '$1250.' and '50', on a phone. The words of a 15-character
 * name and the highest price fit every screen's column.
 */
async function splitWordsOn(page: Page, texts: string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!wanted.some((w) => text.includes(w))) continue;
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1)
          problems.push(`"${match[0]}" is split over ${lines.size} lines in ${node.parentElement?.tagName.toLowerCase()}`);
      }
    }
    return problems;
  }, texts);
}

/** Opens a route with navigation state (as the app's own links pass it) and waits for its h1. */
async function openWithState(page: Page, path: string, state?: Record<string, unknown>) {
  await page.goto(path);
  if (state) {
    await page.evaluate(({ to, usr }) => window.history.replaceState({ usr, key: 'fit', idx: 0 }, '', to), {
      to: path,
      usr: state,
    });
    await page.reload();
  }
  await page.locator('h1').first().waitFor();
}

describe('a long service name, a big price and a long name fit every screen that shows them', () => {
  // 61 characters without a space: the catalogue has no length limit.
  const LONG_NAME = 'Refrigeratedpharmaceuticalandlaboratorysamplecourierovernight';
  const PRICE = '$999999.99';
  // The booking form's choice of saved cards: each row's number, expiry and Default tag stay in the row.
  const CARD_TEXTS = ['•••• 4444', 'Expires 12/34', 'Default'];
  let serviceId: number;
  let customer: Party & { cardIds: number[] };
  let provider: Party & { serviceId: number };
  let acceptedJob: number;
  let pendingJob: number;

  before(async () => {
    assert.equal(LONG_NAME.length, 61);
    serviceId = addCatalogueService(LONG_NAME, 'Cold-chain deliveries between clinics and laboratories, overnight.');
    // The edit form's highest price short of its limit (1,000,000), on the long-named service and on Driver,
    // so that chat's Assign Job offers a choice of service.
    // And the longest name signing up allows (15 characters each), in one word each.
    provider = await providerOffering(LONG_NAME, 999999.99, {
      first_name: 'Bartholomewwwww',
      last_name: `Wolfesch${randomUUID().slice(0, 7)}`,
    });
    const driverId = await serviceIdByName(provider.token, 'Driver');
    const driver = await apiCall('POST', '/api/user-services', { service_id: driverId }, provider.token);
    assert.ok(driver.status < 300, JSON.stringify(driver.body));
    customer = await customerWithCards([GOOD_CARD, MASTERCARD], { first_name: 'Cy', last_name: uniqueSurname() });
    acceptedJob = await bookViaApi(customer, provider);
    const accepted = await apiCall('PATCH', `/api/jobs/${acceptedJob}`, { status: 'Accepted' }, provider.token);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    pendingJob = await bookViaApi(customer, provider);
  });
  after(() => {
    if (serviceId) removeCatalogueService(serviceId);
  });

  const VIEWPORTS = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];

  /** Home and All Services, as both roles see them. */
  const servicesScreens: { name: string; open: (page: Page) => Promise<void> }[] = [
    {
      name: 'home',
      open: async (page) => {
        await openWithState(page, '/');
        await page.getByRole('list', { name: 'Services' }).getByText(LONG_NAME).waitFor();
      },
    },
    {
      name: 'all-services',
      open: async (page) => {
        await openWithState(page, '/service');
        await page.getByRole('article', { name: LONG_NAME }).waitFor();
      },
    },
  ];

  /** Each screen that shows the name or the price, as each role reaches it; `ready` waits for what it checks. */
  const screens: Record<Role, { name: string; open: (page: Page) => Promise<void> }[]> = {
    Customer: [
      ...servicesScreens,
      {
        name: 'book-a-driver',
        open: async (page) => {
          await openWithState(page, '/drivebooking', { serviceId });
          await page.getByText(provider.fullName).first().waitFor();
        },
      },
      {
        // What was typed is quoted back: a long word wraps inside the screen.
        name: 'book-a-driver-no-match',
        open: async (page) => {
          await openWithState(page, '/drivebooking', { serviceId });
          await page.getByText(provider.fullName).first().waitFor();
          await page.getByRole('searchbox', { name: 'Search Providers' }).fill('W'.repeat(300));
          await page.getByText(`No providers match “${'W'.repeat(300)}”.`).waitFor();
        },
      },
      {
        name: 'provider-profile',
        open: async (page) => {
          await openWithState(page, '/providerprofile', { serviceId, providerId: provider.id });
          await page.getByText(PRICE, { exact: true }).first().waitFor();
        },
      },
      {
        name: 'booking-modal',
        open: async (page) => {
          await openWithState(page, '/providerprofile', { serviceId, providerId: provider.id });
          await page.getByRole('button', { name: 'Assign Job' }).click();
          await page.getByRole('dialog', { name: 'Booking Details' }).getByLabel('Pick Address').waitFor();
          await page.getByRole('dialog', { name: 'Booking Details' }).getByText('•••• 4444').waitFor();
        },
      },
      {
        name: 'active-bookings',
        open: async (page) => {
          await openWithState(page, '/activebooking');
          await page.getByText(LONG_NAME).first().waitFor();
        },
      },
      {
        name: 'booking-details',
        open: async (page) => {
          await openWithState(page, '/activebookingdetails', { jobId: acceptedJob });
          await page.getByText(LONG_NAME).first().waitFor();
        },
      },
      {
        name: 'chat-assign-job',
        open: async (page) => {
          await openWithState(page, `/chatview/${provider.id}`);
          await page.getByRole('button', { name: 'Assign Job' }).click();
          const dialog = page.getByRole('dialog', { name: 'Booking Details' });
          await dialog.getByLabel('Service').waitFor();
          await dialog.getByLabel('Pick Address').waitFor();
          await dialog.getByText('•••• 4444').waitFor();
        },
      },
    ],
    Provider: [
      ...servicesScreens,
      {
        name: 'job-requests',
        open: async (page) => {
          await openWithState(page, '/jobrequest');
          await page.getByText(LONG_NAME).first().waitFor();
        },
      },
      {
        name: 'job-request-details',
        open: async (page) => {
          await openWithState(page, '/jobrequestdetails', { jobId: pendingJob });
          await page.getByText(LONG_NAME).first().waitFor();
          // Seen in the order the keyboard reaches them: Reject, then Accept (beside it, or under it on a phone).
          const reject = (await page.getByRole('link', { name: 'Reject' }).boundingBox())!;
          const accept = (await page.getByRole('button', { name: 'Accept' }).boundingBox())!;
          assert.ok(
            accept.y >= reject.y + reject.height || (accept.x >= reject.x + reject.width && accept.y < reject.y + reject.height),
            `Accept ${JSON.stringify(accept)} is not after Reject ${JSON.stringify(reject)}`,
          );
        },
      },
      {
        name: 'job-details',
        open: async (page) => {
          await openWithState(page, '/provideractivebookingdetails', { jobId: acceptedJob });
          await page.getByText(LONG_NAME).first().waitFor();
        },
      },
    ],
  };

  for (const role of ['Customer', 'Provider'] as const)
    for (const viewport of VIEWPORTS)
      it(`as a ${role} at ${viewport.width}×${viewport.height}: no screen is wider than the window, no name or price runs out of its box`, async () => {
        const { context, page } = await openPage(browser(), viewport);
        await signInDirectly(page, (role === 'Customer' ? customer : provider).account);
        const problems: string[] = [];
        for (const screen of screens[role]) {
          await screen.open(page);
          await page.waitForTimeout(300); // the last render's layout
          problems.push(...(await overflowOn(page, [LONG_NAME, PRICE, ...CARD_TEXTS])).map((p) => `${screen.name}: ${p}`));
          problems.push(...(await splitWordsOn(page, [provider.fullName, PRICE])).map((p) => `${screen.name}: ${p}`));
          const dir = process.env.E2E_SCREENSHOTS;
          if (dir)
            await page.screenshot({
              path: `${dir}/fit-${role.toLowerCase()}-${screen.name}-${viewport.width}.png`,
              fullPage: true,
            });
        }
        assert.deepEqual(problems, [], `as a ${role} at ${viewport.width} px`);
        await context.close();
      });
});
