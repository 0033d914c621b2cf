import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus as appBus, JOB_NOT_YOURS } from 'shared';
import { configureLocationSharing, DENIED_MESSAGE, startLocationSharing, stopLocationSharing } from 'shared/src/location';
import { fakeGeolocation, fakeLocationBackend, fakePermissions, type FakeGeolocation } from 'shared/src/location/testing';
import ProviderActiveBookingDetailsPage from '../screens/ProviderActiveBookingDetailsPage';
import { NOT_SHARED_LINE } from './JobDetails';
import ActiveBookingDetailsPage from '../screens/ActiveBookingDetailsPage';
import { location, renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { CUSTOMER_ID, makeJob, PROVIDER_ID } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

// The job's id (7) differs from its provider's id (20): Finish Job must use the job's (deviation 8).
const accepted = makeJob({
  id: 7,
  status: 'Accepted',
  price: 40,
  duration: '1 hour',
  created_at: '2025-03-01T08:00:00.000Z',
  updated_at: '2025-03-05T14:07:00.000Z',
});

const open = (state: unknown = { jobId: 7 }, role: 'Provider' | 'Customer' = 'Provider') =>
  renderScreen(<ProviderActiveBookingDetailsPage />, { path: '/provideractivebookingdetails', state, role });

describe('Job Details (/provideractivebookingdetails and the provider view of /activebookingdetails)', () => {
  const { bus } = setupScreenTest();

  it('shows the customer, summary (date from the updated time), pick and drop, the status, View Map and Chat', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    open();
    expect(screen.getByRole('heading', { name: 'Job Details', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the job');
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Asha Verma');
    expect(customer).toHaveTextContent('Status: Accepted');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('DateMarch 5th 2025, 2:07 pm');
    expect(summary).toHaveTextContent('Duration1 hour');
    expect(summary).toHaveTextContent('Price$40');
    expect(screen.getByRole('region', { name: 'Pick and Drop' })).toHaveTextContent(
      'Pick Address12 MG RoadDrop AddressAirport Terminal 1',
    );
    expect(screen.getByRole('button', { name: 'View Map' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
  });

  it('opened from its address (a job link opened in a new tab) it shows that job', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    renderScreen(<ProviderActiveBookingDetailsPage />, {
      path: '/provideractivebookingdetails',
      search: '?job=7',
      role: 'Provider',
    });
    expect(await screen.findByRole('button', { name: 'Finish Job' })).toBeInTheDocument();
  });

  it('View Map opens the map with the job id', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'View Map' }));
    expect(location()).toEqual({ pathname: '/viewonmap', state: { jobId: 7 } });
  });

  it('Chat opens the chat with the customer', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    expect(location().pathname).toBe(`/chatview/${CUSTOMER_ID}`);
  });

  it('Finish Job sends PATCH /api/jobs/{the job id} with Completed, is disabled in flight, then /ridefinished', async () => {
    const answer = deferred(ok([{ ...accepted, status: 'Completed' }], 'Job completed successfully'));
    const api = fakeApi({ 'GET /api/jobs/7': ok(accepted), 'PATCH /api/jobs/7': answer.handler });
    open();
    const finish = await screen.findByRole('button', { name: 'Finish Job' });
    await userEvent.click(finish);
    expect(finish).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move back to Waiting for Approval' })).toBeDisabled();
    await userEvent.click(finish);
    answer.release();
    await waitFor(() => expect(location().pathname).toBe('/ridefinished'));
    expect(api.writes()).toEqual([{ method: 'PATCH', url: '/api/jobs/7', params: undefined, body: { status: 'Completed' } }]);
    expect(api.callsTo('PATCH', `/api/jobs/${PROVIDER_ID}`)).toEqual([]);
    expect(bus.alerts()).toContainEqual({ type: 'success', message: 'Job completed successfully' });
    expect(bus.events).toContainEqual({ type: 'job/updated', job: { ...accepted, status: 'Completed' } });
  });

  it("Finish Job on a slow connection: the job's live update before the answer leaves Finish Job there, busy", async () => {
    const answer = deferred(ok([{ ...accepted, status: 'Completed' }], 'Job completed successfully'));
    fakeApi({ 'GET /api/jobs/7': ok(accepted), 'PATCH /api/jobs/7': answer.handler });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish Job' }));
    act(() => appBus.emit({ type: 'job/updated', job: { ...accepted, status: 'Completed' } }));
    expect(screen.getByRole('button', { name: 'Finish Job' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Finish Job' })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(location().pathname).toBe('/ridefinished'));
  });

  it('Finish Job with no answer, though the server finished it: the live update clears the error', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(accepted), 'PATCH /api/jobs/7': fail(0, 'Network Error') });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish Job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    act(() => appBus.emit({ type: 'job/updated', job: { ...accepted, status: 'Completed' } }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Completed'));
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
  });

  it('Finish Job whose answer was lost though the server finished it: the job read again says so, and Ride Finished follows', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/jobs/7': () => ok(++reads === 1 ? accepted : { ...accepted, status: 'Completed' }),
      'PATCH /api/jobs/7': fail(0, 'Network Error'),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish Job' }));
    await waitFor(() => expect(location().pathname).toBe('/ridefinished'));
    expect(bus.events).toContainEqual({ type: 'alert/clear' });
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
  });

  it('Finish Job answered 409 shows the server message and the job as it is now', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/jobs/7': () => (++reads === 1 ? ok(accepted) : ok({ ...accepted, status: 'Completed' })),
      'PATCH /api/jobs/7': fail(409, 'This job is already Completed.'),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish Job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This job is already Completed.');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Completed'));
    expect(screen.queryByRole('button', { name: 'Finish Job' })).not.toBeInTheDocument();
    expect(location().pathname).toBeNull();
  });

  it.each(['Pending', 'Rejected', 'Completed', 'Approved'] as const)(
    'offers no Finish Job while the job is %s',
    async (status) => {
      fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status }) });
      open();
      await screen.findByRole('region', { name: 'Customer' });
      expect(screen.queryByRole('button', { name: 'Finish Job' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Move back to Waiting for Approval' })).not.toBeInTheDocument();
    },
  );

  it('a Pending job leads to its request to accept or reject it', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Pending' }) });
    open();
    expect(await screen.findByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Waiting for Approval');
    await userEvent.click(screen.getByRole('link', { name: 'Accept or Reject' }));
    expect(location()).toEqual({ pathname: '/jobrequestdetails', state: { jobId: 7 } });
  });

  it('the approve toggle moves an Accepted job back to Waiting for Approval in place', async () => {
    const api = fakeApi({
      'GET /api/jobs/7': ok(accepted),
      'PATCH /api/jobs/7': ok([{ ...accepted, status: 'Pending' }], 'Job pending successfully'),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Move back to Waiting for Approval' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Waiting for Approval'),
    );
    expect(api.writes()).toEqual([{ method: 'PATCH', url: '/api/jobs/7', params: undefined, body: { status: 'Pending' } }]);
    expect(screen.queryByRole('button', { name: 'Finish Job' })).not.toBeInTheDocument();
    // The pressed button went with the job in progress: the focus is on what comes next, not on the page.
    expect(screen.getByRole('link', { name: 'Accept or Reject' })).toHaveFocus();
    expect(location().pathname).toBeNull();
  });

  it('Finish Job appears live when the job is accepted elsewhere', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Pending' }) });
    open();
    await screen.findByRole('link', { name: 'Accept or Reject' });
    act(() => appBus.emit({ type: 'job/updated', job: accepted }));
    expect(screen.getByRole('button', { name: 'Finish Job' })).toBeEnabled();
  });

  it("a job that is not the provider's says so, with a way to Active Bookings", async () => {
    fakeApi({ 'GET /api/jobs/7': fail(403, 'This job is not yours.') });
    open();
    expect(await screen.findByText(JOB_NOT_YOURS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Active Bookings' })).toHaveAttribute('href', '/activebooking');
  });

  it('a failure to load shows the message and Retry', async () => {
    let attempts = 0;
    fakeApi({ 'GET /api/jobs/7': () => (++attempts === 1 ? fail(500, 'Server Error') : ok(accepted)) });
    open();
    expect(await screen.findByText('The job could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Finish Job' })).toBeInTheDocument();
  });

  it('the provider view of /activebookingdetails is the same screen; from Previous Bookings it leads back there', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Completed' }) });
    renderScreen(<ActiveBookingDetailsPage />, { path: '/activebookingdetails', state: { jobId: 7, page: 'previousBooking' } });
    expect(screen.getByRole('heading', { name: 'Job Details', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Completed');
    expect(screen.getByRole('link', { name: 'Back to Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
    expect(screen.queryByRole('button', { name: 'Finish Job' })).not.toBeInTheDocument();
  });

  it('a customer who opens the provider screen is sent to their own view', () => {
    const api = fakeApi({});
    open({ jobId: 7 }, 'Customer');
    expect(screen.getByText('Only the provider of a booking can answer or finish it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Booking Details' })).toHaveAttribute('href', '/activebookingdetails?job=7');
    expect(api.calls).toEqual([]);
  });

  it.each([
    ['Cancelled', 'The customer cancelled this booking.'],
    ['Expired', 'This request expired before it was answered.'],
  ] as const)('a %s job shows its status and why, and no actions on it (issue 13)', async (status, line) => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status, refunded: true }) });
    open();
    expect(await screen.findByRole('region', { name: 'Customer' })).toHaveTextContent(`Status: ${status}`);
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept or Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish Job' })).not.toBeInTheDocument();
  });

  it('a request the customer cancels while it is open loses Accept or Reject live', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Pending' }) });
    open();
    await screen.findByRole('link', { name: 'Accept or Reject' });
    act(() => appBus.emit({ type: 'job/updated', job: { ...accepted, status: 'Cancelled', refunded: true } }));
    expect(screen.getByText('The customer cancelled this booking.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Cancelled');
    expect(screen.queryByRole('link', { name: 'Accept or Reject' })).not.toBeInTheDocument();
  });

  it('from Previous Bookings, a refunded rejection reads Rejected on the provider side', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Rejected', refunded: true }) });
    open({ jobId: 7, page: 'previousBooking' });
    expect(await screen.findByRole('region', { name: 'Customer' })).toHaveTextContent('Status: Rejected');
    expect(screen.queryByText(/refunded/)).not.toBeInTheDocument();
  });
});

describe('Job Details: whether the customer can follow the provider on the map', () => {
  setupScreenTest();
  let geo: FakeGeolocation;
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  const share = async (permission: PermissionState) => {
    geo = fakeGeolocation();
    const { permissions } = fakePermissions(permission);
    configureLocationSharing({ geolocation: geo, backend: fakeLocationBackend(), locks: null, permissions });
    act(() => startLocationSharing({ userId: PROVIDER_ID, role: 'Provider', token: 'tok' }));
    await act(flush);
  };
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    act(() => stopLocationSharing());
    configureLocationSharing({});
  });

  it('not shared yet, a job in progress says so and offers Share location (the notice bar may have been dismissed)', async () => {
    await share('prompt');
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    open();
    const sharing = await screen.findByRole('group', { name: 'Location' });
    expect(sharing).toHaveTextContent(NOT_SHARED_LINE);
    expect(geo.watchCalls).toBe(0);
    await userEvent.click(within(sharing).getByRole('button', { name: 'Share location' }));
    expect(geo.watchCalls).toBe(1);
    expect(screen.queryByRole('group', { name: 'Location' })).not.toBeInTheDocument();
    // The pressed button went with the block: the focus is on the job's next action, not on the page.
    expect(screen.getByRole('button', { name: 'Finish Job' })).toHaveFocus();
  });

  it('blocked in the browser, it says how to turn it on', async () => {
    await share('denied');
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    open();
    expect(await screen.findByRole('group', { name: 'Location' })).toHaveTextContent(DENIED_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Share location' })).not.toBeInTheDocument();
  });

  it('says nothing while the position is shared', async () => {
    await share('granted');
    await act(async () => {
      geo.move(12.97, 77.59);
      await flush();
    });
    fakeApi({ 'GET /api/jobs/7': ok(accepted) });
    open();
    await screen.findByRole('button', { name: 'Finish Job' });
    expect(screen.queryByRole('group', { name: 'Location' })).not.toBeInTheDocument();
  });

  it('a Pending job says nothing of the location', async () => {
    await share('prompt');
    fakeApi({ 'GET /api/jobs/7': ok({ ...accepted, status: 'Pending' }) });
    open();
    await screen.findByRole('link', { name: 'Accept or Reject' });
    expect(screen.queryByRole('group', { name: 'Location' })).not.toBeInTheDocument();
  });
});
