import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingTiming, bus, REQUESTS_OF_ONE_LOAD } from 'shared';
import ActiveBookingsPage from './ActiveBookingsPage';
import { renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { byProvider, makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const pending = makeJob({ id: 1, status: 'Pending', price: 25, updated_at: '2025-03-05T14:07:00.000Z' });
const accepted = makeJob({
  id: 2,
  status: 'Accepted',
  price: 32.5,
  rating: null,
  provider: { id: 21, full_name: 'Meera Nair', avatar: null, rating: 4.67 },
});
const rejected = makeJob({
  id: 3,
  status: 'Rejected',
  ...byProvider(22, 'Arjun Singh'),
});
const completed = makeJob({
  id: 4,
  status: 'Completed',
  ...byProvider(23, 'Priya Shah'),
});

const card = (name: RegExp) => screen.getByRole('link', { name }).closest('li')!;

describe('Active Bookings (/activebooking)', () => {
  setupScreenTest();

  it('shows a loader, then the Pending and Accepted bookings with the provider, time - price, rating and status', async () => {
    fakeApi({ 'GET /api/jobs': ok([pending, accepted, rejected, completed]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    expect(screen.getByRole('heading', { name: 'Active Bookings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your bookings');
    const list = await screen.findByRole('list', { name: 'Bookings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const ravi = card(/Ravi Kumar/);
    expect(ravi).toHaveTextContent('March 5th 2025, 2:07 pm - $25');
    expect(ravi).toHaveTextContent('Waiting for Approval');
    // The driver's average; the spec's placeholder 4.0 for a driver not rated yet.
    expect(ravi).toHaveTextContent('Rating 4.0');
    expect(card(/Meera Nair/)).toHaveTextContent('Rating 4.7');
    expect(card(/Meera Nair/)).toHaveTextContent('Accepted');
    expect(card(/Meera Nair/)).toHaveTextContent('$32.50');
    expect(screen.queryByText('Arjun Singh')).not.toBeInTheDocument();
    expect(screen.queryByText('Priya Shah')).not.toBeInTheDocument();
  });

  it('holds the loader for about 800 ms (spec section 9)', async () => {
    jest.useFakeTimers();
    try {
      bookingTiming.listLoaderMs = 800;
      fakeApi({ 'GET /api/jobs': ok([pending]) });
      renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(700);
      });
      expect(screen.getByRole('status')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(150);
      });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Ravi Kumar/ })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a provider sees the customer on each card', async () => {
    fakeApi({ 'GET /api/jobs': ok([pending]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking', role: 'Provider' });
    expect(await screen.findByRole('link', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument();
  });

  it("a provider's cards show the spec's placeholder rating, not their own average (customers are not rated)", async () => {
    fakeApi({ 'GET /api/jobs': ok([{ ...pending, provider: { ...pending.provider, rating: 3.2 } }]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking', role: 'Provider' });
    await screen.findByRole('link', { name: /Asha Verma/ });
    expect(card(/Asha Verma/)).toHaveTextContent('Rating 4.0');
  });

  it('a card opens its booking details', async () => {
    fakeApi({ 'GET /api/jobs': ok([pending, accepted]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    await userEvent.click(await screen.findByRole('link', { name: /Meera Nair/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/activebookingdetails');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"jobId":2}');
  });

  it('updates live when the provider answers (job/updated), without a reload', async () => {
    const api = fakeApi({ 'GET /api/jobs': ok([pending]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    await screen.findByRole('link', { name: /Ravi Kumar/ });
    expect(card(/Ravi Kumar/)).toHaveTextContent('Waiting for Approval');
    act(() => bus.emit({ type: 'job/updated', job: { ...pending, status: 'Accepted' } }));
    expect(card(/Ravi Kumar/)).toHaveTextContent('Accepted');
    expect(card(/Ravi Kumar/)).not.toHaveTextContent('Waiting for Approval');
    act(() => bus.emit({ type: 'job/updated', job: { ...pending, status: 'Rejected' } }));
    expect(screen.queryByRole('link', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
    expect(screen.getByText('You have no active bookings.')).toBeInTheDocument();
    // One load, no reload: the newest page and the active jobs however old.
    expect(api.callsTo('GET', '/api/jobs').map((call) => call.params)).toEqual([
      { per_page: 100 },
      { per_page: 100, status: 'Pending,Accepted' },
    ]);
  });

  it('a new booking appears live', async () => {
    fakeApi({ 'GET /api/jobs': ok([]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    expect(await screen.findByText('You have no active bookings.')).toBeInTheDocument();
    act(() => bus.emit({ type: 'job/updated', job: accepted }));
    expect(screen.getByRole('link', { name: /Meera Nair/ })).toBeInTheDocument();
  });

  it('says so when there are no active bookings, and offers to book one', async () => {
    fakeApi({ 'GET /api/jobs': ok([rejected]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    expect(await screen.findByText('You have no active bookings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', '/service');
  });

  it('shows a clear failure with Retry', async () => {
    let calls = 0;
    const gate = deferred(ok([pending]));
    fakeApi({ 'GET /api/jobs': () => (++calls === 1 ? fail(500, 'Server Error') : gate.handler()) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    expect(await screen.findByText('Your bookings could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole('link', { name: /Ravi Kumar/ })).toBeInTheDocument();
  });

  it('a booking cancelled in another tab leaves the list live, without a reload (issue 13)', async () => {
    const api = fakeApi({ 'GET /api/jobs': ok([pending, accepted]) });
    renderScreen(<ActiveBookingsPage />, { path: '/activebooking' });
    await screen.findByRole('link', { name: /Ravi Kumar/ });
    act(() => bus.emit({ type: 'job/updated', job: { ...pending, status: 'Cancelled', refunded: true } }));
    expect(screen.queryByRole('link', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole('listitem')).toHaveLength(1);
    expect(card(/Meera Nair/)).toHaveTextContent('Accepted');
    // One load, no reload.
    expect(api.callsTo('GET', '/api/jobs')).toHaveLength(REQUESTS_OF_ONE_LOAD);
  });
});
