import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfilePage from './ProfilePage';
import { customer, provider, renderWithStore, signedIn } from '../testing/renderWithStore';
import { fail, fakeApi, ok, type FakeReply } from '../testing/fakeApi';
import { setupScreenTest } from '../testing/screenTest';
import { fillCard, master, visa } from '../testing/cards';

describe('ProfilePage', () => {
  const { bus } = setupScreenTest();

  it('shows avatar, names, phone, email, address and the Edit Profile link', async () => {
    fakeApi({ 'GET /api/payment-methods': ok([]) });
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn(customer) });
    expect(screen.getByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Carla Customer' })).toHaveAttribute('src', 'http://localhost:4000/uploads/carla.png');
    expect(screen.getByRole('heading', { name: 'Carla Customer' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Profile details' });
    for (const text of ['Carla', 'Customer', '5550100', 'customer@example.com', '12 Market Street']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/editprofile');
    expect(await screen.findByText('You have no saved cards yet.')).toBeInTheDocument();
  });

  it('shows the profile as the API has it now (changed on another device since sign-in)', async () => {
    const elsewhere = { ...customer, first_name: 'Laptop', full_name: 'Laptop Customer', address: '42 Laptop Lane' };
    fakeApi({ 'GET /api/payment-methods': ok([]), 'GET /api/auth/me': ok(elsewhere) });
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn(customer) });
    expect(await screen.findByRole('heading', { name: 'Laptop Customer' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Profile details' })).getByText('42 Laptop Lane')).toBeInTheDocument();
    expect(store.getState().session.users?.address).toBe('42 Laptop Lane');
  });

  it('shows an initial avatar and the provider fields for a provider', async () => {
    fakeApi({ 'GET /api/payment-methods': ok([]) });
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn(provider) });
    expect(screen.getByRole('img', { name: 'Pete Provider' })).toHaveTextContent('P');
    expect(screen.getByText('Safe driver')).toBeInTheDocument();
    expect(screen.getByText('$25')).toBeInTheDocument();
    await screen.findByText('You have no saved cards yet.');
  });

  it('loads the cards with a loader: the first is Default, the others offer Make this Default', async () => {
    fakeApi({ 'GET /api/payment-methods': ok([visa, master]) });
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading cards');
    const first = await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    expect(within(first).getByText('**** **** **** 4242')).toBeInTheDocument();
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Make this Default' })).not.toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Mastercard ending in 4444' });
    expect(within(second).getByText('**** **** **** 4444')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Make this Default' })).toHaveAccessibleDescription(
      'Mastercard ending in 4444',
    );
    expect(screen.getByRole('button', { name: 'Delete Visa ending in 4242' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Mastercard ending in 4444' })).toBeInTheDocument();
    expect(store.getState().session.paymentMethod).toEqual([visa, master]);
  });

  it("shows each card's expiry, so that a renewed card and the old one (same brand and last four) differ", async () => {
    const old = { ...visa, exp_month: 3, exp_year: 2027 };
    const renewed = { ...visa, id: 13, exp_month: 3, exp_year: 2031 };
    fakeApi({ 'GET /api/payment-methods': ok([old, renewed]) });
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    const first = await screen.findByRole('listitem', { name: 'Visa ending in 4242, expires 03/27' });
    expect(within(first).getByText('Expires 03/27')).toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Visa ending in 4242, expires 03/31' });
    expect(within(second).getByText('Expires 03/31')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Visa ending in 4242, expires 03/31' })).toBeInTheDocument();
  });

  it('makes a card the default and moves it first', async () => {
    fakeApi({
      'GET /api/payment-methods': ok([visa, master]),
      'POST /api/payment-methods/12/default': ok([{ ...master, is_default: true }, visa], 'Default card updated'),
    });
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    const second = await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });
    await user.click(within(second).getByRole('button', { name: 'Make this Default' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Mastercard ending in 4444' })).getByText('Default'),
      ).toBeInTheDocument(),
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveAccessibleName('Mastercard ending in 4444');
    expect(within(items[1]).getByRole('button', { name: 'Make this Default' })).toBeInTheDocument();
    expect(store.getState().session.paymentMethod.map((c) => c.id)).toEqual([12, 11]);
    // The pressed button went with its card's move: the focus follows the card, now the default.
    await waitFor(() => expect(items[0]).toHaveFocus());
  });

  it('deletes a card once confirmed and shows the illustration when none is left', async () => {
    let cards = [visa];
    const api = fakeApi({
      'GET /api/payment-methods': () => ok(cards),
      'DELETE /api/payment-methods/11': () => {
        cards = [];
        return ok(null, 'Card removed successfully');
      },
    });
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    expect(within(dialog).getByText('Visa •••• 4242 will no longer be offered when you pay.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('You have no saved cards yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().session.paymentMethod).toEqual([]);
    expect(api.callsTo('DELETE', '/api/payment-methods/11')).toHaveLength(1);
  });

  it('keeps the card when deleting fails: the dialog shows the server message and stays open', async () => {
    fakeApi({
      'GET /api/payment-methods': ok([visa]),
      'DELETE /api/payment-methods/11': fail(502, 'The card provider could not be reached.'),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The card provider could not be reached.');
    expect(within(dialog).getByRole('button', { name: 'Remove card' })).toBeEnabled();
    expect(screen.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('shows a Retry when the cards cannot be loaded, and loads them again', async () => {
    let attempt = 0;
    fakeApi({
      'GET /api/payment-methods': () => (attempt++ === 0 ? fail(500, 'Server Error') : ok([visa])),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    expect(await screen.findByText('Your saved cards could not be loaded.')).toBeInTheDocument();
    // Why, under it, as every screen's load error says.
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Visa ending in 4242' })).toBeInTheDocument();
  });

  it('Add New opens the sandbox checkout for 10.00 INR and the user email, and saves the returned token', async () => {
    let cards = [visa];
    const api = fakeApi({
      'GET /api/payment-methods': () => ok(cards),
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_sandbox_1', card: { brand: 'Mastercard', last4: '4444' } } },
      'POST /api/payment-methods': () => {
        cards = [visa, master];
        return ok(master, 'Card added');
      },
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByText('10.00 INR')).toBeInTheDocument();
    expect(within(dialog).getByText('customer@example.com')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Nothing is charged now. The card is saved for your bookings: each one you pay with it charges 10.00 INR.',
      ),
    ).toBeInTheDocument();
    await fillCard(user, '5555555555554444', within(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const tokenCall = api.calls.find((c) => c.url === '/sandbox/v1/tokens');
    expect(tokenCall?.body).toEqual({
      card_name: 'Carla',
      card_number: '5555555555554444',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    // Our API gets the token only, never the card number.
    const saveCall = api.calls.find((c) => c.method === 'POST' && c.url === '/api/payment-methods');
    expect(saveCall?.body).toEqual({ token: 'tok_sandbox_1' });
  });

  it('a mouse press on Pay leaves the focus in the empty Card Name, and Pay names every field to fill at once', async () => {
    const api = fakeApi({ 'GET /api/payment-methods': ok([]) });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByText('You have no saved cards yet.');
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    const cardName = within(dialog).getByLabelText('Card Name');
    cardName.focus();
    const pay = within(dialog).getByRole('button', { name: 'Save card' });
    // Leaving Card Name would say 'Required' under it and move Pay from under the pointer before the release.
    expect(fireEvent.mouseDown(pay, { button: 0 })).toBe(false);
    expect(cardName).toHaveFocus();
    expect(within(dialog).queryByText('Required')).not.toBeInTheDocument();
    await user.click(pay);
    for (const message of ['Required', 'Must be 16 Digit', 'Expiry date is required', 'cvv date is required']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(cardName).toHaveFocus();
    expect(api.calls.some((c) => c.url === '/sandbox/v1/tokens')).toBe(false);
  });

  it('says something went wrong when the card provider answers an empty token, and keeps the checkout open', async () => {
    const api = fakeApi({
      'GET /api/payment-methods': ok([]),
      'POST /sandbox/v1/tokens': { status: 200, data: { id: '', card: { brand: 'Visa', last4: '4242' } } },
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByText('You have no saved cards yet.');
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    await fillCard(user, '4242424242424242', within(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(bus.toasts()).toEqual([{ kind: 'error', message: 'something went wrong' }]));
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    // Said in the checkout too: the toast is behind the modal dialog.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('something went wrong');
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/payment-methods')).toBe(false);
  });

  it('says in the checkout why our API did not save the card (the alert is behind the modal), and keeps it open', async () => {
    fakeApi({
      'GET /api/payment-methods': ok([visa]),
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_sandbox_2', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': fail(409, 'This card is already saved.'),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    await fillCard(user, '4242424242424242', within(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This card is already saved.');
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save card' })).toBeEnabled();
  });

  it('shows the card provider refusal in the checkout, and Cancel closes it', async () => {
    fakeApi({
      'GET /api/payment-methods': ok([]),
      'POST /sandbox/v1/tokens': fail(400, 'Your card number is incorrect.'),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByText('You have no saved cards yet.');
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    await fillCard(user, '4242424242424241', within(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing the checkout with a card typed asks first; Keep editing keeps it, Discard drops it', async () => {
    fakeApi({ 'GET /api/payment-methods': ok([visa]) });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const checkout = screen.getByRole('dialog', { name: 'Checkout' });
    await fillCard(user, '5555555555554444', within(checkout));
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('dialog', { name: 'Discard this card?' });
    expect(ask).toHaveTextContent('The card details you typed are lost if you close the checkout.');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(within(checkout).getByLabelText('Card Number')).toHaveValue('5555555555554444');
    await user.click(within(checkout).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Discard this card?' })).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New' })).toHaveFocus();
  });

  it('stays open while the card is on its way, so its answer is shown in it', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    fakeApi({
      'GET /api/payment-methods': ok([]),
      'POST /sandbox/v1/tokens': () => new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByText('You have no saved cards yet.');
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const checkout = screen.getByRole('dialog', { name: 'Checkout' });
    await fillCard(user, '4242424242424241', within(checkout));
    await user.click(within(checkout).getByRole('button', { name: 'Save card' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Discard this card?' })).not.toBeInTheDocument();
    answer(fail(400, 'Your card number is incorrect.'));
    expect(await within(checkout).findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
  });

  it('the checkout is a modal for the keyboard: focus moves in, Tab stays inside, Escape gives it back to Add New', async () => {
    fakeApi({ 'GET /api/payment-methods': ok([visa]) });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { path: '/profile', session: signedIn() });
    await screen.findByRole('listitem', { name: 'Visa ending in 4242' });
    const addNew = screen.getByRole('button', { name: 'Add New' });
    addNew.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(addNew).toHaveFocus();
  });
});
