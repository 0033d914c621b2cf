/**
 * Your Notifications for a provider with more notifications than one page: a busy chat on top of a
 * booking. The bell shows the true unread number, Load more reaches the oldest (the booking, with its
 * View Details), opening the page reads only what it shows, and one arriving after it opened stays unread.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, openPage, signInDirectly, snap, useBrowser } from '../support/app.ts';
import { bookViaApi, customerWithCards, GOOD_CARD, providerOffering, type Party } from '../support/bookings.ts';

const browser = useBrowser();

const CHAT_MESSAGES = 55;

const sendChat = (customer: Party, provider: Party, message: string) =>
  apiCall(
    'POST',
    '/api/chats',
    { customer_id: customer.id, provider_id: provider.id, message_type: 'text', message },
    customer.token,
  );

const unreadOf = async (token: string) => {
  const answer = await apiCall<{ data: { id: number; read: boolean }[]; meta: { unread: number } }>(
    'GET',
    '/api/notifications',
    undefined,
    token,
  );
  return answer.body;
};

describe('notifications beyond one page', () => {
  it('the bell shows the true number, Load more reaches the oldest, and one arriving after the page opened stays unread', async () => {
    const provider = await providerOffering('Driver', 30, { last_name: `Busy${Date.now() % 100000}` });
    const customer = await customerWithCards([GOOD_CARD]);
    const jobId = await bookViaApi(customer, provider);
    for (let i = 1; i <= CHAT_MESSAGES; i += 1) {
      assert.equal((await sendChat(customer, provider, `Chat message ${i}`)).status, 201);
    }
    const total = CHAT_MESSAGES + 1;
    assert.equal((await unreadOf(provider.token)).meta.unread, total);

    const { page, context, errors } = await openPage(browser());
    await signInDirectly(page, provider.account);
    await page.goto('/');
    const bell = page.getByRole('link', { name: `Notifications: ${total} unread` });
    await bell.waitFor();
    assert.equal(await bell.getByTestId('notification-count').textContent(), String(total));

    await bell.click();
    await page.getByRole('heading', { name: 'Your Notifications' }).waitFor();
    const cards = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await page.getByText(`${customer.fullName}: Chat message ${CHAT_MESSAGES}`, { exact: true }).waitFor();
    assert.equal(await cards.count(), 50);
    // The 50 shown are read; the 6 older ones, not shown yet, are not.
    await page.getByRole('link', { name: `Notifications: ${total - 50} unread` }).waitFor();

    // A message arrives after the page opened: on top, labelled New, and unread.
    assert.equal((await sendChat(customer, provider, 'Arrived while open')).status, 201);
    const late = cards.filter({ hasText: 'Arrived while open' });
    await late.waitFor();
    assert.equal(await cards.first().textContent(), await late.textContent());
    assert.ok((await late.textContent())?.includes('New'));
    await page.getByRole('link', { name: `Notifications: ${total - 50 + 1} unread` }).waitFor();

    const more = page.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    await snap(page, 'notifications-load-more');
    await more.click();
    const booking = cards.filter({ hasText: `${customer.fullName} has requested a Driver booking.` });
    await booking.waitFor();
    assert.equal(await cards.count(), total + 1, 'every notification once');
    await more.waitFor({ state: 'detached' });
    // The older page is read as it shows; the late one still is not.
    const bellAfter = page.getByRole('link', { name: 'Notifications: 1 unread' });
    await bellAfter.waitFor();
    assert.equal(await bellAfter.getByTestId('notification-count').textContent(), '1');
    const server = await unreadOf(provider.token);
    assert.equal(server.meta.unread, 1);
    assert.equal(server.data[0].read, false, 'the one that arrived after the page opened stays unread');
    await snap(page, 'notifications-oldest');

    // The booking, pushed below a page of chat, is reachable again.
    await booking.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL((url) => url.pathname === '/activebookingdetails');
    assert.equal(await page.evaluate(() => (window.history.state as { usr?: { jobId?: number } } | null)?.usr?.jobId), jobId);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
