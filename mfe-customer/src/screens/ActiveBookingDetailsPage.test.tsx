import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, JOB_NOT_FOUND, JOB_NOT_YOURS, NO_JOB_CHOSEN } from 'shared';
import ActiveBookingDetailsPage from './ActiveBookingDetailsPage';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const accepted = makeJob({
  id: 7,
  status: 'Accepted',
  price: 25,
  duration: '45 min',
  date: '2025-03-06',
  time: '09:30',
  updated_at: '2025-03-05T14:07:00.000Z',
});

const steps = () => within(screen.getByRole('list', { name: 'Booking progress' })).getAllByRole('listitem');

describe('Booking Details (/activebookingdetails, customer view)', () => {
  setupScreenTest();

  it('shows the stepper at step 2, the summary, pick and drop address and the status', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7 } });
    expect(screen.getByRole('heading', { name: 'Booking Details', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(steps().map((s) => s.textContent)).toEqual([
      '✓On the move (done)',
      '2Reached your location',
      '3On the way to drop address',
      '4Reached to the destination.',
    ]);
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Date').nextSibling).toHaveTextContent('March 5th 2025, 2:07 pm');
    expect(within(summary).getByText('Duration').nextSibling).toHaveTextContent('45 min');
    expect(within(summary).getByText('Price').nextSibling).toHaveTextContent('$25');
    expect(within(summary).getByText('Requested for').nextSibling).toHaveTextContent('2025-03-06, 09:30');
    const route = screen.getByRole('region', { name: 'Pick and Drop' });
    expect(route).toHaveTextContent('Pick Address12 MG Road');
    expect(route).toHaveTextContent('Drop AddressAirport Terminal 1');
    expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Accepted');
  });

  it('no step is current while the booking waits for approval', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Pending' }) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7 } });
    await screen.findByText('Ravi Kumar');
    expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Waiting for Approval');
    expect(steps().some((s) => s.hasAttribute('aria-current'))).toBe(false);
  });

  it('updates live when the provider changes the booking', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Pending' }) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7 } });
    await screen.findByText('Ravi Kumar');
    act(() => bus.emit({ type: 'job/updated', job: accepted }));
    expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Accepted');
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');
  });

  it('View on Map opens the map of this booking', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7 } });
    await user.click(await screen.findByRole('button', { name: 'View on Map' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/viewonmap');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"jobId":7}');
  });

  it('Chat opens the chat with the provider', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/chatview/${accepted.provider_id}`);
  });

  it('shows a past booking the same way, with its past label and a rating action when unrated', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Completed' }) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7, page: 'previousBooking' } });
    await screen.findByText('Ravi Kumar');
    expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Completed');
    expect(steps().every((s) => s.textContent?.includes('(done)'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Rate this booking' })).toHaveAttribute('href', '/bookingfinished');
    expect(screen.getByRole('link', { name: 'Back to Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
  });

  it.each([
    ['no booking was chosen', undefined, null, NO_JOB_CHOSEN],
    ['the booking does not exist', { jobId: 9 }, fail(404, 'Job not found.'), JOB_NOT_FOUND],
    ['the booking is not yours', { jobId: 9 }, fail(403, 'This job is not yours.'), JOB_NOT_YOURS],
  ])('says so clearly when %s', async (_case, state, reply, message) => {
    fakeApi(reply ? { 'GET /api/jobs/9': reply } : {});
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Active Bookings' })).toHaveAttribute('href', '/activebooking');
  });

  it('shows a clear failure with Retry', async () => {
    let calls = 0;
    fakeApi({ 'GET /api/jobs/7': () => (++calls === 1 ? fail(500, 'Server Error') : ok(accepted)) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7 } });
    expect(await screen.findByText('The booking could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
  });
});
