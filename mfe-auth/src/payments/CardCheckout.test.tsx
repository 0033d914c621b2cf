import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { DEFAULT_RUNTIME_CONFIG, hasUnsavedChanges, setRuntimeConfig } from 'shared';
import { CardCheckout } from './CardCheckout';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));
const mockedLoad = loadStripe as jest.MockedFunction<typeof loadStripe>;

function fakeStripe(tokenAnswer: unknown) {
  const changeHandlers: ((event: { empty: boolean }) => void)[] = [];
  const card = {
    mount: jest.fn(),
    destroy: jest.fn(),
    on: jest.fn((_event: 'change', handler: (event: { empty: boolean }) => void) => changeHandlers.push(handler)),
    /** What Stripe's card field reports as the user types into it or clears it. */
    typed: (empty: boolean) => act(async () => changeHandlers.forEach((handler) => handler({ empty }))),
  };
  const stripe = {
    elements: jest.fn(() => ({ create: jest.fn(() => card) })),
    createToken: jest.fn(async () => tokenAnswer),
  };
  return { stripe, card };
}

describe('CardCheckout', () => {
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    mockedLoad.mockReset();
    jest.restoreAllMocks();
  });

  it('uses the sandbox card form when no Stripe key is configured, without loading Stripe', () => {
    render(<CardCheckout submitLabel="Pay" onToken={jest.fn()} />);
    expect(screen.getByLabelText('Card Number')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('asks before a navigation drops a card typed into the sandbox form', async () => {
    const user = userEvent.setup();
    render(<CardCheckout submitLabel="Pay" onToken={jest.fn()} />);
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(screen.getByLabelText('Card Number'), '4242');
    expect(hasUnsavedChanges()).toBe(true);
    await user.clear(screen.getByLabelText('Card Number'));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it("asks before a navigation drops a card typed into Stripe's field or a typed card name", async () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_guard' });
    const { stripe, card } = fakeStripe({ token: { id: 'tok_stripe' } });
    mockedLoad.mockResolvedValue(stripe as never);
    const user = userEvent.setup();
    render(<CardCheckout submitLabel="Pay" onToken={jest.fn()} />);
    await screen.findByTestId('stripe-card-element');
    expect(hasUnsavedChanges()).toBe(false);
    await card.typed(false);
    expect(hasUnsavedChanges()).toBe(true);
    await card.typed(true);
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(screen.getByLabelText('Card Name'), 'C');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('uses Stripe Elements when a publishable key is configured and hands back its token', async () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_123' });
    const { stripe, card } = fakeStripe({ token: { id: 'tok_stripe' } });
    mockedLoad.mockResolvedValue(stripe as never);
    const onToken = jest.fn();
    const user = userEvent.setup();
    render(<CardCheckout submitLabel="Pay 10.00 INR" onToken={onToken} />);
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('pk_test_123');
    expect(card.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-card-element'));
    expect(screen.getByTestId('stripe-card-element')).toBe(screen.getByRole('group', { name: 'Card Number' }));
    await user.type(screen.getByLabelText('Card Name'), 'Carla');
    await card.typed(false);
    await user.click(screen.getByRole('button', { name: 'Pay 10.00 INR' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_stripe'));
    expect(stripe.createToken).toHaveBeenCalledWith(card, { name: 'Carla' });
  });

  it("shows Stripe's refusal and does not hand back a token", async () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_refuse' });
    const { stripe, card } = fakeStripe({ error: { message: 'Your card number is incomplete.' } });
    mockedLoad.mockResolvedValue(stripe as never);
    const onToken = jest.fn();
    const user = userEvent.setup();
    render(<CardCheckout submitLabel="Pay" onToken={onToken} />);
    await user.type(await screen.findByLabelText('Card Name'), 'Carla');
    await card.typed(false);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(onToken).not.toHaveBeenCalled();
  });

  it("takes Stripe's refusal away when the card or the card name changes", async () => {
    setRuntimeConfig({ stripePublishableKey: 'pk_test_clear' });
    const { stripe, card } = fakeStripe({ error: { message: 'Your card number is incorrect.' } });
    mockedLoad.mockResolvedValue(stripe as never);
    const user = userEvent.setup();
    render(<CardCheckout submitLabel="Pay" onToken={jest.fn()} />);
    await user.type(await screen.findByLabelText('Card Name'), 'Carla');
    await card.typed(false);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    await card.typed(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    await user.type(screen.getByLabelText('Card Name'), 'C');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Retry when Stripe cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRuntimeConfig({ stripePublishableKey: 'pk_test_down' });
    mockedLoad.mockResolvedValueOnce(null);
    const { stripe } = fakeStripe({ token: { id: 't' } });
    const user = userEvent.setup();
    render(<CardCheckout submitLabel="Pay" onToken={jest.fn()} />);
    expect(await screen.findByText('Checkout is not available right now.')).toBeInTheDocument();
    expect(screen.getByText('The card provider could not be loaded.')).toBeInTheDocument();
    mockedLoad.mockResolvedValueOnce(stripe as never);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
  });
});
