// Live location end to end (issue 10): a provider's browser shares its position (geolocation granted in
// its context) through the firebase SDK; the customer of the accepted booking follows it on /viewonmap
// and sees it move without a reload; writes stop at logout; a provider who blocks location is told.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, collectErrors, DESKTOP, openPage, signInDirectly, snap, useBrowser, newTab } from '../support/app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering } from '../support/bookings.ts';

const browser = useBrowser();

const BANGALORE = { latitude: 12.9716, longitude: 77.5946 };
const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const MOVED = { latitude: 12.98, longitude: 77.6 };
const FAR_AWAY = { latitude: 13.05, longitude: 77.7 };

async function pageWith(b: Browser, options: { geolocation?: { latitude: number; longitude: number }; grant: boolean }) {
  return openPage(b, DESKTOP, {
    ...(options.geolocation ? { geolocation: options.geolocation } : {}),
    permissions: options.grant ? ['geolocation'] : [],
  });
}

const fact = (page: Page, id: string) => page.getByRole('definition').and(page.getByTestId(id));

async function waitForFact(page: Page, id: string, text: string, timeout: number) {
  await page.getByTestId(id).filter({ hasText: text }).waitFor({ timeout });
}

const sharing = (page: Page) => page.getByRole('status', { name: 'Location sharing' });

/**
 * The provider's browser on Home, sharing, and then the job opened in a second tab of it (from an e-mail):
 * that tab shares, the first says another tab does. Answers the second tab and its page errors.
 */
async function jobOpenInSecondTab(provider: { page: Page; context: BrowserContext }, jobId: number) {
  await provider.page.goto('/');
  // Home's own start takes the sharing first: opened later, the second tab takes it from Home, not the other way.
  await sharing(provider.page)
    .filter({ hasText: /^Sharing location$/ })
    .waitFor();
  const tab = await newTab(provider.context);
  const errors = collectErrors(tab);
  await tab.goto(`/provideractivebookingdetails?job=${jobId}`);
  await sharing(tab)
    .filter({ hasText: /^Sharing location$/ })
    .waitFor();
  await sharing(provider.page).filter({ hasText: 'Sharing location (another tab)' }).waitFor();
  return { tab, errors };
}

/** Each browser met no page error; then they are closed. */
async function closeWithoutErrors(...browsers: { errors: string[]; context: BrowserContext }[]) {
  for (const { errors } of browsers) assert.deepEqual(errors, []);
  for (const { context } of browsers) await context.close();
}

/** The provider opens the app on their laptop, at home (far away): it shares. */
async function laptopOpenedAtHome(account: Parameters<typeof signInDirectly>[1]) {
  const laptop = await pageWith(browser(), { geolocation: FAR_AWAY, grant: true });
  await signInDirectly(laptop.page, account);
  await laptop.page.goto('/');
  await sharing(laptop.page)
    .filter({ hasText: /^Sharing location$/ })
    .waitFor();
  return laptop;
}

/**
 * An accepted booking, and its provider (in Bangalore) and customer (in Koramangala) signed in, each in a
 * browser of their own with location allowed.
 */
async function acceptedBookingInTwoBrowsers() {
  const provider = await providerOffering('Driver', 25, { first_name: 'Lena', last_name: `Loc${randomUUID().slice(0, 6)}` });
  const customer = await customerWithCards([GOOD_CARD], { first_name: 'Omar', last_name: `Loc${randomUUID().slice(0, 6)}` });
  const jobId = await bookViaApi(customer, provider);
  assert.equal((await apiCall('PATCH', `/api/jobs/${jobId}`, { status: 'Accepted' }, provider.token)).status, 200);

  const p = await pageWith(browser(), { geolocation: BANGALORE, grant: true });
  const c = await pageWith(browser(), { geolocation: KORAMANGALA, grant: true });
  // Both browsers once lost the location server (it was down): the SDK then remembers the failed
  // socket and tries long-polling first, which the embedded server does not speak. They still share and follow.
  for (const side of [p, c]) {
    await side.context.addInitScript(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
  }
  await signInDirectly(p.page, provider.account);
  await signInDirectly(c.page, customer.account);
  return { provider, customer, jobId, p, c };
}

describe('the customer follows the provider of an accepted booking', () => {
  it('shows the provider moving live, and nothing more once the provider logs out', async () => {
    const { provider, p, c } = await acceptedBookingInTwoBrowsers();

    // The provider is signed in on any screen: sharing is on.
    await p.page.goto('/');
    await p.page.getByRole('status', { name: 'Location sharing' }).filter({ hasText: 'Sharing location' }).waitFor();

    // The customer opens View on Map from the booking's details.
    await c.page.goto('/activebooking');
    await c.page
      .getByRole('list', { name: 'Bookings' })
      .getByRole('listitem')
      .filter({ hasText: provider.fullName })
      .getByRole('link')
      .first()
      .click();
    await c.page.getByRole('button', { name: 'View on Map' }).click();
    await c.page.waitForURL((url) => url.pathname === '/viewonmap');
    await c.page.getByRole('heading', { name: 'View on Map' }).waitFor();
    // The first positions wait on the location backend's SDK loading and connecting (not a move).
    await waitForFact(c.page, 'provider-position', '12.9716, 77.5946', 15_000);
    await waitForFact(c.page, 'customer-position', '12.9352, 77.6245', 15_000);
    assert.match((await fact(c.page, 'distance').textContent()) ?? '', /^\d+\.\d km$/);
    await c.page.getByRole('button', { name: 'Go Back' }).waitFor();
    await c.page.getByRole('button', { name: 'Chat' }).waitFor();
    await snap(c.page, 'map');
    // The map's label lies under the drawing, never over a pin near its edge.
    const map = c.page.getByTestId('offline-map');
    const drawing = await map.locator('svg').boundingBox();
    const label = await map.getByText(/^Offline map · zoom \d+$/).boundingBox();
    assert.ok(
      drawing && label && label.y >= drawing.y + drawing.height,
      `the map's label covers the map: ${JSON.stringify({ drawing, label })}`,
    );

    // The provider's device moves: the customer's screen follows within 2 seconds, with no reload.
    await p.context.setGeolocation(MOVED);
    await waitForFact(c.page, 'provider-position', '12.9800, 77.6000', 2_500);

    // The provider logs out: the customer is told at once that this is the last shared position, and no more writes.
    await c.page
      .getByRole('status', { name: 'Map status' })
      .filter({ hasText: `Following ${provider.fullName} live.` })
      .waitFor();
    await p.page.getByRole('button', { name: 'Logout' }).click();
    await p.page.waitForURL('**/login');
    await c.page
      .getByRole('status', { name: 'Map status' })
      .filter({ hasText: `Showing ${provider.fullName}'s last shared position.` })
      .waitFor({ timeout: 5_000 });
    await p.context.setGeolocation(FAR_AWAY);
    await c.page.waitForTimeout(3_000);
    assert.equal(await c.page.getByTestId('provider-position').textContent(), '12.9800, 77.6000');

    assert.deepEqual(c.errors, []);
    assert.deepEqual(p.errors, []);
    await c.context.close();
    await p.context.close();
  });

  it('a provider who blocks location is told customers cannot follow, and how to turn it on', async () => {
    const provider = await providerOffering('Driver', 25);
    const p = await pageWith(browser(), { grant: false });
    await signInDirectly(p.page, provider.account);
    await p.page.goto('/');
    const notice = p.page.getByRole('region', { name: 'Location notice' }).or(p.page.getByLabel('Location notice'));
    await notice.filter({ hasText: 'customers cannot follow you' }).waitFor();
    await p.page.getByRole('status', { name: 'Location sharing' }).filter({ hasText: 'Location off' }).waitFor();
    await p.page.getByRole('heading', { name: 'Home' }).waitFor();
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('a tab the provider opens takes the sharing over from the one left behind, which takes it back when that tab closes', async () => {
    const { jobId, p, c } = await acceptedBookingInTwoBrowsers();
    // The provider opens a job from an e-mail in a new tab: that tab shares, the first says another tab does.
    const { tab: second, errors: secondErrors } = await jobOpenInSecondTab(p, jobId);

    // The customer follows what the new tab writes.
    await c.page.goto(`/viewonmap?job=${jobId}`);
    await waitForFact(c.page, 'provider-position', '12.9716, 77.5946', 15_000);
    await p.context.setGeolocation(MOVED);
    await waitForFact(c.page, 'provider-position', '12.9800, 77.6000', 5_000);

    // That tab is closed: the first one shares again, and the customer still follows.
    await second.close();
    await sharing(p.page)
      .filter({ hasText: /^Sharing location$/ })
      .waitFor();
    // (The first tab connects anew; its write may wait out the 2 s write throttle.)
    await p.context.setGeolocation(FAR_AWAY);
    await waitForFact(c.page, 'provider-position', '13.0500, 77.7000', 10_000);

    assert.deepEqual(secondErrors, []);
    assert.deepEqual(p.errors, []);
    assert.deepEqual(c.errors, []);
    await c.context.close();
    await p.context.close();
  });
  it('a provider signed in on a phone and a laptop: the device they last turned to shares, the other says so', async () => {
    const { provider, jobId, p: phone, c } = await acceptedBookingInTwoBrowsers();
    await phone.page.goto('/');
    await sharing(phone.page)
      .filter({ hasText: /^Sharing location$/ })
      .waitFor();
    await c.page.goto(`/viewonmap?job=${jobId}`);
    await waitForFact(c.page, 'provider-position', '12.9716, 77.5946', 15_000);

    // The provider opens the app on their laptop, at home: the laptop shares, the phone says another device does.
    const laptop = await laptopOpenedAtHome(provider.account);
    await sharing(phone.page).filter({ hasText: 'Sharing location (another device)' }).waitFor();
    await waitForFact(c.page, 'provider-position', '13.0500, 77.7000', 10_000);

    // The phone moves meanwhile: the customer's pin stays on the laptop's position, it does not jump between them.
    await phone.context.setGeolocation(MOVED);
    await c.page.waitForTimeout(3_000);
    assert.equal(await c.page.getByTestId('provider-position').textContent(), '13.0500, 77.7000');
    await snap(phone.page, 'sharing-other-device');

    // Back on the road, the provider touches the phone: it shares again, and the laptop says the phone does.
    await phone.page.getByRole('heading', { name: 'Home' }).click();
    await sharing(phone.page)
      .filter({ hasText: /^Sharing location$/ })
      .waitFor();
    await waitForFact(c.page, 'provider-position', '12.9800, 77.6000', 10_000);
    await sharing(laptop.page).filter({ hasText: 'Sharing location (another device)' }).waitFor();
    await laptop.context.setGeolocation(BANGALORE);
    await c.page.waitForTimeout(3_000);
    assert.equal(await c.page.getByTestId('provider-position').textContent(), '12.9800, 77.6000');

    // The laptop signs out: the phone still shares, and the customer still follows it live; the press on
    // Logout did not take the sharing over on its way out (the pin never showed the laptop's place).
    await c.page.getByTestId('provider-position').evaluate((element) => {
      const seen: string[] = [];
      new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      (window as unknown as { seenPositions: string[] }).seenPositions = seen;
    });
    await laptop.page.getByRole('button', { name: 'Logout' }).click();
    await laptop.page.waitForURL('**/login');
    await c.page.waitForTimeout(2_000);
    const seen = await c.page.evaluate(() => (window as unknown as { seenPositions: string[] }).seenPositions);
    assert.deepEqual(
      seen.filter((text) => text !== '12.9800, 77.6000'),
      [],
    );
    assert.equal(await c.page.getByRole('status', { name: 'Map status' }).textContent(), `Following ${provider.fullName} live.`);

    await closeWithoutErrors(laptop, phone, c);
  });

  it('a laptop takes the sharing from a phone with two tabs open: both phone tabs say so, and a press in either takes it back', async () => {
    const { provider, jobId, p: phone, c } = await acceptedBookingInTwoBrowsers();
    const { tab: jobTab, errors: jobTabErrors } = await jobOpenInSecondTab(phone, jobId);
    await c.page.goto(`/viewonmap?job=${jobId}`);
    await waitForFact(c.page, 'provider-position', '12.9716, 77.5946', 15_000);

    const laptop = await laptopOpenedAtHome(provider.account);
    await waitForFact(c.page, 'provider-position', '13.0500, 77.7000', 10_000);
    // The phone's tab without the watch says what the provider needs to know: another device shares, not another tab.
    await sharing(jobTab).filter({ hasText: 'Sharing location (another device)' }).waitFor();
    await sharing(phone.page).filter({ hasText: 'Sharing location (another device)' }).waitFor();
    await snap(phone.page, 'sharing-other-device-second-tab');

    // A press in that tab takes the watch from the other tab and the sharing from the laptop.
    await phone.context.setGeolocation(MOVED);
    await phone.page.getByRole('heading', { name: 'Home' }).click();
    await sharing(phone.page)
      .filter({ hasText: /^Sharing location$/ })
      .waitFor();
    await waitForFact(c.page, 'provider-position', '12.9800, 77.6000', 10_000);
    await sharing(jobTab).filter({ hasText: 'Sharing location (another tab)' }).waitFor();
    await sharing(laptop.page).filter({ hasText: 'Sharing location (another device)' }).waitFor();

    assert.deepEqual(jobTabErrors, []);
    await closeWithoutErrors(laptop, phone, c);
  });
});
