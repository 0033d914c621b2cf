import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { signedInAs } from 'shared/src/testing';
import { LocationProbe } from 'shared/src/testing/renderScreen';
import userEvent from '@testing-library/user-event';
import { bus as appBus, createAppStore } from 'shared';
import DeliveryConfirmationPage from './DeliveryConfirmationPage';
import { location, renderScreen } from '../testing/renderScreen';
import { deferred, fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const job = makeJob({ id: 7, status: 'Pending' });
const other = makeJob({ id: 8, status: 'Accepted', customer: { id: 11, full_name: 'Vikram Rao', avatar: null } });

const open = (state: unknown, role: 'Provider' | 'Customer' = 'Provider') =>
  renderScreen(<DeliveryConfirmationPage />, { path: '/deliveryconfirmation', state, role });

describe('Delivery Confirmation (/deliveryconfirmation)', () => {
  const { bus } = setupScreenTest();

  it('accept: asks the spec question; Accept & Inform User sends Accepted for the job, disabled in flight, then Active Bookings', async () => {
    const answer = deferred(ok([{ ...job, status: 'Accepted' }, other], 'Job accepted successfully'));
    const api = fakeApi({ 'GET /api/jobs/7': ok(job), 'PATCH /api/jobs/7': answer.handler });
    open({ jobId: 7, action: 'accept' });
    expect(screen.getByRole('heading', { name: 'Delivery Confirmation', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Do you want to Accept the User Request?' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('Asha Verma');

    const confirm = screen.getByRole('button', { name: 'Accept & Inform User' });
    await userEvent.click(confirm);
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeDisabled();
    await userEvent.click(confirm);
    expect(api.writes()).toEqual([{ method: 'PATCH', url: '/api/jobs/7', params: undefined, body: { status: 'Accepted' } }]);

    answer.release();
    await waitFor(() => expect(location().pathname).toBe('/activebooking'));
    expect(bus.alerts()).toContainEqual({ type: 'success', message: 'Job accepted successfully' });
    expect(bus.events).toContainEqual({ type: 'job/updated', job: { ...job, status: 'Accepted' } });
    expect(bus.events).toContainEqual({ type: 'job/changed', jobs: [{ ...job, status: 'Accepted' }, other] });
    expect(api.writes()).toHaveLength(1);
  });

  it("on a slow connection the job's live update (before the answer) does not end the sending: still busy, then on", async () => {
    const answer = deferred(ok([{ ...job, status: 'Accepted' }, other], 'Job accepted successfully'));
    fakeApi({ 'GET /api/jobs/7': ok(job), 'PATCH /api/jobs/7': answer.handler });
    open({ jobId: 7, action: 'accept' });
    const confirm = await screen.findByRole('button', { name: 'Accept & Inform User' });
    await userEvent.click(confirm);
    act(() => appBus.emit({ type: 'job/updated', job: { ...job, status: 'Accepted' } }));
    expect(screen.queryByText(/no longer waiting for approval/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept & Inform User' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Accept & Inform User' })).toHaveAttribute('aria-busy', 'true');
    answer.release();
    await waitFor(() => expect(location().pathname).toBe('/activebooking'));
  });

  it('a provider who left the screen before the answer is not taken to Active Bookings from where they are', async () => {
    const answer = deferred(ok([{ ...job, status: 'Accepted' }, other], 'Job accepted successfully'));
    fakeApi({ 'GET /api/jobs/7': ok(job), 'PATCH /api/jobs/7': answer.handler });
    render(
      <Provider store={createAppStore(signedInAs('Provider'))}>
        <MemoryRouter initialEntries={[{ pathname: '/deliveryconfirmation', state: { jobId: 7, action: 'accept' } }]}>
          <Link to="/profile">My Profile</Link>
          <Routes>
            <Route path="/deliveryconfirmation" element={<DeliveryConfirmationPage />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Inform User' }));
    await userEvent.click(screen.getByRole('link', { name: 'My Profile' }));
    expect(location().pathname).toBe('/profile');
    const answered = new Promise((resolve) => appBus.on('job/changed').subscribe(resolve));
    answer.release();
    await answered;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(location().pathname).toBe('/profile');
  });

  it('reject: asks the spec question; Reject and Inform User sends Rejected, then Job Requests', async () => {
    const api = fakeApi({
      'GET /api/jobs/7': ok(job),
      'PATCH /api/jobs/7': ok([{ ...job, status: 'Rejected' }], 'Job rejected successfully'),
    });
    open({ jobId: 7, action: 'reject' });
    expect(await screen.findByRole('heading', { name: 'Are you sure you want to reject User Request?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept & Inform User' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject and Inform User' }));
    await waitFor(() => expect(location().pathname).toBe('/jobrequest'));
    expect(api.writes()).toEqual([{ method: 'PATCH', url: '/api/jobs/7', params: undefined, body: { status: 'Rejected' } }]);
    expect(bus.alerts()).toContainEqual({ type: 'success', message: 'Job rejected successfully' });
  });

  it('a 409 shows the server message and the job as it is now, and stays', async () => {
    let reads = 0;
    const api = fakeApi({
      'GET /api/jobs/7': () => (++reads === 1 ? ok(job) : ok({ ...job, status: 'Rejected' })),
      'PATCH /api/jobs/7': fail(409, 'This request has already been answered: Rejected.'),
    });
    open({ jobId: 7, action: 'accept' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Inform User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This request has already been answered: Rejected.');
    expect(await screen.findByText('This request is no longer waiting for approval. It is now: Rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept & Inform User' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This request has already been answered: Rejected.');
    expect(location().pathname).toBeNull();
    expect(api.callsTo('GET', '/api/jobs/7')).toHaveLength(2);
    expect(bus.alerts()).toContainEqual({ type: 'danger', message: 'This request has already been answered: Rejected.' });
  });

  it('another failure shows its message and lets the provider try again', async () => {
    let attempts = 0;
    fakeApi({
      'GET /api/jobs/7': ok(job),
      'PATCH /api/jobs/7': () =>
        ++attempts === 1 ? fail(500, 'Server Error') : ok([{ ...job, status: 'Accepted' }], 'Job accepted successfully'),
    });
    open({ jobId: 7, action: 'accept' });
    const pressed = await screen.findByRole('button', { name: 'Accept & Inform User' });
    await userEvent.click(pressed);
    // A browser moves a disabled button's focus to the page (jsdom does not: done here as a browser would).
    pressed.blur();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    const confirm = screen.getByRole('button', { name: 'Accept & Inform User' });
    expect(confirm).toBeEnabled();
    // The keyboard's place is kept: the focus is back on the button, to press it again.
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.click(confirm);
    await waitFor(() => expect(location().pathname).toBe('/activebooking'));
  });

  it.each([
    ['accept', 'Accept & Inform User', 'Accepted'],
    ['reject', 'Reject and Inform User', 'Rejected'],
  ] as const)(
    '%s with no answer, though the server did it: the live update clears the error and offers the job',
    async (action, button, status) => {
      fakeApi({ 'GET /api/jobs/7': ok(job), 'PATCH /api/jobs/7': fail(0, 'Network Error') });
      open({ jobId: 7, action });
      await userEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
      act(() => appBus.emit({ type: 'job/updated', job: { ...job, status } }));
      expect(
        await screen.findByText(`This request is no longer waiting for approval. It is now: ${status}.`),
      ).toBeInTheDocument();
      expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open Job Details' })).toBeInTheDocument();
    },
  );
  it('accept whose answer was lost though the server did it: the job read again says so, the error goes, and Active Bookings follows', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/jobs/7': () => ok(++reads === 1 ? job : { ...job, status: 'Accepted' }),
      'PATCH /api/jobs/7': fail(0, 'Network Error'),
    });
    open({ jobId: 7, action: 'accept' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Inform User' }));
    await waitFor(() => expect(location().pathname).toBe('/activebooking'));
    expect(reads).toBe(2);
    expect(bus.events).toContainEqual({ type: 'alert/clear' });
    expect(bus.events).toContainEqual({ type: 'job/updated', job: { ...job, status: 'Accepted' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Go Back returns to the request without sending anything', async () => {
    const api = fakeApi({ 'GET /api/jobs/7': ok(job) });
    open({ jobId: 7, action: 'reject' });
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(location()).toEqual({ pathname: '/jobrequestdetails', state: { jobId: 7 } });
    expect(api.writes()).toEqual([]);
  });

  it("Go Back goes back to the request's own entry: the browser's Back afterwards does not return to the confirmation", async () => {
    fakeApi({ 'GET /api/jobs/7': ok(job) });
    function BrowserBack() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          Browser Back
        </button>
      );
    }
    render(
      <Provider store={createAppStore(signedInAs('Provider'))}>
        <MemoryRouter
          initialEntries={[
            '/jobrequest',
            { pathname: '/jobrequestdetails', state: { jobId: 7 } },
            { pathname: '/deliveryconfirmation', state: { jobId: 7, action: 'reject' } },
          ]}
          initialIndex={2}
        >
          <BrowserBack />
          <Routes>
            <Route path="/deliveryconfirmation" element={<DeliveryConfirmationPage />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(location()).toEqual({ pathname: '/jobrequestdetails', state: { jobId: 7 } });
    await userEvent.click(screen.getByRole('button', { name: 'Browser Back' }));
    expect(location()).toEqual({ pathname: '/jobrequest', state: null });
  });

  it('a job that is no longer waiting shows its status and offers no confirmation', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...job, status: 'Accepted' }) });
    open({ jobId: 7, action: 'reject' });
    expect(await screen.findByText('This request is no longer waiting for approval. It is now: Accepted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject and Inform User' })).not.toBeInTheDocument();
  });

  it.each([[null], [{ jobId: 7 }], [{ jobId: 7, action: 'approve' }], [{ action: 'accept' }]])(
    'opened without a job and an action (%j) says so and sends nothing',
    (state) => {
      const api = fakeApi({});
      open(state);
      expect(screen.getByText('No request was chosen. Open one from Job Requests.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Job Requests' })).toHaveAttribute('href', '/jobrequest');
      expect(api.calls).toEqual([]);
    },
  );

  it('a failure to load the job shows the message and Retry', async () => {
    fakeApi({ 'GET /api/jobs/7': fail(500, 'Server Error') });
    open({ jobId: 7, action: 'accept' });
    expect(await screen.findByText('The job request could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a customer cannot answer a request', () => {
    const api = fakeApi({});
    open({ jobId: 7, action: 'accept' }, 'Customer');
    expect(screen.getByText('Only the provider of a booking can answer or finish it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept & Inform User' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it.each([
    ['Cancelled', 'The customer cancelled this booking.'],
    ['Expired', 'This request expired before it was answered.'],
  ] as const)('a %s request shows its status and why instead of the confirmation (issue 13)', async (status, line) => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...job, status, refunded: true }) });
    open({ jobId: 7, action: 'accept' });
    expect(await screen.findByText(line)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText(status)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept & Inform User' })).not.toBeInTheDocument();
    expect(screen.queryByText(/no longer waiting for approval/)).not.toBeInTheDocument();
  });

  it('loses the confirmation live when the customer cancels or the request expires', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(job) });
    open({ jobId: 7, action: 'reject' });
    (await screen.findByRole('button', { name: 'Reject and Inform User' })).focus();
    act(() => appBus.emit({ type: 'job/updated', job: { ...job, status: 'Expired', refunded: true } }));
    const why = screen.getByText('This request expired before it was answered.');
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject and Inform User' })).not.toBeInTheDocument();
    // The focused button went: the focus comes to why (read out), not to the page; the status is a live region.
    expect(why.parentElement).toHaveFocus();
    expect(
      within(screen.getByRole('region', { name: 'Customer' }))
        .getByText('Expired')
        .closest('[aria-live]'),
    ).toHaveAttribute('aria-live', 'polite');
  });

  it('accepting a request the customer cancelled meanwhile: the 409 message, said once as why it is closed', async () => {
    let reads = 0;
    const cancelled = { ...job, status: 'Cancelled' as const, refunded: true };
    fakeApi({
      'GET /api/jobs/7': () => (++reads === 1 ? ok(job) : ok(cancelled)),
      'PATCH /api/jobs/7': fail(409, 'The customer cancelled this booking.'),
    });
    open({ jobId: 7, action: 'accept' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept & Inform User' }));
    // The API's words are the closed request's own line, said once (and as the global alert).
    expect(await screen.findByText('The customer cancelled this booking.')).toBeInTheDocument();
    expect(screen.getAllByText('The customer cancelled this booking.')).toHaveLength(1);
    expect(bus.alerts()).toContainEqual({ type: 'danger', message: 'The customer cancelled this booking.' });
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept & Inform User' })).not.toBeInTheDocument();
    expect(location().pathname).toBeNull();
  });

  it('rejecting a request that expired meanwhile: the 409 message, said once as why it is closed', async () => {
    let reads = 0;
    fakeApi({
      'GET /api/jobs/7': () => (++reads === 1 ? ok(job) : ok({ ...job, status: 'Expired', refunded: true })),
      'PATCH /api/jobs/7': fail(409, 'This request expired before it was answered.'),
    });
    open({ jobId: 7, action: 'reject' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject and Inform User' }));
    // The API's words are the closed request's own line, said once (and as the global alert).
    expect(await screen.findByText('This request expired before it was answered.')).toBeInTheDocument();
    expect(screen.getAllByText('This request expired before it was answered.')).toHaveLength(1);
    expect(bus.alerts()).toContainEqual({ type: 'danger', message: 'This request expired before it was answered.' });
    expect(location().pathname).toBeNull();
  });
});
