import { fireEvent, screen, waitFor } from '@testing-library/react';
import { hasUnsavedChanges } from 'shared';
import userEvent from '@testing-library/user-event';
import NewPaymentMethodPage from './NewPaymentMethodPage';
import { renderWithStore, signedIn } from '../testing/renderWithStore';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { setupScreenTest } from '../testing/screenTest';
import { fillCard, visa } from '../testing/cards';

describe('NewPaymentMethodPage', () => {
  const { bus } = setupScreenTest();

  it('is titled Edit Payment and shows every required message', async () => {
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    expect(screen.getByRole('heading', { name: 'Edit Payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Must be 16 Digit')).toBeInTheDocument();
    expect(screen.getByText('Expiry date is required')).toBeInTheDocument();
    expect(screen.getByText('cvv date is required')).toBeInTheDocument();
    // The focus goes to the first field to mend.
    await waitFor(() => expect(screen.getByLabelText('Card Name')).toHaveFocus());
  });

  it('Cancel opened in a new tab (Ctrl or Cmd) leaves this tab asking before its typed card is dropped', async () => {
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await user.type(screen.getByLabelText('Card Name'), 'Cora');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }), { metaKey: true });
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('limits the card name to 15 characters and wants 16 digits', async () => {
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await user.type(screen.getByLabelText('Card Name'), 'A very long card name');
    await user.type(screen.getByLabelText('Card Number'), '42424242');
    await user.type(screen.getByLabelText('Expiry Date'), '14/30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 15 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Must be 16 Digit')).toBeInTheDocument();
    expect(screen.getByText('Expiry date must be MM/YY')).toBeInTheDocument();
  });

  it("keeps a pasted card number with a digit too many whole and says 'Must be 16 Digit' instead of sending it cut", async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await user.type(screen.getByLabelText('Card Name'), 'Carla');
    await user.click(screen.getByLabelText('Card Number'));
    await user.paste('4242 4242 4242 4242 7');
    await user.type(screen.getByLabelText('Expiry Date'), '12/30');
    await user.type(screen.getByLabelText('CVV'), '123');
    expect(screen.getByLabelText('Card Number')).toHaveValue('4242 4242 4242 4242 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 16 Digit')).toBeInTheDocument();
    expect(screen.getByLabelText('Card Number')).toHaveAccessibleDescription('Must be 16 Digit');
    expect(api.calls).toEqual([]);
  });

  it("takes the card provider's refusal away as soon as a field changes, so a later field error stands alone", async () => {
    const api = fakeApi({ 'POST /sandbox/v1/tokens': fail(400, 'Your card number is incorrect.') });
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');

    await user.clear(screen.getByLabelText('Card Name'));
    expect(screen.queryByText('Your card number is incorrect.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByText('Your card number is incorrect.')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('any field clears the refusal: typing into another field than the one refused', async () => {
    fakeApi({ 'POST /sandbox/v1/tokens': fail(400, 'Your card number is incorrect.') });
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your card number is incorrect.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('CVV'), '4');
    expect(screen.queryByText('Your card number is incorrect.')).not.toBeInTheDocument();
  });

  it('tokenises the card with the card provider, saves only the token and goes to /payment', async () => {
    const api = fakeApi({
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_1', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': ok(visa, 'Card added'),
      'GET /api/payment-methods': ok([visa]),
    });
    const user = userEvent.setup();
    const { store } = renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /sandbox/v1/tokens',
      'POST /api/payment-methods',
      'GET /api/payment-methods',
    ]);
    expect(api.calls[1].body).toEqual({ token: 'tok_1' });
    expect(JSON.stringify(api.calls[1].body)).not.toContain('4242424242424242');
    expect(store.getState().session.paymentMethod).toEqual([visa]);
  });

  it("goes back where it was opened from (the booking modal), with that screen's state", async () => {
    fakeApi({
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_3', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': ok(visa, 'Card added'),
      'GET /api/payment-methods': ok([visa]),
    });
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, {
      path: '/newpaymentmethod',
      session: signedIn(),
      state: { returnTo: '/providerprofile', returnState: { serviceId: 1, providerId: 7 } },
    });
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/providerprofile');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/providerprofile');
  });

  it("says 'something went wrong' for an empty token and stays", async () => {
    const api = fakeApi({ 'POST /sandbox/v1/tokens': { status: 200, data: { id: '', card: { brand: 'Visa', last4: '4242' } } } });
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bus.toasts()).toEqual([{ kind: 'error', message: 'something went wrong' }]));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('stays when saving the token fails', async () => {
    fakeApi({
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_2', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': fail(400, 'The token is invalid.'),
    });
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bus.alerts()).toEqual([{ type: 'danger', message: 'The token is invalid.' }]));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('says so when the card is already saved, and stays', async () => {
    fakeApi({
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_3', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': fail(409, 'This card is already saved.'),
    });
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bus.alerts()).toEqual([{ type: 'danger', message: 'This card is already saved.' }]));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('Save pressed again after no answer, refused as saved already: the first one saved it, so it is said added and /payment follows', async () => {
    let sends = 0;
    fakeApi({
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_5', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': () =>
        ++sends === 1 ? fail(0, 'The server cannot be reached.') : fail(409, 'This card is already saved.'),
      'GET /api/payment-methods': ok([visa]),
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment');
    expect(bus.alerts().at(-1)).toEqual({ type: 'success', message: 'Card added successfully' });
  });

  it('counts a saved card as saved when the list cannot be read again: the card is listed, no error is said', async () => {
    fakeApi({
      'POST /sandbox/v1/tokens': { status: 200, data: { id: 'tok_4', card: { brand: 'Visa', last4: '4242' } } },
      'POST /api/payment-methods': ok(visa, 'Card added'),
      'GET /api/payment-methods': fail(503, 'Service Unavailable'),
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { store } = renderWithStore(<NewPaymentMethodPage />, { path: '/newpaymentmethod', session: signedIn() });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment');
    expect(store.getState().session.paymentMethod).toEqual([visa]);
    expect(bus.alerts()).toEqual([{ type: 'success', message: 'Card added' }]);
  });
});
