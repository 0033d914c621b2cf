import { loadStripe } from '@stripe/stripe-js/pure';
import { loadStripeWithTimeout } from './loadStripe';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));
const mockedLoad = loadStripe as jest.MockedFunction<typeof loadStripe>;

describe('loadStripeWithTimeout', () => {
  afterEach(() => {
    jest.useRealTimers();
    mockedLoad.mockReset();
  });

  it('never calls Stripe without a key', async () => {
    await expect(loadStripeWithTimeout('')).rejects.toThrow('No card provider key is configured.');
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('answers the Stripe instance for the key', async () => {
    const stripe = { elements: jest.fn() };
    mockedLoad.mockResolvedValue(stripe as never);
    await expect(loadStripeWithTimeout('pk_test_ok')).resolves.toBe(stripe);
    expect(mockedLoad).toHaveBeenCalledWith('pk_test_ok');
  });

  it('gives up after the timeout when Stripe.js never loads, and tries again afterwards', async () => {
    jest.useFakeTimers();
    mockedLoad.mockReturnValue(new Promise(() => undefined));
    const pending = loadStripeWithTimeout('pk_test_hang', 5000);
    const outcome = expect(pending).rejects.toThrow('The card provider did not answer in time.');
    await jest.advanceTimersByTimeAsync(5000);
    await outcome;

    const stripe = { elements: jest.fn() };
    mockedLoad.mockResolvedValue(stripe as never);
    await expect(loadStripeWithTimeout('pk_test_hang', 5000)).resolves.toBe(stripe);
  });

  it('fails clearly when Stripe answers nothing', async () => {
    mockedLoad.mockResolvedValue(null);
    await expect(loadStripeWithTimeout('pk_test_null')).rejects.toThrow('The card provider could not be loaded.');
  });
});
