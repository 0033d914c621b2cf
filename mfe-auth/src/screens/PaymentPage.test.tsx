import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, type PaymentRecord } from 'shared';
import { makeJob } from 'shared/src/testing';
import PaymentPage from './PaymentPage';
import { customer, provider, renderWithStore, signedIn } from '../testing/renderWithStore';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { master, visa } from '../testing/cards';
import { setupScreenTest } from '../testing/screenTest';

describe('PaymentPage', () => {
  let api: ReturnType<typeof fakeApi> | null = null;
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    api?.restore();
    api = null;
    jest.restoreAllMocks();
  });

  it('shows the card-less illustration when there are no cards', async () => {
    api = fakeApi({ 'GET /api/payment-methods': ok([]), 'GET /api/payments': ok([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Saved cards' })).getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'No saved cards' })).toBeInTheDocument();
    expect(screen.getByText('You have no saved cards yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/newpaymentmethod');
  });

  it('lists the saved cards, the first as Default', async () => {
    api = fakeApi({ 'GET /api/payment-methods': ok([visa, master]), 'GET /api/payments': ok([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    const first = await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Mastercard ending in 4444' })).getByRole('button', {
        name: 'Make this Default',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'No saved cards' })).not.toBeInTheDocument();
  });

  it('puts the card the API marks as default first', async () => {
    api = fakeApi({ 'GET /api/payment-methods': ok([visa, { ...master, is_default: true }]), 'GET /api/payments': ok([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    const first = await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });
    expect(within(first).getByText('Default')).toBeInTheDocument();
  });

  it("follows a change of the cards in the user's other tab or device, without a loader; keeps the list should that read fail", async () => {
    let cards = [visa];
    api = fakeApi({ 'GET /api/payment-methods': () => ok(cards), 'GET /api/payments': ok([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    cards = [
      { ...master, is_default: true },
      { ...visa, is_default: false },
    ];
    act(() => bus.emit({ type: 'payments/changed' }));
    const first = await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(screen.queryByText('Loading cards')).not.toBeInTheDocument();
    // Events missed while the connection was down: read again once it is back.
    cards = [visa];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mastercard ending in 4444' })).not.toBeInTheDocument());
    api.restore();
    api = fakeApi({ 'GET /api/payment-methods': fail(500, 'Server Error'), 'GET /api/payments': ok([]) });
    act(() => bus.emit({ type: 'payments/changed' }));
    await waitFor(() => expect(api!.callsTo('GET', '/api/payment-methods')).toHaveLength(1));
    expect(screen.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
    expect(screen.queryByText('Your saved cards could not be loaded.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is never stuck on an error: a failed load offers Retry', async () => {
    api = fakeApi({ 'GET /api/payment-methods': fail(500, 'Server Error'), 'GET /api/payments': ok([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    expect(await screen.findByText('Your saved cards could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

const charge: PaymentRecord = {
  id: 101,
  kind: 'charge',
  job_id: 12,
  service_name: 'Driver',
  amount: 10,
  currency: 'INR',
  card_brand: 'Visa',
  card_last4: '4242',
  status: 'succeeded',
  created_at: '2025-03-05T14:07:00Z',
};
const refund: PaymentRecord = { ...charge, id: 102, kind: 'refund', created_at: '2025-03-06T09:30:00Z' };

const page = (data: PaymentRecord[], hasMore = false, n = 1) => ({
  status: 200,
  data: { data, message: 'Success', meta: { page: n, per_page: 10, has_more: hasMore } },
});

/** Charges of bookings #1.. with ids from `from`, newest first. */
const charges = (count: number, from: number) =>
  Array.from({ length: count }, (_, i) => ({ ...charge, id: from + i, job_id: from + i, service_name: 'Delivery' }));

/** Lets calls the screen may have started reach the (fake) network. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
const historyTable = () => screen.findByRole('table', { name: 'Payment history' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PaymentPage payment history', () => {
  const { bus: recorded } = setupScreenTest();

  it('shows a loader, then a table of charges and refunds with date, booking, amount, card and status', async () => {
    const reply = deferred(page([refund, { ...refund, id: 103, status: 'pending', card_brand: null, card_last4: null }, charge]));
    const api = fakeApi({ 'GET /api/payment-methods': ok([visa]), 'GET /api/payments': reply.handler });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    const section = screen.getByRole('region', { name: 'Payment history' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Payment history' })).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Loading payment history');
    reply.release();

    const table = await historyTable();
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Booking', 'Amount', 'Card', 'Status']);
    const [refunded, pending, paid] = bodyRows(table);
    expect(cellTexts(paid)).toEqual(['March 5th 2025, 2:07 pm', '#12 Driver', '10.00 INR', 'Visa •••• 4242', 'Paid']);
    expect(cellTexts(refunded)).toEqual([
      'March 6th 2025, 9:30 am',
      '#12 Driver Refund',
      '\u221210.00 INR',
      'Visa •••• 4242',
      'Refunded',
    ]);
    expect(cellTexts(pending)).toEqual([
      'March 6th 2025, 9:30 am',
      '#12 Driver Refund',
      '\u221210.00 INR',
      '—',
      'Refund pending',
    ]);
    expect(within(paid).queryByText('Refund')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/payments')[0].params).toEqual({ page: 1, per_page: 10 });
    // The screen reports its own failures; success of a read is silent.
    expect(recorded.alerts()).toEqual([]);
  });

  it('says so when the customer has no payments', async () => {
    fakeApi({ 'GET /api/payment-methods': ok([]), 'GET /api/payments': page([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Load more appends the next page; the button is busy (and keeps the focus) while it loads and goes when no more follow', async () => {
    const second = deferred(page(charges(3, 1), false, 2));
    const api = fakeApi({
      'GET /api/payment-methods': ok([]),
      'GET /api/payments': (config) =>
        (config.params as { page: number }).page === 1 ? page(charges(10, 11), true) : second.handler(),
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    const table = await historyTable();
    expect(bodyRows(table)).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const busy = screen.getByRole('button', { name: 'Loading…' });
    // Marked unavailable, not disabled: a disabled button would drop the keyboard's focus to the page.
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await user.click(busy);
    expect(api.callsTo('GET', '/api/payments')).toHaveLength(2);
    second.release();

    await waitFor(() => expect(bodyRows(table)).toHaveLength(13));
    expect(cellTexts(bodyRows(table)[12])[1]).toBe('#3 Delivery');
    expect(screen.queryByRole('button', { name: /Load more|Loading…/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/payments').map((c) => c.params)).toEqual([
      { page: 1, per_page: 10 },
      { page: 2, per_page: 10 },
    ]);
  });

  it('after Load more the focus is on the first row it brought, while more remain and once the button has gone', async () => {
    fakeApi({
      'GET /api/payment-methods': ok([]),
      'GET /api/payments': (config) => {
        const n = (config.params as { page: number }).page;
        return page(charges(10, 31 - n * 10), n < 3, n);
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    const table = await historyTable();

    act(() => screen.getByRole('button', { name: 'Load more' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(20));
    await waitFor(() => expect(within(table).getByRole('row', { name: /#11 Delivery/ })).toHaveFocus());

    act(() => screen.getByRole('button', { name: 'Load more' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(30));
    expect(screen.queryByRole('button', { name: /Load more|Loading…/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('row', { name: /#1 Delivery/ })).toHaveFocus());
  });

  it('a failed first load says the history could not be loaded, with the API message and Retry, which loads it', async () => {
    let failNext = true;
    fakeApi({
      'GET /api/payment-methods': ok([]),
      'GET /api/payments': () => {
        const reply = failNext ? fail(503, 'Payments are unavailable right now.') : page([charge]);
        failNext = false;
        return reply;
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    expect(await screen.findByText('Payments are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('Your payment history could not be loaded.')).toBeInTheDocument();
    expect(recorded.alerts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await historyTable();
    expect(bodyRows(table)).toHaveLength(1);
    expect(screen.queryByText('Payments are unavailable right now.')).not.toBeInTheDocument();
  });

  it('a failed Load more keeps the rows shown, says more could not be loaded with the API message, and Retry loads that page', async () => {
    let secondFails = true;
    fakeApi({
      'GET /api/payment-methods': ok([]),
      'GET /api/payments': (config) => {
        if ((config.params as { page: number }).page === 1) return page(charges(10, 11), true);
        const reply = secondFails ? fail(500, 'Server Error') : page(charges(2, 1), false, 2);
        secondFails = false;
        return reply;
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    const table = await historyTable();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByText('More payments could not be loaded.')).toBeInTheDocument();
    expect(bodyRows(table)).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(12));
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
  });

  it('fetches the first page again when one of the customer’s bookings changes, keeping older pages', async () => {
    const newRefund: PaymentRecord = { ...refund, id: 200, job_id: 21, service_name: 'Delivery' };
    let refunded = false;
    const api = fakeApi({
      'GET /api/payment-methods': ok([]),
      'GET /api/payments': (config) => {
        const n = (config.params as { page: number }).page;
        if (n === 2) return page(charges(2, 1), false, 2);
        return page(refunded ? [newRefund, ...charges(9, 12)] : charges(10, 11), true);
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    const table = await historyTable();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(12));

    // Another customer's booking: nothing to fetch.
    act(() => bus.emit({ type: 'job/updated', job: makeJob({ id: 30, customer_id: 99, status: 'Rejected' }) }));
    await settle();
    expect(api.callsTo('GET', '/api/payments')).toHaveLength(2);

    refunded = true;
    act(() =>
      bus.emit({ type: 'job/updated', job: makeJob({ id: 21, customer_id: customer.id, status: 'Cancelled', refunded: true }) }),
    );
    await waitFor(() => expect(bodyRows(table)).toHaveLength(13));
    expect(cellTexts(bodyRows(table)[0])).toEqual([
      'March 6th 2025, 9:30 am',
      '#21 Delivery Refund',
      '\u221210.00 INR',
      'Visa •••• 4242',
      'Refunded',
    ]);
    expect(api.callsTo('GET', '/api/payments').map((c) => c.params)).toEqual([
      { page: 1, per_page: 10 },
      { page: 2, per_page: 10 },
      { page: 1, per_page: 10 },
    ]);
  });

  it('a refresh that fails keeps the rows shown and Load more, says the history could not be refreshed, and Retry refreshes it', async () => {
    const newRefund: PaymentRecord = { ...refund, id: 200, job_id: 21, service_name: 'Delivery' };
    let failing = false;
    let refunded = false;
    const api = fakeApi({
      'GET /api/payment-methods': ok([]),
      'GET /api/payments': () => {
        if (failing) return fail(503, 'Payments are unavailable right now.');
        return page(refunded ? [newRefund, ...charges(9, 12)] : charges(10, 11), true);
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(customer) });
    const table = await historyTable();

    failing = true;
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await screen.findByText('Your payment history could not be refreshed.')).toBeInTheDocument();
    expect(screen.getByText('Payments are unavailable right now.')).toBeInTheDocument();
    expect(screen.queryByText('More payments could not be loaded.')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Payment history' })).toBe(table);
    expect(bodyRows(table)).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    expect(recorded.alerts()).toEqual([]);

    failing = false;
    refunded = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cellTexts(bodyRows(table)[0])[1]).toBe('#21 Delivery Refund'));
    expect(screen.queryByText('Your payment history could not be refreshed.')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/payments').map((c) => c.params)).toEqual([
      { page: 1, per_page: 10 },
      { page: 1, per_page: 10 },
      { page: 1, per_page: 10 },
    ]);
  });

  it('is not shown to a provider, who has no payments: no history call', async () => {
    const api = fakeApi({ 'GET /api/payment-methods': ok([visa]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    expect(await screen.findByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment history' })).not.toBeInTheDocument();
    act(() => bus.emit({ type: 'job/updated', job: makeJob({ provider_id: provider.id }) }));
    await settle();
    expect(api.callsTo('GET', '/api/payments')).toHaveLength(0);
  });
});

describe('PaymentPage removing a card', () => {
  const { bus: recorded } = setupScreenTest();

  const cardsApi = (routes: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({ 'GET /api/payment-methods': ok([visa, master]), 'GET /api/payments': ok([]), ...routes });

  it('asks first, even for the Default card: the dialog names the card and nothing is sent', async () => {
    const api = cardsApi();
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    const trash = await screen.findByRole('button', { name: 'Delete Visa ending in 4242' });
    await user.click(trash);

    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    expect(within(dialog).getByText('Visa •••• 4242 will no longer be offered when you pay.')).toBeInTheDocument();
    const remove = within(dialog).getByRole('button', { name: 'Remove card' });
    expect(remove).toHaveClass('ui-button--danger');
    // Focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Keep card' })).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('Keep card closes the dialog, sends nothing and gives focus back to the delete icon', async () => {
    const api = cardsApi();
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    const trash = await screen.findByRole('button', { name: 'Delete Mastercard ending in 4444' });
    await user.click(trash);
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    expect(within(dialog).getByText('Mastercard •••• 4444 will no longer be offered when you pay.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trash).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(api.writes()).toEqual([]);
  });

  it('Escape is Keep card', async () => {
    const api = cardsApi();
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    expect(screen.getByRole('dialog', { name: 'Remove this card?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(api.writes()).toEqual([]);
  });

  it('Remove card is busy while the delete is in flight and cannot be pressed twice; then the dialog closes and the list updates', async () => {
    let cards = [visa, master];
    const reply = deferred(ok(null, 'Card removed successfully'));
    const api = cardsApi({
      'GET /api/payment-methods': () => ok(cards),
      'DELETE /api/payment-methods/11': async () => {
        const answer = await reply.handler();
        cards = [{ ...master, is_default: true }];
        return answer;
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));

    const busy = within(dialog).getByRole('button', { name: 'Removing…' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Keep card' })).toBeDisabled();
    await user.click(busy);
    // Escape does not close it while the card is being removed.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Remove this card?' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/payment-methods/11')).toHaveLength(1);

    reply.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveAccessibleName('Mastercard ending in 4444');
    expect(within(items[0]).getByText('Default')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/payment-methods/11')).toHaveLength(1);
    // The removed card's delete button is gone: the focus goes to the default card, not to the page.
    await waitFor(() => expect(items[0]).toHaveFocus());
  });

  it("a refused delete shows the server's message in the dialog, which stays open; Remove card can be pressed again", async () => {
    let refuse = true;
    const api = cardsApi({
      'DELETE /api/payment-methods/12': () =>
        refuse ? fail(403, 'This payment method is not yours.') : ok(null, 'Card removed successfully'),
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    await user.click(await screen.findByRole('button', { name: 'Delete Mastercard ending in 4444' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payment method is not yours.');
    const remove = within(dialog).getByRole('button', { name: 'Remove card' });
    expect(remove).toBeEnabled();
    expect(remove).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // Said once, in the dialog: not also as a global alert.
    expect(recorded.alerts()).toEqual([]);

    refuse = false;
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/payment-methods/12')).toHaveLength(2);
    expect(recorded.alerts()).toEqual([{ type: 'success', message: 'Card removed successfully' }]);
  });

  it('drops the removed card from the list when the reload after the delete fails, and says only that it was removed', async () => {
    let loads = 0;
    cardsApi({
      'GET /api/payment-methods': () => (loads++ === 0 ? ok([visa, master]) : fail(500, 'Server Error')),
      'DELETE /api/payment-methods/11': ok(null, 'Card removed successfully'),
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn(provider) });
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove card' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Mastercard ending in 4444']);
    expect(recorded.alerts()).toEqual([{ type: 'success', message: 'Card removed successfully' }]);
  });

  it('Make this Default shows a busy spinner on its own card until the API answers; then that card is first and Default', async () => {
    let cards = [visa, master];
    const reply = deferred(ok(null, 'Default card updated'));
    cardsApi({
      'GET /api/payment-methods': () => ok(cards),
      'POST /api/payment-methods/12/default': async () => {
        const answer = await reply.handler();
        cards = [visa, { ...master, is_default: true }];
        return answer;
      },
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    const mastercard = await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });
    const makeDefault = within(mastercard).getByRole('button', { name: 'Make this Default' });
    expect(makeDefault).not.toHaveAttribute('aria-busy', 'true');
    await user.click(makeDefault);

    expect(makeDefault).toBeDisabled();
    expect(makeDefault).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Delete Visa ending in 4242' })).not.toHaveAttribute('aria-busy', 'true');

    reply.release();
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName('Mastercard ending in 4444'));
    expect(within(screen.getAllByRole('listitem')[0]).getByText('Default')).toBeInTheDocument();
    expect(within(screen.getAllByRole('listitem')[1]).getByRole('button', { name: 'Make this Default' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('a card deleted in another tab: Make this Default says the card has already been removed, and the card goes from the list', async () => {
    let deleted = false;
    const api = cardsApi({
      'GET /api/payment-methods': () => ok(deleted ? [visa] : [visa, master]),
      'POST /api/payment-methods/12/default': () => fail(404, 'This card has already been removed.'),
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    const mastercard = await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });
    deleted = true;
    await user.click(within(mastercard).getByRole('button', { name: 'Make this Default' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mastercard ending in 4444' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Visa ending in 4242']);
    expect(recorded.alerts()).toEqual([{ type: 'danger', message: 'This card has already been removed.' }]);
    expect(api.callsTo('POST', '/api/payment-methods/12/default')).toHaveLength(1);
  });

  it('a card deleted in another tab: Remove card says the card has already been removed, in the dialog, leaves only OK, and the card goes from the list', async () => {
    let deleted = false;
    cardsApi({
      'GET /api/payment-methods': () => ok(deleted ? [visa] : [visa, master]),
      'DELETE /api/payment-methods/12': () => fail(404, 'This card has already been removed.'),
    });
    const user = userEvent.setup();
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete Mastercard ending in 4444' }));
    deleted = true;
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This card has already been removed.');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mastercard ending in 4444' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Visa ending in 4242']);
    // Said once, in the dialog: not also as a global alert.
    expect(recorded.alerts()).toEqual([]);
    // Nothing is left to remove: no Remove card to fail again, no Keep card for a card that is gone; OK closes.
    expect(within(dialog).queryByRole('button', { name: 'Remove card' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Keep card' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/will no longer be offered/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
