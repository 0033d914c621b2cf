import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RUNTIME_CONFIG, hasUnsavedChanges, setRuntimeConfig } from 'shared';
import { loadStripeWithTimeout } from './loadStripe';
import StripeCardForm from './StripeCardForm';

jest.mock('./loadStripe', () => ({ loadStripeWithTimeout: jest.fn() }));
const mockedLoad = loadStripeWithTimeout as jest.MockedFunction<typeof loadStripeWithTimeout>;

type ElementType = 'cardNumber' | 'cardExpiry' | 'cardCvc';
interface ChangeEvent {
  empty: boolean;
  complete: boolean;
  error?: { message: string };
}

/** A fake split card Element: the test says what Stripe's field reports as the user types into it or leaves it. */
function fakeElement() {
  const handlers: Record<string, ((event?: ChangeEvent) => void)[]> = {};
  return {
    mount: jest.fn(),
    destroy: jest.fn(),
    focus: jest.fn(),
    on: jest.fn((event: string, handler: (event?: ChangeEvent) => void) => {
      (handlers[event] ??= []).push(handler);
    }),
    change: (event: ChangeEvent) => act(async () => handlers.change?.forEach((handler) => handler(event))),
    blur: () => act(async () => handlers.blur?.forEach((handler) => handler())),
  };
}
type FakeElement = ReturnType<typeof fakeElement>;

function fakeStripe(tokenAnswer: unknown = { token: { id: 'tok_123' } }) {
  const created: Partial<Record<ElementType, FakeElement>> = {};
  const stripe = {
    elements: jest.fn(() => ({
      create: jest.fn((type: ElementType) => {
        const element = fakeElement();
        created[type] = element;
        return element;
      }),
    })),
    createToken: jest.fn(async (..._args: unknown[]) => tokenAnswer),
  };
  const element = (type: ElementType) => {
    const found = created[type];
    if (!found) throw new Error(`no ${type} Element was created`);
    return found;
  };
  return { stripe, element };
}

const filled: ChangeEvent = { empty: false, complete: true };

async function renderForm(stripe: ReturnType<typeof fakeStripe>['stripe'], onToken = jest.fn()) {
  mockedLoad.mockResolvedValue(stripe as never);
  render(<StripeCardForm submitLabel="Pay" onToken={onToken} />);
  await screen.findByRole('button', { name: 'Pay' });
  return { onToken, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('group', { name });

describe('StripeCardForm', () => {
  beforeEach(() => setRuntimeConfig({ stripePublishableKey: 'pk_test_form' }));
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    mockedLoad.mockReset();
    jest.restoreAllMocks();
  });

  it("mounts Stripe's number, expiry and CVC Elements under their labels; a label's click focuses its Element", async () => {
    const { stripe, element } = fakeStripe();
    const { user } = await renderForm(stripe);
    expect(mockedLoad).toHaveBeenCalledWith('pk_test_form');
    expect(element('cardNumber').mount).toHaveBeenCalledWith(field('Card Number'));
    expect(element('cardExpiry').mount).toHaveBeenCalledWith(field('Expiry Date'));
    expect(element('cardCvc').mount).toHaveBeenCalledWith(field('CVV'));
    expect(screen.getByLabelText('Card Name')).toHaveAttribute('autocomplete', 'cc-name');

    await user.click(screen.getByText('Expiry Date'));
    expect(element('cardExpiry').focus).toHaveBeenCalledTimes(1);
    await user.click(screen.getByText('CVV'));
    expect(element('cardCvc').focus).toHaveBeenCalledTimes(1);
    await user.click(screen.getByText('Card Number'));
    expect(element('cardNumber').focus).toHaveBeenCalledTimes(1);
  });

  it("shows the spec's messages on an empty submit, tied to their fields, and does not ask Stripe for a token", async () => {
    const { stripe } = fakeStripe();
    const { user, onToken } = await renderForm(stripe);
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const name = screen.getByLabelText('Card Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(field('Card Number')).toHaveAccessibleDescription('Must be 16 Digit');
    expect(field('Card Number')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Expiry Date')).toHaveAccessibleDescription('Expiry date is required');
    expect(field('Expiry Date')).toHaveAttribute('aria-invalid', 'true');
    expect(field('CVV')).toHaveAccessibleDescription('cvv date is required');
    expect(field('CVV')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Required')).toHaveLength(1);
    // The focus goes to the first field to mend.
    expect(name).toHaveFocus();
    expect(stripe.createToken).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('puts the focus in the first empty Element after a submit with only the name filled', async () => {
    const { stripe, element } = fakeStripe();
    const { user } = await renderForm(stripe);
    await user.type(screen.getByLabelText('Card Name'), 'Carla');
    await element('cardNumber').change(filled);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Expiry date is required')).toBeInTheDocument();
    expect(element('cardExpiry').focus).toHaveBeenCalled();
    expect(element('cardNumber').focus).not.toHaveBeenCalled();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(stripe.createToken).not.toHaveBeenCalled();
  });

  it('checks the card name once it is left: required and at most 15 characters', async () => {
    const { stripe } = fakeStripe();
    const { user } = await renderForm(stripe);
    const name = screen.getByLabelText('Card Name');
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription('Required');

    await user.type(name, 'Carla Q Customer');
    expect(name).toHaveAccessibleDescription('Must be 15 characters or less');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, '{Backspace}');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Must be 15 characters or less')).not.toBeInTheDocument();
  });

  it("does not send a 16-character name and shows the spec's message", async () => {
    const { stripe, element } = fakeStripe();
    const { user } = await renderForm(stripe);
    await user.type(screen.getByLabelText('Card Name'), 'Carla Q Customer');
    await element('cardNumber').change(filled);
    await element('cardExpiry').change(filled);
    await element('cardCvc').change(filled);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Must be 15 characters or less')).toBeInTheDocument();
    expect(stripe.createToken).not.toHaveBeenCalled();
  });

  it("shows an empty Element's message once it is left, and Stripe's own error as Stripe reports it", async () => {
    const { stripe, element } = fakeStripe();
    const { user } = await renderForm(stripe);
    await element('cardExpiry').blur();
    expect(field('Expiry Date')).toHaveAccessibleDescription('Expiry date is required');
    expect(field('Card Number')).not.toHaveAttribute('aria-invalid');

    await element('cardNumber').change({ empty: false, complete: false, error: { message: 'Your card number is invalid.' } });
    expect(field('Card Number')).toHaveAccessibleDescription('Your card number is invalid.');
    await user.type(screen.getByLabelText('Card Name'), 'Carla');
    await element('cardExpiry').change(filled);
    await element('cardCvc').change(filled);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    // The submit's checks are done (the button is enabled again) before the card changes, as a person's would be.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(field('Card Number')).toHaveAccessibleDescription('Your card number is invalid.');
    expect(stripe.createToken).not.toHaveBeenCalled();

    await element('cardNumber').change(filled);
    expect(field('Card Number')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Your card number is invalid.')).not.toBeInTheDocument();
  });

  it('tokenises the split Elements with the trimmed name and hands back the token', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { stripe, element } = fakeStripe();
    stripe.createToken.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { user, onToken } = await renderForm(stripe);
    await user.type(screen.getByLabelText('Card Name'), '  Carla ');
    await element('cardNumber').change(filled);
    await element('cardExpiry').change(filled);
    await element('cardCvc').change(filled);
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(stripe.createToken).toHaveBeenCalledTimes(1));
    expect(stripe.createToken).toHaveBeenCalledWith(element('cardNumber'), { name: 'Carla' });
    // While Stripe answers, the form shows it is saving and cannot be sent twice.
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saving card');
    await act(async () => answer({ token: { id: 'tok_123' } }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_123'));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows Stripe's refusal until the card or the card name changes", async () => {
    const { stripe, element } = fakeStripe({ error: { message: 'Your card was declined.' } });
    const { user, onToken } = await renderForm(stripe);
    await user.type(screen.getByLabelText('Card Name'), 'Carla');
    await element('cardNumber').change(filled);
    await element('cardExpiry').change(filled);
    await element('cardCvc').change(filled);
    const pay = screen.getByRole('button', { name: 'Pay' });

    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onToken).not.toHaveBeenCalled();
    await element('cardCvc').change({ empty: false, complete: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.type(screen.getByLabelText('Card Name'), 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stripe.createToken).toHaveBeenCalledTimes(2);
  });

  it('asks before a navigation drops anything typed into an Element or the card name', async () => {
    const { stripe, element } = fakeStripe();
    const { user } = await renderForm(stripe);
    expect(hasUnsavedChanges()).toBe(false);
    await element('cardCvc').change({ empty: false, complete: false });
    expect(hasUnsavedChanges()).toBe(true);
    await element('cardCvc').change({ empty: true, complete: false });
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(screen.getByLabelText('Card Name'), 'C');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('offers Retry when Stripe cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { stripe } = fakeStripe();
    mockedLoad.mockRejectedValueOnce(new Error('The card provider did not answer in time.'));
    const user = userEvent.setup();
    render(<StripeCardForm submitLabel="Pay" onToken={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the card provider');
    expect(await screen.findByText('Checkout is not available right now.')).toBeInTheDocument();
    expect(screen.getByText('The card provider did not answer in time.')).toBeInTheDocument();
    mockedLoad.mockResolvedValueOnce(stripe as never);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Card Number' })).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledTimes(2);
  });
});
