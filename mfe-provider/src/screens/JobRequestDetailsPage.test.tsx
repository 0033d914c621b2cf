import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, JOB_NOT_FOUND, JOB_NOT_YOURS, NO_JOB_CHOSEN } from 'shared';
import JobRequestDetailsPage from './JobRequestDetailsPage';
import { location, renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const job = makeJob({
  id: 7,
  status: 'Pending',
  created_at: '2025-03-05T14:07:00.000Z',
  price: 32.5,
  duration: '45 min',
  date: '2025-03-08',
  time: '10:30',
  address: '12 MG Road',
  destination_address: 'Airport Terminal 1',
});

const open = (state: unknown = { jobId: 7 }, role: 'Provider' | 'Customer' = 'Provider') =>
  renderScreen(<JobRequestDetailsPage />, { path: '/jobrequestdetails', state, role });

describe('Job Request Details (/jobrequestdetails)', () => {
  setupScreenTest();

  it('shows the customer, the summary, pick and drop, a Reject link and an Accept button', async () => {
    const api = fakeApi({ 'GET /api/jobs/7': ok(job) });
    open();
    expect(screen.getByRole('heading', { name: 'Job Request Details', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Asha Verma');
    expect(customer).toHaveTextContent('Driver');
    expect(customer).toHaveTextContent('Status: Waiting for Approval');
    const summary = screen.getByRole('region', { name: 'Summary' });
    // When the request came in (the list's time), named so: 'Date' on Job Details is the last change.
    expect(summary).toHaveTextContent('ReceivedMarch 5th 2025, 2:07 pm');
    expect(summary).not.toHaveTextContent('Date');
    expect(summary).toHaveTextContent('Duration45 min');
    expect(summary).toHaveTextContent('Price$32.50');
    expect(summary).toHaveTextContent('Requested forMarch 8th 2025, 10:30 am');
    const route = screen.getByRole('region', { name: 'Pick and Drop' });
    expect(route).toHaveTextContent('Pick Address12 MG Road');
    expect(route).toHaveTextContent('Drop AddressAirport Terminal 1');
    expect(screen.getByRole('link', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(api.writes()).toEqual([]);
  });

  it('Accept leads to the confirmation with the job and the action, without sending anything', async () => {
    const api = fakeApi({ 'GET /api/jobs/7': ok(job) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(location()).toEqual({ pathname: '/deliveryconfirmation', state: { jobId: 7, action: 'accept' } });
    expect(api.writes()).toEqual([]);
  });

  it('Reject leads to the confirmation with the reject action', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(job) });
    open();
    await userEvent.click(await screen.findByRole('link', { name: 'Reject' }));
    expect(location()).toEqual({ pathname: '/deliveryconfirmation', state: { jobId: 7, action: 'reject' } });
  });

  it('a job answered already shows its status and no actions', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...job, status: 'Accepted' }) });
    open();
    expect(await screen.findByText('This request has already been answered: Accepted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reject' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open Job Details' }));
    expect(location()).toEqual({ pathname: '/provideractivebookingdetails', state: { jobId: 7 } });
  });

  it('loses its actions live when the job is answered elsewhere', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(job) });
    open();
    await screen.findByRole('button', { name: 'Accept' });
    act(() => bus.emit({ type: 'job/updated', job: { ...job, status: 'Rejected' } }));
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('Rejected')).toBeInTheDocument();
  });

  it.each([
    [404, 'Job not found.', JOB_NOT_FOUND],
    [403, 'This job is not yours.', JOB_NOT_YOURS],
  ])('a %s says the request cannot be shown, with a way back to Job Requests', async (status, server, message) => {
    fakeApi({ 'GET /api/jobs/7': fail(status, server) });
    open();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Job Requests' })).toHaveAttribute('href', '/jobrequest');
  });

  it('opened without a job (typed URL) says so', () => {
    const api = fakeApi({});
    open(null);
    expect(screen.getByText(NO_JOB_CHOSEN)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('a failure to load shows the message and Retry', async () => {
    let attempts = 0;
    fakeApi({ 'GET /api/jobs/7': () => (++attempts === 1 ? fail(500, 'Server Error') : ok(job)) });
    open();
    expect(await screen.findByText('The job request could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('a customer who opens it is sent to their own view of the booking', () => {
    const api = fakeApi({});
    open({ jobId: 7 }, 'Customer');
    expect(screen.getByText('Only the provider of a booking can answer or finish it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Booking Details' })).toHaveAttribute('href', '/activebookingdetails?job=7');
    expect(api.calls).toEqual([]);
  });

  it.each([
    ['Cancelled', 'The customer cancelled this booking.'],
    ['Expired', 'This request expired before it was answered.'],
  ] as const)('a %s request shows its status and why, with no Accept or Reject (issue 13)', async (status, line) => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...job, status, refunded: true }) });
    open();
    expect(await screen.findByText(line)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText(status)).toBeInTheDocument();
    expect(screen.queryByText(/refunded/)).not.toBeInTheDocument();
    expect(screen.queryByText(/already been answered/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('says so live when the customer cancels while the provider looks at the request', async () => {
    fakeApi({ 'GET /api/jobs/7': ok(job) });
    open();
    await screen.findByRole('button', { name: 'Accept' });
    act(() => bus.emit({ type: 'job/updated', job: { ...job, status: 'Cancelled', refunded: true } }));
    expect(screen.getByText('The customer cancelled this booking.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('a refunded rejection reads Rejected on the provider side', async () => {
    fakeApi({ 'GET /api/jobs/7': ok({ ...job, status: 'Rejected', refunded: true }) });
    open();
    expect(await screen.findByText('This request has already been answered: Rejected.')).toBeInTheDocument();
    expect(screen.queryByText(/refunded/)).not.toBeInTheDocument();
  });
});
