// Setting up the two sides of a booking through the real API, for the browser tests that are about
// what happens next: a provider who offers a service at a price, a customer with a saved card.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { apiCall, createAccount, loginViaApi, openPage, signInDirectly, type Account } from './app.ts';

export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
/** A second good card, of another brand (a longer name than Visa). */
export const MASTERCARD = '5555555555554444';

export interface Party {
  account: Account;
  token: string;
  id: number;
  fullName: string;
}

async function party(account: Account): Promise<Party> {
  const { token, user } = await loginViaApi(account);
  return { account, token, id: user.id, fullName: `${account.first_name} ${account.last_name}` };
}

export async function serviceIdByName(token: string, name: string): Promise<number> {
  const services = await apiCall<{ data: { id: number; name: string }[] }>('GET', '/api/services', undefined, token);
  const service = services.body.data.find((s) => s.name === name);
  assert.ok(service, `no service named ${name}`);
  return service.id;
}

/** A fresh provider offering `service` at `price` dollars, with a bio and years of experience. */
export async function providerOffering(
  service: string,
  price: number,
  overrides: Partial<Account> = {},
): Promise<Party & { serviceId: number }> {
  const provider = await party(await createAccount('Provider', overrides));
  const serviceId = await serviceIdByName(provider.token, service);
  const added = await apiCall('POST', '/api/user-services', { service_id: serviceId }, provider.token);
  assert.ok(added.status < 300, JSON.stringify(added.body));
  const profile = await apiCall(
    'POST',
    '/api/auth/update-profile',
    { basic_price: price, year_of_exp: 6, bio: 'Careful driver, on time.' },
    provider.token,
  );
  assert.equal(profile.status, 200, JSON.stringify(profile.body));
  return { ...provider, serviceId };
}

/** A fresh customer with the given saved cards (sandbox checkout tokens), in order. */
export async function customerWithCards(
  cards: string[],
  overrides: Partial<Account> = {},
): Promise<Party & { cardIds: number[] }> {
  const customer = await party(await createAccount('Customer', overrides));
  const cardIds: number[] = [];
  for (const number of cards) {
    const token = await apiCall<{ id: string }>('POST', '/sandbox/v1/tokens', {
      card_name: 'Cora',
      card_number: number,
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    const card = await apiCall<{ data: { id: number } }>(
      'POST',
      '/api/payment-methods',
      { token: token.body.id },
      customer.token,
    );
    assert.ok(card.status < 300, JSON.stringify(card.body));
    cardIds.push(card.body.data.id);
  }
  return { ...customer, cardIds };
}

/** Books and pays through the API (for tests whose subject is what comes after). */
export async function bookViaApi(customer: Party & { cardIds: number[] }, provider: Party & { serviceId: number }) {
  const job = await apiCall<{ data: { id: number } }>(
    'POST',
    '/api/jobs',
    {
      service_id: provider.serviceId,
      status: 'Pending',
      provider_id: provider.id,
      address: '1 Pick Street',
      destination_address: '2 Drop Road',
      payment_method_id: customer.cardIds[0],
      cvv: '123',
      // Suites book the same ride more than once for one pair: on purpose, not the mistake the API refuses.
      book_again: true,
    },
    customer.token,
  );
  assert.equal(job.status, 201, JSON.stringify(job.body));
  return job.body.data.id;
}

export async function jobsOf(token: string): Promise<{ id: number; status: string; price: number }[]> {
  const jobs = await apiCall<{ data: { id: number; status: string; price: number }[] }>('GET', '/api/jobs', undefined, token);
  return jobs.body.data;
}

/** The customer and the provider signed in at once, each in their own browser context (two people, two devices). */
export async function openTwoParties(browser: Browser, customer: Party, provider: Party) {
  const c = await openPage(browser);
  const p = await openPage(browser);
  await signInDirectly(c.page, customer.account);
  await signInDirectly(p.page, provider.account);
  return { c, p };
}

/** The card of the list labelled `listName` that names `name`. */
export const cardOf = (page: Page, listName: string, name: string) =>
  page.getByRole('list', { name: listName }).getByRole('listitem').filter({ hasText: name });

/** The provider rejects the customer's request from Job Requests, through the delivery confirmation. */
export async function rejectFromJobRequests(page: Page, customer: Party) {
  await page.goto('/jobrequest');
  await cardOf(page, 'Job requests', customer.fullName).getByRole('link', { name: 'View Details' }).click();
  await page.getByRole('link', { name: 'Reject' }).click();
  await page.waitForURL((url) => url.pathname === '/deliveryconfirmation');
  await page.getByText('Are you sure you want to reject User Request?').waitFor();
  await page.getByRole('button', { name: 'Reject and Inform User' }).click();
  await page.waitForURL('**/jobrequest');
}
