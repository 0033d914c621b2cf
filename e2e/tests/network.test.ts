// The app on a slow and a failing network: the API answers late, a gateway answers for it, or nothing
// answers at all. What a user sees while waiting and after a failure, and that nothing is done twice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { apiCall, openPage, signInDirectly, snap, useBrowser } from '../support/app.ts';
import { bookViaApi, cardOf, customerWithCards, GOOD_CARD, jobsOf, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

const PAUSED = 'Live updates are paused while the app reconnects. What you see may be out of date; what you do is still sent.';

/** The control pressed went with what it answered: the focus is in the page's main region, not on the document. */
async function focusStaysInTheMainRegion(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main-content');
    return document.activeElement !== document.body && main !== null && main.contains(document.activeElement);
  });
}

/**
 * The answer to the first matching call is lost: the API did the work, and a gateway answers `status`
 * instead, or (`'none'`) the connection drops before any answer.
 */
async function loseFirstAnswer(page: Page, url: string, method: string, status: number | 'none') {
  let lost = false;
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method || lost) return route.fallback();
    lost = true;
    await route.fetch();
    if (status === 'none') await route.abort('connectionreset');
    else await route.fulfill({ status, contentType: 'text/html', body: '<h1>503 Service Unavailable</h1>' });
  });
}

/** A customer with a card on a driver's profile, the booking form open and filled in, not yet sent. */
async function bookingFormFilledIn() {
  const provider = await providerOffering('Driver', 25);
  const customer = await customerWithCards([GOOD_CARD]);
  const { page, context } = await openPage(browser());
  await signInDirectly(page, customer.account);
  await page.goto(`/providerprofile?service=${provider.serviceId}&provider=${provider.id}`);
  await page.getByRole('button', { name: 'Assign Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.getByLabel('Pick Address').fill('1 Pick Street');
  await dialog.getByLabel('Drop Address').fill('2 Drop Road');
  await dialog.getByLabel('CVV').fill('123');
  return { provider, customer, page, context, dialog };
}

describe('on a failing network', () => {
  it('Submit & Pay answered 503 by a gateway after the API booked: pressing it again books and charges once', async () => {
    const { customer, page, context, dialog } = await bookingFormFilledIn();
    await loseFirstAnswer(page, '**/api/jobs', 'POST', 503);
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.getByRole('alert').filter({ hasText: '503' }).waitFor();
    // What was typed is still there, and Submit & Pay can be pressed again.
    assert.equal(await dialog.getByLabel('Pick Address').inputValue(), '1 Pick Street');
    // Pressed again on a slow network: the button shows it is working until the answer comes.
    await page.route('**/api/jobs', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.fallback();
    });
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.locator('button[aria-busy="true"]', { hasText: 'Submit & Pay' }).waitFor();
    await snap(page, 'network-submit-pay-busy');
    await page.waitForURL((url) => url.pathname === '/requestconfirmation');
    assert.equal((await jobsOf(customer.token)).length, 1);
    const charges = await apiCall<{ data: unknown[] }>('GET', '/api/payments', undefined, customer.token);
    assert.equal(charges.body.data.length, 1);
    await context.close();
  });

  it('Submit & Pay whose answer never came, the form closed and filled in again with another drop address: nothing more is booked or charged, and the customer is told the first went through', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    const { page, context } = await openPage(browser());
    await signInDirectly(page, customer.account);
    await page.goto(`/providerprofile?service=${provider.serviceId}&provider=${provider.id}`);
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    const fillIn = async (drop: string) => {
      await page.getByRole('button', { name: 'Assign Job' }).click();
      await dialog.getByLabel('Pick Address').fill('1 Pick Street');
      await dialog.getByLabel('Drop Address').fill(drop);
      await dialog.getByLabel('CVV').fill('123');
      await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    };
    await loseFirstAnswer(page, '**/api/jobs', 'POST', 'none');
    await fillIn('2 Drop Road');
    await dialog.getByRole('alert').waitFor();
    // Given up on, and started again: the customer does not know that the first went through.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Discard this booking?' }).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fillIn('9 Other Road');
    await dialog
      .getByRole('alert')
      .filter({
        hasText:
          'Your earlier Submit & Pay went through with the details sent then. See it in Active Bookings before booking again.',
      })
      .waitFor();
    await snap(page, 'network-booking-went-through');
    const jobs = await apiCall<{ data: { destination_address: string }[] }>('GET', '/api/jobs', undefined, customer.token);
    assert.deepEqual(
      jobs.body.data.map((job) => job.destination_address),
      ['2 Drop Road'],
    );
    const charges = await apiCall<{ data: unknown[] }>('GET', '/api/payments', undefined, customer.token);
    assert.equal(charges.body.data.length, 1);
    // The way to it, from the form.
    await dialog.getByRole('link', { name: 'Active Bookings' }).click();
    await page.waitForURL((url) => url.pathname === '/activebooking');
    await page.getByRole('main').getByRole('list', { name: 'Bookings' }).getByText(provider.fullName).waitFor();
    await context.close();
  });

  it('Submit & Pay on its way: a reload is asked first; reloaded anyway, the profile says it may have gone through and leads to the one booking made', async () => {
    const { provider, customer, page, context, dialog } = await bookingFormFilledIn();
    // The API books at once; its answer is on a slow network and never arrives before the reload.
    await page.route('**/api/jobs', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    });
    await dialog.getByRole('button', { name: 'Submit & Pay' }).click();
    await dialog.locator('button[aria-busy="true"]', { hasText: 'Submit & Pay' }).waitFor();
    // The booking is made on the server while its answer is still on the way.
    for (const deadline = Date.now() + 10_000; (await jobsOf(customer.token)).length === 0 && Date.now() < deadline;) {
      await page.waitForTimeout(100);
    }
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.type());
      void question.accept();
    });
    await page.reload();
    assert.deepEqual(asked, ['beforeunload'], 'the browser asked before the reload');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByText('Your last Submit & Pay for this driver got no answer, so it may have gone through.').waitFor();
    await snap(page, 'network-reload-during-submit-pay');
    await page.getByRole('link', { name: 'Check Active Bookings before booking again' }).click();
    await page.waitForURL((url) => url.pathname === '/activebooking');
    await page.getByRole('main').getByRole('list', { name: 'Bookings' }).getByText(provider.fullName).waitFor();
    assert.equal((await jobsOf(customer.token)).length, 1);
    const charges = await apiCall<{ data: unknown[] }>('GET', '/api/payments', undefined, customer.token);
    assert.equal(charges.body.data.length, 1);
    await context.close();
  });

  it('a list whose answer never comes says so after the time limit, with Retry, instead of loading for ever; Retry leaves the focus on the page', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    await bookViaApi(customer, provider);
    const { page, context } = await openPage(browser());
    await page.clock.install();
    // No realtime channel: the list read again on subscribing would bring the bookings back by itself
    // (as it should once the server answers), and this test is about the time limit and Retry.
    await page.routeWebSocket(/\/app\//, () => undefined);
    await signInDirectly(page, customer.account);
    let hang = true;
    await page.route('**/api/jobs?*', async (route) => {
      if (hang) return; // taken, never answered
      await route.fallback();
    });
    const asked = page.waitForRequest('**/api/jobs?*');
    await page.goto('/activebooking');
    await page.getByText('Loading your bookings…').waitFor();
    // The time limit starts when the request is made: after it, or fast-forwarding would pass it by.
    await asked;
    await page.clock.fastForward(31_000);
    await page.getByText('Your bookings could not be loaded.').waitFor();
    await page.getByText('The server did not answer in time. Check your connection and retry.').first().waitFor();
    await snap(page, 'network-list-timed-out');
    hang = false;
    // Pressed from the keyboard: the button goes with the failure, and the focus stays on the page.
    await page.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByRole('list', { name: 'Bookings' }).getByText(provider.fullName).waitFor();
    await focusStaysInTheMainRegion(page);
    await context.close();
  });

  it('Chat opened again offline shows the chats and messages seen a moment ago, said not refreshed; back online, what came meanwhile joins them', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    await bookViaApi(customer, provider);
    const say = (message: string, token: string) =>
      apiCall('POST', '/api/chats', { customer_id: customer.id, provider_id: provider.id, message_type: 'text', message }, token);
    assert.equal((await say('Hello there', customer.token)).status, 201);
    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, customer.account);
    await page.goto(`/chatview/${provider.id}`);
    const log = page.getByRole('log', { name: `Messages with ${provider.fullName}` });
    await log.getByText('Hello there').waitFor();
    const menu = page.getByRole('navigation');
    await menu.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await context.setOffline(true);
    await menu.getByRole('link', { name: /^Chat/ }).click();
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts.getByText('Your chats could not be refreshed.').waitFor();
    await contacts.getByRole('link', { name: new RegExp(`^${provider.fullName}`) }).click();
    await log.getByText('Hello there').waitFor();
    await page
      .getByText('New messages could not be fetched: The server cannot be reached. Check your connection and retry.')
      .waitFor();
    await snap(page, 'network-chat-reopened-offline');
    assert.equal(await page.getByText('Your chats could not be loaded.').count(), 0);

    assert.equal((await say('Back in ten minutes', provider.token)).status, 201);
    await context.setOffline(false);
    await log.getByText('Back in ten minutes').waitFor({ timeout: 20_000 });
    await contacts.getByText('Back in ten minutes').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a screen whose code could not be downloaded offline loads by itself once the connection is back, with no reload', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    await bookViaApi(customer, provider);
    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, customer.account);
    await page.goto('/activebooking');
    const booking = cardOf(page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor();
    await page.evaluate(() => Object.assign(window, { loadedBeforeOffline: true }));
    // A tunnel: the booking's details screen, not downloaded yet, cannot be.
    await context.setOffline(true);
    await booking.getByRole('link').first().click();
    await page.getByText('This part of the app is unavailable right now.').waitFor();
    await context.setOffline(false);
    await page.getByRole('main').getByText('2 Drop Road').waitFor();
    assert.equal(await page.evaluate(() => 'loadedBeforeOffline' in window), true, 'the page was not reloaded');
    await page.getByRole('main').getByText('Waiting for Approval').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a screen that failed while only the API was down loads by itself once the API answers again, with no Retry pressed', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    await bookViaApi(customer, provider);
    const { page, context } = await openPage(browser());
    await signInDirectly(page, customer.account);
    await page.goto('/');
    await page.getByRole('main').getByText(provider.fullName).first().waitFor();
    // The API stops answering (restarting, its gateway failing); the realtime server stays up.
    let apiDown = true;
    await page.route('**/api/**', (route) => (apiDown ? route.abort('connectionrefused') : route.fallback()));
    await page.getByRole('navigation').getByRole('link', { name: 'Active Bookings' }).click();
    await page.getByText('Your bookings could not be loaded.').waitFor();
    await snap(page, 'network-api-down-list-failed');
    apiDown = false;
    const booking = cardOf(page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByText('Your bookings could not be loaded.').count(), 0);
    await context.close();
  });

  it('a route failing alone while the API answers is not read again and again: its screen waits for Retry', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    await bookViaApi(customer, provider);
    const { page, context } = await openPage(browser());
    // No realtime channel: its subscription reads the list again, rightly, and this test counts reads.
    await page.routeWebSocket(/\/app\//, () => undefined);
    await signInDirectly(page, customer.account);
    let listReads = 0;
    await page.route('**/api/jobs?*', (route) => {
      listReads += 1;
      return route.abort('connectionreset');
    });
    await page.goto('/activebooking');
    await page.getByText('Your bookings could not be loaded.').waitFor();
    const readsAtFailure = listReads;
    await page.waitForTimeout(6_000);
    assert.equal(listReads, readsAtFailure, 'the failing list was read again without Retry');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await context.close();
  });

  it("a screen's Retry pressed from the keyboard leaves the focus on the page once the screen loads", async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    const jobId = await bookViaApi(customer, provider);
    const { page, context } = await openPage(browser());
    // No realtime channel: the booking read again on subscribing would bring it by itself, before Retry.
    await page.routeWebSocket(/\/app\//, () => undefined);
    await signInDirectly(page, customer.account);
    let failed = false;
    await page.route(`**/api/jobs/${jobId}`, async (route) => {
      if (failed) return route.fallback();
      failed = true;
      await route.abort('connectionreset');
    });
    await page.goto(`/activebookingdetails?job=${jobId}`);
    await page.getByText('The booking could not be loaded.').waitFor();
    await page.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByText('2 Drop Road').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'main-content');
    await context.close();
  });

  it('Finish Job whose answer never came though the API finished the job: the provider goes on to Ride Finished, with no error left on screen', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    const jobId = await bookViaApi(customer, provider);
    assert.equal((await apiCall('PATCH', `/api/jobs/${jobId}`, { status: 'Accepted' }, provider.token)).status, 200);
    const { page, context } = await openPage(browser());
    await signInDirectly(page, provider.account);
    await page.goto(`/provideractivebookingdetails?job=${jobId}`);
    await loseFirstAnswer(page, `**/api/jobs/${jobId}`, 'PATCH', 'none');
    await page.getByRole('button', { name: 'Finish Job' }).click();
    await page.getByText('Congratulations! Ride has been Finished.').waitFor();
    assert.equal(await page.getByText('The server cannot be reached', { exact: false }).count(), 0);
    assert.deepEqual(
      (await jobsOf(provider.token)).map((job) => job.status),
      ['Completed'],
    );
    await context.close();
  });

  it('live updates cut off while the API answers (a network that blocks WebSockets): one steady word, not "offline", and the list catches up once they are back', async () => {
    const provider = await providerOffering('Driver', 25);
    const customer = await customerWithCards([GOOD_CARD]);
    const jobId = await bookViaApi(customer, provider);
    const { page, context } = await openPage(browser());
    let socketsBlocked = true;
    await context.routeWebSocket(/:6101\//, (ws) => (socketsBlocked ? ws.close() : ws.connectToServer()));
    await signInDirectly(page, customer.account);
    await page.goto('/activebooking');
    const booking = cardOf(page, 'Bookings', provider.fullName);
    await booking.getByText('Waiting for Approval').waitFor();
    const connection = page.getByRole('status', { name: 'Connection' });
    await connection.getByText(PAUSED).waitFor({ timeout: 30_000 });
    // Every word the bar says from now on is recorded: it must not flip to "offline" and "Back online." as the
    // connection tries again and gives up again.
    await connection.evaluate((element) => {
      const said: string[] = [];
      new MutationObserver(() => said.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      Object.assign(window, { saidWhilePaused: said });
    });
    await snap(page, 'network-live-updates-paused');
    await page.waitForTimeout(15_000);
    const said = await page.evaluate(() => (window as unknown as { saidWhilePaused: string[] }).saidWhilePaused);
    assert.deepEqual(
      said.filter((text) => text !== PAUSED),
      [],
    );
    assert.equal(await connection.textContent(), PAUSED);

    // The provider accepts meanwhile; once the sockets may connect again, the customer's card catches up.
    assert.equal((await apiCall('PATCH', `/api/jobs/${jobId}`, { status: 'Accepted' }, provider.token)).status, 200);
    socketsBlocked = false;
    await booking.getByText('Accepted', { exact: true }).waitFor({ timeout: 30_000 });
    await connection.getByText(PAUSED).waitFor({ state: 'detached' });
    assert.equal(await connection.getByText('Back online.').count(), 0);
    await context.close();
  });
});
