import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, JOB_NOT_FOUND, JOB_NOT_YOURS, NO_JOB_CHOSEN } from 'shared';
import ActiveBookingDetailsPage from './ActiveBookingDetailsPage';
import { renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
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

const ACCEPTED_LINE = 'This booking has been accepted. To change or cancel it, chat with your provider.';
const ACCEPTED_409 =
  'This booking has already been accepted and can no longer be cancelled in the app. Please chat with your provider.';

describe('Booking Details (/activebookingdetails, customer view)', () => {
  const recorded = setupScreenTest();

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
    expect(within(summary).getByText('Requested for').nextSibling).toHaveTextContent('March 6th 2025, 9:30 am');
    const route = screen.getByRole('region', { name: 'Pick and Drop' });
    expect(route).toHaveTextContent('Pick Address12 MG Road');
    expect(route).toHaveTextContent('Drop AddressAirport Terminal 1');
    expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Accepted');
  });

  it('opened from its address (a booking card opened in a new tab) it shows that booking', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', search: '?job=7' });
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByText('No booking was chosen.', { exact: false })).not.toBeInTheDocument();
  });

  it('a finished booking opened from its address belongs to Previous Bookings (a Rate link in a new tab)', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Completed' }) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', search: '?job=7' });
    expect(await screen.findByRole('link', { name: 'Back to Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
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
    expect(screen.getByRole('link', { name: 'Rate this booking' })).toHaveAttribute('href', '/bookingfinished?job=7');
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

  describe('cancelling a booking (issue 13)', () => {
    const pending = { ...accepted, status: 'Pending' as const };
    const open = (state: unknown = { jobId: 7 }) =>
      renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state });
    const dialog = () => screen.getByRole('dialog', { name: 'Cancel this booking?' });

    it('a Pending booking offers Cancel Booking, which asks first and explains the refund', async () => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs/7': ok(pending) });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      expect(dialog()).toHaveTextContent(
        'The provider will no longer see this request, and your booking payment of 10.00 INR will be refunded to your card.',
      );
      expect(within(dialog()).getByRole('button', { name: 'Yes, cancel booking' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
      expect(screen.queryByText(ACCEPTED_LINE)).not.toBeInTheDocument();
      expect(api.writes()).toEqual([]);
    });

    it('Keep booking and Escape close the dialog and send nothing', async () => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs/7': ok(pending) });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Keep booking' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cancel Booking' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.writes()).toEqual([]);
      expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Waiting for Approval');
    });

    it('Yes, cancel booking is busy while the call runs; then the refund toast and Previous Bookings', async () => {
      const user = userEvent.setup();
      const cancelledJob = { ...pending, status: 'Cancelled' as const, refunded: true };
      const answer = deferred(ok([cancelledJob], 'Booking cancelled successfully'));
      const api = fakeApi({ 'GET /api/jobs/7': ok(pending), 'PATCH /api/jobs/7': answer.handler });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Yes, cancel booking' }));
      expect(within(dialog()).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Keep booking' })).toBeDisabled();
      await user.keyboard('{Escape}');
      expect(dialog()).toBeInTheDocument();
      expect(api.writes()).toEqual([{ method: 'PATCH', url: '/api/jobs/7', params: undefined, body: { status: 'Cancelled' } }]);

      answer.release();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/previousbooking'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(recorded.bus.toasts()).toEqual([
        { kind: 'success', message: 'Booking cancelled. Your 10.00 INR payment has been refunded.' },
      ]);
      // The screen reports the outcome itself: no second, global alert.
      expect(recorded.bus.alerts()).toEqual([]);
      expect(recorded.bus.events).toContainEqual({ type: 'job/updated', job: cancelledJob });
      expect(recorded.bus.events).toContainEqual({ type: 'job/changed', jobs: [cancelledJob] });
      expect(api.writes()).toHaveLength(1);
    });

    it('a refusal the next try may not get (a server fault) stays in the dialog, with Yes to try again', async () => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs/7': ok(pending), 'PATCH /api/jobs/7': fail(503, 'Service Unavailable') });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Yes, cancel booking' }));
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Service Unavailable');
      const again = within(dialog()).getByRole('button', { name: 'Yes, cancel booking' });
      expect(again).toBeEnabled();
      expect(again).toHaveFocus();
      // Still on the details page (nothing navigated away).
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
      expect(recorded.bus.toasts()).toEqual([]);
      expect(recorded.bus.alerts()).toEqual([]);
      expect(api.callsTo('GET', '/api/jobs/7')).toHaveLength(1);
      await user.click(within(dialog()).getByRole('button', { name: 'Keep booking' }));
      expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Waiting for Approval');
    });

    it('accepted meanwhile, unseen (409): the dialog says why and leaves only OK; the page shows it Accepted', async () => {
      const user = userEvent.setup();
      let reads = 0;
      const api = fakeApi({
        'GET /api/jobs/7': () => (reads++ === 0 ? ok(pending) : ok(accepted)),
        'PATCH /api/jobs/7': fail(409, ACCEPTED_409),
      });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Yes, cancel booking' }));
      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(ACCEPTED_409);
      expect(within(dialog()).queryByRole('button', { name: 'Yes, cancel booking' })).not.toBeInTheDocument();
      expect(within(dialog()).queryByText(/will be refunded/)).not.toBeInTheDocument();
      const close = within(dialog()).getByRole('button', { name: 'OK' });
      await waitFor(() => expect(close).toHaveFocus());
      // The booking is fetched again behind the dialog, quietly (no global alert).
      await waitFor(() => expect(api.callsTo('GET', '/api/jobs/7')).toHaveLength(2));
      expect(recorded.bus.alerts()).toEqual([]);
      await user.click(close);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Accepted');
      expect(screen.getByText(ACCEPTED_LINE)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
      expect(api.writes()).toHaveLength(1);
    });

    it('accepted live while the dialog is open: it says so at once, leaves only OK and sends nothing', async () => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs/7': ok(pending) });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      act(() => bus.emit({ type: 'job/updated', job: accepted }));
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(ACCEPTED_409);
      expect(within(dialog()).queryByText(/will be refunded/)).not.toBeInTheDocument();
      expect(
        within(dialog())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(expect.not.arrayContaining(['Yes, cancel booking', 'Keep booking']));
      expect(within(dialog()).getByRole('button', { name: 'OK' })).toHaveFocus();
      await user.click(within(dialog()).getByRole('button', { name: 'OK' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Driver' })).toHaveTextContent('Accepted');
      expect(screen.getByText(ACCEPTED_LINE)).toBeInTheDocument();
      expect(api.writes()).toEqual([]);
    });

    it.each([
      ['Rejected', 'This booking has already been rejected.'],
      ['Expired', 'This request expired before it was answered.'],
      ['Cancelled', 'This booking has already been cancelled.'],
    ] as const)('%s live while the dialog is open: the dialog says "%s"', async (status, message) => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs/7': ok(pending) });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      act(() => bus.emit({ type: 'job/updated', job: { ...pending, status, refunded: true } }));
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(message);
      expect(within(dialog()).queryByRole('button', { name: 'Yes, cancel booking' })).not.toBeInTheDocument();
      expect(within(dialog()).getByRole('button', { name: 'OK' })).toHaveFocus();
      expect(api.writes()).toEqual([]);
    });

    it('news of the booking while Yes runs does not interrupt it: the cancel ends in Previous Bookings', async () => {
      const user = userEvent.setup();
      const cancelledJob = { ...pending, status: 'Cancelled' as const, refunded: true };
      const answer = deferred(ok([cancelledJob], 'Booking cancelled successfully'));
      fakeApi({ 'GET /api/jobs/7': ok(pending), 'PATCH /api/jobs/7': answer.handler });
      open();
      await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Yes, cancel booking' }));
      act(() => bus.emit({ type: 'job/updated', job: cancelledJob }));
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(dialog()).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
      answer.release();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/previousbooking'));
    });

    it('an Accepted booking has no Cancel Booking but says to chat with the provider, beside Chat', async () => {
      fakeApi({ 'GET /api/jobs/7': ok(accepted) });
      open();
      expect(await screen.findByText(ACCEPTED_LINE)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    });

    it.each([
      ['Rejected', false, 'Rejected'],
      ['Rejected', true, 'Rejected — refunded'],
      ['Cancelled', true, 'Cancelled'],
      ['Expired', true, 'Expired'],
    ] as const)('status %s (refunded: %s) reads "%s", with no progress and no cancel', async (status, refunded, label) => {
      fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status, refunded }) });
      for (const state of [{ jobId: 7 }, { jobId: 7, page: 'previousBooking' }]) {
        const { unmount } = open(state);
        expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
        expect(within(screen.getByRole('region', { name: 'Driver' })).getByText(label)).toBeInTheDocument();
        expect(screen.queryByRole('region', { name: 'Progress' })).not.toBeInTheDocument();
        expect(screen.queryByRole('list', { name: 'Booking progress' })).not.toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
        expect(screen.queryByText(ACCEPTED_LINE)).not.toBeInTheDocument();
        unmount();
      }
    });

    it('cancelled in another tab: Cancel Booking goes away live', async () => {
      fakeApi({ 'GET /api/jobs/7': ok(pending) });
      open();
      await screen.findByRole('button', { name: 'Cancel Booking' });
      act(() => bus.emit({ type: 'job/updated', job: { ...pending, status: 'Cancelled', refunded: true } }));
      expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Driver' })).getByText('Cancelled')).toBeInTheDocument();
    });
  });
});
