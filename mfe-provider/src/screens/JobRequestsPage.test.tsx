import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingTiming, bus, REQUESTS_OF_ONE_LOAD } from 'shared';
import JobRequestsPage, { NO_SERVICE_YET } from './JobRequestsPage';
import { location, renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { byProvider, makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

const asha = makeJob({ id: 1, status: 'Pending', created_at: '2025-03-05T14:07:00.000Z', price: 25 });
const vikram = makeJob({
  id: 2,
  status: 'Pending',
  created_at: '2025-03-06T09:30:00.000Z',
  service_name: 'Delivery',
  price: 32.5,
  customer_id: 11,
  customer: { id: 11, full_name: 'Vikram Rao', avatar: null },
});
const accepted = makeJob({ id: 3, status: 'Accepted', customer: { id: 12, full_name: 'Nisha Paul', avatar: null } });
const rejected = makeJob({ id: 4, status: 'Rejected', customer: { id: 13, full_name: 'Omar Ali', avatar: null } });

const requests = () => screen.getByRole('list', { name: 'Job requests' });
const card = (name: string) => screen.getByRole('listitem', { name });

describe('Job Requests (/jobrequest)', () => {
  setupScreenTest();

  it('shows a loader, then only the Pending jobs, newest first, with customer, created time and Waiting for Approval', async () => {
    const api = fakeApi({ 'GET /api/jobs': ok([vikram, asha, accepted, rejected]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    expect(screen.getByRole('heading', { name: 'Job Requests', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading job requests');

    const list = await screen.findByRole('list', { name: 'Job requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Vikram Rao');
    expect(items[1]).toHaveTextContent('Asha Verma');
    expect(card('Asha Verma')).toHaveTextContent('March 5th 2025, 2:07 pm');
    expect(card('Asha Verma')).toHaveTextContent('Waiting for Approval');
    expect(card('Asha Verma')).toHaveTextContent('Driver · $25');
    expect(card('Vikram Rao')).toHaveTextContent('March 6th 2025, 9:30 am');
    expect(card('Vikram Rao')).toHaveTextContent('Delivery · $32.50');
    expect(screen.queryByText('Nisha Paul')).not.toBeInTheDocument();
    expect(screen.queryByText('Omar Ali')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/jobs')[0].params).toEqual({ per_page: 100 });
  });

  it("says what each request is for, as the customer typed it: two of one customer's are told apart", async () => {
    const morning = makeJob({ id: 5, status: 'Pending', date: '2099-03-08', time: '09:30' });
    const evening = makeJob({ id: 6, status: 'Pending', date: '2099-03-08', time: '18:00', custom_time: 'after work' });
    const unset = makeJob({ id: 7, status: 'Pending', customer: { id: 14, full_name: 'Lena Roy', avatar: null } });
    fakeApi({ 'GET /api/jobs': ok([morning, evening, unset]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    const items = within(await screen.findByRole('list', { name: 'Job requests' })).getAllByRole('listitem');
    // Newest first: Lena Roy's, then the evening's, then the morning's.
    expect(items[0]).toHaveTextContent('Lena Roy');
    expect(items[0]).not.toHaveTextContent('Requested for');
    expect(items[1]).toHaveTextContent('Requested for March 8th 2099, 6:00 pm, after work');
    expect(items[2]).toHaveTextContent('Requested for March 8th 2099, 9:30 am');
  });

  it('holds the loader for about 800 ms (spec section 9)', async () => {
    jest.useFakeTimers();
    try {
      bookingTiming.listLoaderMs = 800;
      fakeApi({ 'GET /api/jobs': ok([asha]) });
      renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(700);
      });
      expect(screen.getByRole('status')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(150);
      });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(card('Asha Verma')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('View Details opens the request with its job id', async () => {
    fakeApi({ 'GET /api/jobs': ok([vikram, asha]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    await screen.findByRole('list', { name: 'Job requests' });
    await userEvent.click(within(card('Asha Verma')).getByRole('link', { name: 'View Details' }));
    expect(location()).toEqual({ pathname: '/jobrequestdetails', state: { jobId: 1 } });
  });

  it('says so when there are no requests', async () => {
    fakeApi({ 'GET /api/jobs': ok([accepted, rejected]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    expect(await screen.findByText('You have no job requests right now.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Job requests' })).not.toBeInTheDocument();
  });

  it('tells a provider who offers no service yet why no request comes, and leads to All Services', async () => {
    fakeApi({ 'GET /api/jobs': ok([]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest', user: { services_offered: 0 } });
    expect(await screen.findByText('You have no job requests right now.')).toBeInTheDocument();
    expect(screen.getByText(NO_SERVICE_YET)).toBeInTheDocument();
    expect(screen.queryByText('New bookings appear here as soon as a customer makes them.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Add a service' }));
    expect(location().pathname).toBe('/service');
  });

  it('tells a provider who offers a service that bookings appear here', async () => {
    fakeApi({ 'GET /api/jobs': ok([]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest', user: { services_offered: 2 } });
    expect(await screen.findByText('New bookings appear here as soon as a customer makes them.')).toBeInTheDocument();
    expect(screen.queryByText(NO_SERVICE_YET)).not.toBeInTheDocument();
  });

  it('a new booking appears live, and an answered request leaves the list, without a reload', async () => {
    const api = fakeApi({ 'GET /api/jobs': ok([]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    await screen.findByText('You have no job requests right now.');
    // Nothing is said as the list first shows: the screen says it.
    expect(screen.getByTestId('requests-waiting')).toBeEmptyDOMElement();

    act(() => bus.emit({ type: 'job/updated', job: asha }));
    expect(card('Asha Verma')).toHaveTextContent('Waiting for Approval');
    act(() => bus.emit({ type: 'job/updated', job: vikram }));
    expect(within(requests()).getAllByRole('listitem')).toHaveLength(2);
    expect(within(requests()).getAllByRole('listitem')[0]).toHaveTextContent('Vikram Rao');
    // What changed is said to screen readers too (a polite live region).
    expect(screen.getByTestId('requests-waiting')).toHaveTextContent('Job requests waiting: 2');
    expect(screen.getByTestId('requests-waiting')).toHaveAttribute('aria-live', 'polite');

    act(() => bus.emit({ type: 'job/updated', job: { ...asha, status: 'Accepted' } }));
    expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument();
    act(() => bus.emit({ type: 'job/updated', job: { ...vikram, status: 'Rejected' } }));
    expect(screen.getByText('You have no job requests right now.')).toBeInTheDocument();
    expect(screen.getByTestId('requests-waiting')).toHaveTextContent('Job requests waiting: 0');
    // One load, no reload.
    expect(api.callsTo('GET', '/api/jobs')).toHaveLength(REQUESTS_OF_ONE_LOAD);
  });

  it('shows the failure with Retry, which loads again', async () => {
    let attempts = 0;
    fakeApi({ 'GET /api/jobs': () => (++attempts === 1 ? fail(500, 'Server Error') : ok([asha])) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    expect(await screen.findByText('The job requests could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Server Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Asha Verma' })).toBeInTheDocument();
  });

  it('a refresh after the connection came back that fails keeps the requests shown, says so, and Retry brings the new one', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the failed refresh is logged
    let down = false;
    let served = [asha];
    fakeApi({ 'GET /api/jobs': () => (down ? fail(503, 'The server is busy. Please try again.') : ok(served)) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    expect(await screen.findByRole('listitem', { name: 'Asha Verma' })).toBeInTheDocument();
    down = true;
    served = [vikram, asha];
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await screen.findByText('The job requests could not be refreshed.')).toBeInTheDocument();
    expect(screen.getByText('The server is busy. Please try again.')).toBeInTheDocument();
    expect(card('Asha Verma')).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Vikram Rao' })).toBeInTheDocument();
    expect(screen.queryByText('The job requests could not be refreshed.')).not.toBeInTheDocument();
  });

  describe('for a customer (the Home Status link)', () => {
    const mine = makeJob({ id: 5, status: 'Pending', ...byProvider(20, 'Ravi Kumar') });

    it('lists their own requests waiting for approval, read-only, with the provider on each', async () => {
      fakeApi({
        'GET /api/jobs': ok([mine, { ...accepted, ...byProvider(21, 'Meera Nair') }]),
      });
      renderScreen(<JobRequestsPage />, { path: '/jobrequest', role: 'Customer' });
      const ravi = await screen.findByRole('listitem', { name: 'Ravi Kumar' });
      expect(ravi).toHaveTextContent('Waiting for Approval');
      expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument();
      expect(screen.queryByText('Meera Nair')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Accept|Reject/ })).not.toBeInTheDocument();
      await userEvent.click(within(ravi).getByRole('link', { name: 'View Details' }));
      expect(location()).toEqual({ pathname: '/activebookingdetails', state: { jobId: 5 } });
    });

    it('says so when nothing waits for approval, with a way to book', async () => {
      fakeApi({ 'GET /api/jobs': ok([]) });
      renderScreen(<JobRequestsPage />, { path: '/jobrequest', role: 'Customer' });
      expect(await screen.findByText('You have no requests waiting for approval.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', '/service');
    });
  });

  it('a request the customer cancels, or that expires, leaves the list live (issue 13)', async () => {
    const api = fakeApi({ 'GET /api/jobs': ok([vikram, asha]) });
    renderScreen(<JobRequestsPage />, { path: '/jobrequest' });
    await screen.findByRole('list', { name: 'Job requests' });
    act(() => bus.emit({ type: 'job/updated', job: { ...asha, status: 'Cancelled', refunded: true } }));
    expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument();
    expect(within(requests()).getAllByRole('listitem')).toHaveLength(1);
    act(() => bus.emit({ type: 'job/updated', job: { ...vikram, status: 'Expired', refunded: true } }));
    expect(screen.queryByRole('list', { name: 'Job requests' })).not.toBeInTheDocument();
    expect(screen.getByText('You have no job requests right now.')).toBeInTheDocument();
    // One load, no reload.
    expect(api.callsTo('GET', '/api/jobs')).toHaveLength(REQUESTS_OF_ONE_LOAD);
  });
});
