import { screen, within } from '@testing-library/react';
import PaymentPage from './PaymentPage';
import { renderWithStore, signedIn } from '../testing/renderWithStore';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { master, visa } from '../testing/cards';

describe('PaymentPage', () => {
  let api: ReturnType<typeof fakeApi> | null = null;
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    api?.restore();
    api = null;
    jest.restoreAllMocks();
  });

  it('shows the card-less illustration when there are no cards', async () => {
    api = fakeApi({ 'GET /api/payment-methods': ok([]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'No saved cards' })).toBeInTheDocument();
    expect(screen.getByText('You have no saved cards yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/newpaymentmethod');
  });

  it('lists the saved cards, the first as Default', async () => {
    api = fakeApi({ 'GET /api/payment-methods': ok([visa, master]) });
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
    api = fakeApi({ 'GET /api/payment-methods': ok([visa, { ...master, is_default: true }]) });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    const first = await screen.findByRole('listitem', { name: 'Mastercard ending in 4444' });
    expect(within(first).getByText('Default')).toBeInTheDocument();
  });

  it('is never stuck on an error: a failed load offers Retry', async () => {
    api = fakeApi({ 'GET /api/payment-methods': fail(500, 'Server Error') });
    renderWithStore(<PaymentPage />, { path: '/payment', session: signedIn() });
    expect(await screen.findByText('Your saved cards could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
