// The first day of accounts just signed up, both sides at once: a provider with nothing set up is led to
// what makes customers find and book them, and what a customer sees of them meanwhile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiCall,
  createAccount,
  DESKTOP,
  openPage,
  PHONE,
  signInDirectly,
  snap,
  uniqueEmail,
  useBrowser,
  newTab,
} from '../support/app.ts';

const browser = useBrowser();

/** The stats on a driver's profile, as a customer reads them: { 'Jobs Done': '0', ... }. */
async function statsOf(page: Page): Promise<Record<string, string>> {
  const stats = page.getByRole('region', { name: 'Stats' });
  await stats.waitFor();
  const labels = await stats.locator('dt').allInnerTexts();
  const values = await stats.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label.trim(), values[i].trim()]));
}

describe('first day', () => {
  it('a new provider is led from Home to add a service and fill in the profile; a new customer finds them, never reading $0', async () => {
    const providerAccount = await createAccount('Provider', { first_name: 'Nova', last_name: `Firstday${Date.now() % 100000}` });
    const providerName = `${providerAccount.first_name} ${providerAccount.last_name}`;
    const customerAccount = await createAccount('Customer');
    const provider = await openPage(browser(), DESKTOP);
    const customer = await openPage(browser(), PHONE);
    const { token } = await signInDirectly(provider.page, providerAccount);
    await signInDirectly(customer.page, customerAccount);
    const { body: services } = await apiCall<{ data: { id: number; name: string }[] }>('GET', '/api/services', undefined, token);
    const driver = services.data.find((s) => s.name === 'Driver')!;

    // Home says what stands between the provider and customers, with the way to each.
    await provider.page.goto('/');
    const start = provider.page.getByRole('region', { name: 'Get started' });
    await start.getByText('Customers find you only under the services you offer, and you offer none yet.').waitFor();
    await start
      .getByText('Add your price, years of experience and bio: customers read them on your profile before they book.')
      .waitFor();
    await snap(provider.page, 'first-day-provider-home');

    // A new customer's Previous Bookings says there are none and leads to booking one.
    await customer.page.goto('/previousbooking');
    await customer.page.getByText('You have no previous bookings.').waitFor();
    assert.equal(await customer.page.getByRole('link', { name: 'Book a service' }).getAttribute('href'), '/service');
    await snap(customer.page, 'first-day-previous-bookings');

    // Meanwhile no customer finds them.
    await customer.page.goto(`/drivebooking?service=${driver.id}`);
    await customer.page.getByRole('list', { name: 'Suggested Drivers' }).waitFor();
    assert.equal(await customer.page.getByRole('link', { name: new RegExp(providerName) }).count(), 0);

    // Job Requests (Status → View Details) says why no request comes.
    await provider.page.getByRole('link', { name: 'View Details' }).click();
    await provider.page.waitForURL('**/jobrequest');
    await provider.page.getByText('Customers can book you once you offer a service: you offer none yet.').waitFor();
    await provider.page.getByRole('link', { name: 'Add a service' }).waitFor();
    await provider.page.goBack();

    // Add a service → All Services → Add Driver; back on Home only the profile is left to do.
    await start.getByRole('link', { name: 'Add a service' }).click();
    await provider.page.waitForURL('**/service');
    await provider.page.getByRole('article', { name: 'Driver' }).getByRole('button', { name: 'Add' }).click();
    await provider.page.getByRole('article', { name: 'Driver' }).getByText('Added').waitFor();
    await provider.page.getByRole('link', { name: 'Home', exact: true }).click();
    await start.getByRole('link', { name: 'Edit Profile' }).waitFor();
    assert.equal(await start.getByText('you offer none yet').count(), 0);

    // The customer finds them now, marked as having no price yet; their profile says what is not set
    // yet rather than a $0 price.
    await customer.page.reload();
    const listed = customer.page.getByRole('link', { name: new RegExp(providerName) });
    await listed.getByText('No price yet').waitFor();
    await snap(customer.page, 'first-day-book-a-driver-no-price');
    await listed.click();
    await customer.page.waitForURL('**/providerprofile**');
    assert.deepEqual(await statsOf(customer.page), {
      'Jobs Done': '0',
      'Years of Experience': 'Not set yet',
      'Price per Service': 'Not set yet',
    });
    // Nothing to book at $0: the reason instead of Assign Job, and the provider's Home says what it takes.
    await customer.page.getByText('This driver has not set a price yet, so they cannot be booked.').waitFor();
    assert.equal(await customer.page.getByRole('button', { name: 'Assign Job' }).count(), 0);
    await customer.page.getByRole('button', { name: 'Chat' }).waitFor();
    await start.getByText('Until you set a price, customers cannot book you.').waitFor();
    await snap(customer.page, 'first-day-new-provider-profile');

    // Edit Profile from Home: price, experience and bio; then Home has nothing left to set up.
    await start.getByRole('link', { name: 'Edit Profile' }).click();
    await provider.page.waitForURL('**/editprofile');
    await provider.page.getByLabel('Bio').fill('New in town, careful and on time.');
    await provider.page.getByLabel('Years of Experience').fill('4');
    await provider.page.getByLabel('Price').fill('25');
    await provider.page.getByRole('button', { name: 'Save Changes' }).click();
    await provider.page.waitForURL('**/profile');
    await provider.page.getByRole('link', { name: 'Home', exact: true }).click();
    await provider.page.getByText('You have no on-going job right now.').waitFor();
    assert.equal(await start.count(), 0);

    await customer.page.reload();
    await customer.page.getByText('New in town, careful and on time.').waitFor();
    assert.deepEqual(await statsOf(customer.page), {
      'Jobs Done': '0',
      'Years of Experience': '4',
      'Price per Service': '$25',
    });
    await customer.page.getByRole('button', { name: 'Assign Job' }).waitFor();
    assert.equal(await customer.page.getByText('This driver has not set a price yet').count(), 0);
    await customer.page.goBack();
    await listed.waitFor();
    assert.equal(await listed.getByText('No price yet').count(), 0);

    assert.deepEqual(provider.errors, []);
    assert.deepEqual(customer.errors, []);
    await provider.context.close();
    await customer.context.close();
  });

  it("a provider's second device follows what the first sets up, with no reload: a service, the price, the name", async () => {
    const account = await createAccount('Provider', { first_name: 'Nova', last_name: `Twodevice${Date.now() % 100000}` });
    const laptop = await openPage(browser(), DESKTOP);
    const phone = await openPage(browser(), PHONE);
    await signInDirectly(laptop.page, account);
    await signInDirectly(phone.page, account);
    await phone.page.goto('/');
    const start = phone.page.getByRole('region', { name: 'Get started' });
    await start.getByText('Customers find you only under the services you offer, and you offer none yet.').waitFor();
    // The phone also has All Services open in a second tab.
    const phoneServices = await newTab(phone.context);
    await phoneServices.goto('/service');
    const driverCard = phoneServices.getByRole('article', { name: 'Driver' });
    await driverCard.getByRole('button', { name: 'Add' }).waitFor();

    await laptop.page.goto('/service');
    await laptop.page.getByRole('article', { name: 'Driver' }).getByRole('button', { name: 'Add' }).click();
    await laptop.page.getByRole('article', { name: 'Driver' }).getByText('Added').waitFor();
    await start.getByText('you offer none yet', { exact: false }).waitFor({ state: 'detached' });
    await driverCard.getByText('Added').waitFor();

    await laptop.page.goto('/editprofile');
    await laptop.page.getByLabel('First Name').fill('Novella');
    await laptop.page.getByLabel('Price').fill('25');
    await laptop.page.getByRole('button', { name: 'Save Changes' }).click();
    await laptop.page.waitForURL('**/profile');
    await start.getByText('Until you set a price, customers cannot book you.').waitFor({ state: 'detached' });
    await phone.page.getByRole('button', { name: 'Toggle menu' }).click();
    await phone.page.getByRole('complementary').getByText('Novella', { exact: true }).waitFor();

    assert.deepEqual(laptop.errors, []);
    assert.deepEqual(phone.errors, []);
    await laptop.context.close();
    await phone.context.close();
  });

  it("a provider who signs up and logs in at once: the signup toast ends at sign-in, and a toast on a signed-in screen is not over the location notice's buttons", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, errors } = await openPage(browser(), viewport);
      const email = uniqueEmail('signup');
      await page.goto('/signup');
      await page.getByRole('radio', { name: 'Provider' }).check();
      await page.getByLabel('First Name').fill('Nova');
      await page.getByLabel('Last Name').fill('Toast');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password').fill('secret123');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL('**/login');
      // The pointer rests on the toast (it stays while pointed at) and the login is sent with the keyboard.
      const toast = page.getByRole('alert').filter({ hasText: 'Registered successfully. Please log in.' });
      await toast.hover();
      await page.getByRole('radio', { name: 'Provider' }).check();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('secret123');
      await page.getByLabel('Password').press('Enter');
      await page.getByRole('heading', { name: 'Home' }).waitFor();
      const notice = page.getByRole('status', { name: 'Location notice' });
      await notice.waitFor();
      // It was about the signed-out screen: signing in takes it away, pointer or not.
      await toast.waitFor({ state: 'detached' });
      await page.goto('/contactus');
      await page.getByLabel('Query Title').fill('Hello');
      await page.getByLabel('Message').fill('A question about my first job.');
      await page.getByRole('button', { name: 'Submit' }).click();
      const sent = page.getByRole('alert').filter({ hasText: 'Successfully send' });
      await sent.hover();
      await notice.waitFor();
      const shown = await sent.boundingBox();
      for (const button of ['Share location', 'Dismiss']) {
        const box = await notice.getByRole('button', { name: button }).boundingBox();
        const over =
          shown &&
          box &&
          shown.x < box.x + box.width &&
          box.x < shown.x + shown.width &&
          shown.y < box.y + box.height &&
          box.y < shown.y + shown.height;
        assert.ok(!over, `at ${viewport.width} px the toast covers the notice's ${button}`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
