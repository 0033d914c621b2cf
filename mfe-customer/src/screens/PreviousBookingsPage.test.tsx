import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { bus, createAppStore } from 'shared';
import { signedInAs } from 'shared/src/testing';
import { LocationProbe } from 'shared/src/testing/renderScreen';
import PreviousBookingsPage from './PreviousBookingsPage';
import { renderScreen } from '../testing/renderScreen';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { byProvider, makeJob } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';
import { PREVIOUS_PAGE_SIZE } from '../bookings/usePreviousJobs';

const pending = makeJob({ id: 1, status: 'Pending' });
const rejected = makeJob({
  id: 3,
  status: 'Rejected',
  ...byProvider(22, 'Arjun Singh'),
});
const unrated = makeJob({
  id: 4,
  status: 'Completed',
  ...byProvider(23, 'Priya Shah'),
});
const rated = makeJob({
  id: 5,
  status: 'Completed',
  rating: 4,
  ...byProvider(24, 'Neha Gupta'),
});

const cancelled = makeJob({
  id: 6,
  status: 'Cancelled',
  refunded: true,
  ...byProvider(25, 'Kabir Das'),
});
const expired = makeJob({
  id: 7,
  status: 'Expired',
  refunded: true,
  ...byProvider(26, 'Leela Menon'),
});
const refundedRejection = { ...rejected, refunded: true };

const card = (name: RegExp) => screen.getByRole('link', { name }).closest('li')!;

describe('Previous Bookings (/previousbooking)', () => {
  setupScreenTest();

  it('shows a loader, then Rejected and Completed bookings with their labels', async () => {
    fakeApi({ 'GET /api/jobs': ok([pending, rejected, unrated, rated]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    expect(screen.getByRole('heading', { name: 'Previous Bookings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Bookings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(card(/Arjun Singh/)).toHaveTextContent('Rejected');
    expect(card(/Priya Shah/)).toHaveTextContent('Completed');
    expect(screen.queryByRole('link', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
  });

  it('lists the most recently finished first, whenever each was booked', async () => {
    const bookedFirstFinishedLast = { ...unrated, created_at: '2025-06-01T09:00:00Z', updated_at: '2025-06-03T18:00:00Z' };
    const bookedLastFinishedFirst = { ...rejected, created_at: '2025-06-02T09:00:00Z', updated_at: '2025-06-02T09:30:00Z' };
    fakeApi({ 'GET /api/jobs': ok([bookedLastFinishedFirst, bookedFirstFinishedLast]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    const list = await screen.findByRole('list', { name: 'Bookings' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => (item.textContent?.includes('Priya Shah') ? 'Priya Shah' : 'Arjun Singh'));
    expect(names).toEqual(['Priya Shah', 'Arjun Singh']);
  });

  it('offers to rate an unrated Completed booking, and shows the stars of a rated one', async () => {
    fakeApi({ 'GET /api/jobs': ok([rejected, unrated, rated]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    await screen.findByRole('list', { name: 'Bookings' });
    expect(within(card(/Neha Gupta/)).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(card(/Neha Gupta/)).queryByRole('link', { name: 'Rate this booking' })).not.toBeInTheDocument();
    expect(within(card(/Arjun Singh/)).queryByRole('link', { name: 'Rate this booking' })).not.toBeInTheDocument();
    // Which booking it rates is said with it (several cards may offer one).
    expect(within(card(/Priya Shah/)).getByRole('link', { name: 'Rate this booking' })).toHaveAccessibleDescription(
      /^Priya Shah/,
    );
    await userEvent.click(within(card(/Priya Shah/)).getByRole('link', { name: 'Rate this booking' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/bookingfinished');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"jobId":4}');
  });

  it('a provider sees the customers and no rating action', async () => {
    fakeApi({ 'GET /api/jobs': ok([unrated]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking', role: 'Provider' });
    expect(await screen.findByRole('link', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rate this booking' })).not.toBeInTheDocument();
  });

  it('a card opens the past booking details', async () => {
    fakeApi({ 'GET /api/jobs': ok([rejected]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    await userEvent.click(await screen.findByRole('link', { name: /Arjun Singh/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/activebookingdetails');
    expect(screen.getByTestId('location-state')).toHaveTextContent('{"jobId":3,"page":"previousBooking"}');
  });

  it('a job finished by the provider arrives live', async () => {
    fakeApi({ 'GET /api/jobs': ok([{ ...unrated, status: 'Accepted' }]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    expect(await screen.findByText('You have no previous bookings.')).toBeInTheDocument();
    act(() => bus.emit({ type: 'job/updated', job: unrated }));
    expect(within(card(/Priya Shah/)).getByRole('link', { name: 'Rate this booking' })).toBeInTheDocument();
  });

  it('a booking finished while the list is loading is shown, though the page was read before it', async () => {
    fakeApi({ 'GET /api/jobs': ok([rejected]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    act(() => bus.emit({ type: 'job/updated', job: unrated }));
    expect(await screen.findByText('Arjun Singh')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card(/Priya Shah/)).getByRole('link', { name: 'Rate this booking' })).toBeInTheDocument();
  });

  it('says so when there are none, and offers a customer to book one (not a provider)', async () => {
    fakeApi({ 'GET /api/jobs': ok([pending]) });
    const { unmount } = renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    expect(await screen.findByText('You have no previous bookings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', '/service');
    unmount();
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking', role: 'Provider' });
    expect(await screen.findByText('You have no previous bookings.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a service' })).not.toBeInTheDocument();
  });

  it('shows a clear failure with Retry', async () => {
    fakeApi({ 'GET /api/jobs': fail(500, 'Server Error') });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    expect(await screen.findByText('Your bookings could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists Cancelled and Expired bookings, and says when a rejected booking was refunded (issue 13)', async () => {
    fakeApi({ 'GET /api/jobs': ok([refundedRejection, cancelled, expired, pending]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    const list = await screen.findByRole('list', { name: 'Bookings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(card(/Arjun Singh/)).getByText('Rejected — refunded')).toBeInTheDocument();
    expect(within(card(/Kabir Das/)).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card(/Leela Menon/)).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rate this booking' })).not.toBeInTheDocument();
  });

  it('a rejection that was not refunded reads Rejected', async () => {
    fakeApi({ 'GET /api/jobs': ok([rejected]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    await screen.findByRole('list', { name: 'Bookings' });
    expect(within(card(/Arjun Singh/)).getByText('Rejected')).toBeInTheDocument();
  });

  it("a provider reads the plain status, without the customer's refund", async () => {
    fakeApi({ 'GET /api/jobs': ok([refundedRejection]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking', role: 'Provider' });
    const asha = await screen.findByRole('link', { name: /Asha Verma/ });
    expect(within(asha.closest('li')!).getByText('Rejected')).toBeInTheDocument();
    expect(screen.queryByText('Rejected — refunded')).not.toBeInTheDocument();
  });

  it('a booking cancelled in another tab arrives live, without a reload', async () => {
    const api = fakeApi({ 'GET /api/jobs': ok([pending]) });
    renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
    expect(await screen.findByText('You have no previous bookings.')).toBeInTheDocument();
    act(() => bus.emit({ type: 'job/updated', job: { ...pending, status: 'Cancelled', refunded: true } }));
    expect(within(card(/Ravi Kumar/)).getByText('Cancelled')).toBeInTheDocument();
    // One load (the finished bookings, most recently finished first), no reload.
    expect(api.callsTo('GET', '/api/jobs').map((call) => call.params)).toEqual([
      { page: 1, per_page: PREVIOUS_PAGE_SIZE, status: 'Rejected,Completed,Cancelled,Expired', sort: 'updated' },
    ]);
  });

  describe('however many there are', () => {
    /** 45 finished bookings, most recently finished first, served PREVIOUS_PAGE_SIZE a page as the API does. */
    const finished = Array.from({ length: 45 }, (_, i) =>
      makeJob({
        id: 100 + i,
        status: 'Completed',
        updated_at: new Date(Date.UTC(2025, 5, 1) - i * 60_000).toISOString(),
        provider: { id: 300 + i, full_name: `Driver ${String(i + 1).padStart(2, '0')}`, avatar: null, rating: null },
      }),
    );
    const pages = (config: { params?: { page?: number; per_page?: number } }) => {
      const { page = 1, per_page: perPage = 50 } = config.params ?? {};
      const data = finished.slice((page - 1) * perPage, page * perPage);
      return {
        status: 200,
        data: { data, message: 'Success', meta: { page, per_page: perPage, has_more: page * perPage < finished.length } },
      };
    };
    const names = () =>
      within(screen.getByRole('list', { name: 'Bookings' }))
        .getAllByRole('listitem')
        .map((item) => /Driver \d+/.exec(item.textContent ?? '')?.[0]);

    it('Load more brings the older ones, each once, until the last; then it goes and the focus is on the first new one', async () => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs': pages });
      renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
      await screen.findByRole('list', { name: 'Bookings' });
      expect(names()).toHaveLength(PREVIOUS_PAGE_SIZE);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(names()).toHaveLength(40));
      // A booking finishing meanwhile comes in at the top and shifts the pages: nothing is listed twice.
      const justFinished = makeJob({
        id: 99,
        status: 'Rejected',
        updated_at: '2025-06-02T00:00:00.000Z',
        ...byProvider(299, 'Driver 00'),
      });
      act(() => bus.emit({ type: 'job/updated', job: justFinished }));
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(names()).toHaveLength(46));
      expect(names()).toEqual(['Driver 00', ...finished.map((_, i) => `Driver ${String(i + 1).padStart(2, '0')}`)]);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Driver 41/ })).toHaveFocus();
      expect(api.callsTo('GET', '/api/jobs').map((call) => (call.params as { page: number }).page)).toEqual([1, 2, 3]);
    });

    it('Load more pressed with the keyboard puts the focus on the first booking it brought, while more remain too', async () => {
      const user = userEvent.setup();
      fakeApi({ 'GET /api/jobs': pages });
      renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
      await screen.findByRole('list', { name: 'Bookings' });
      act(() => screen.getByRole('button', { name: 'Load more' }).focus());
      await user.keyboard('{Enter}');
      await waitFor(() => expect(names()).toHaveLength(40));
      expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('link', { name: /Driver 21/ })).toHaveFocus());
    });

    it('Back from a booking opened after Load more shows the pages shown before, with the focus on that booking', async () => {
      const user = userEvent.setup();
      const api = fakeApi({ 'GET /api/jobs': pages });
      function DetailsWithBack() {
        const navigate = useNavigate();
        return (
          <>
            <LocationProbe />
            <button type="button" onClick={() => void navigate(-1)}>
              Back
            </button>
          </>
        );
      }
      render(
        <Provider store={createAppStore(signedInAs('Customer'))}>
          <MemoryRouter initialEntries={['/', '/previousbooking']} initialIndex={1}>
            <Routes>
              <Route path="/previousbooking" element={<PreviousBookingsPage />} />
              <Route path="/activebookingdetails" element={<DetailsWithBack />} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </Provider>,
      );
      await screen.findByRole('list', { name: 'Bookings' });
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(names()).toHaveLength(40));
      await user.click(screen.getByRole('link', { name: /Driver 33/ }));
      expect(screen.getByTestId('location')).toHaveTextContent('/activebookingdetails');

      await user.click(screen.getByRole('button', { name: 'Back' }));
      // After the list's loader (about 800 ms) and the second page.
      await waitFor(() => expect(screen.getByRole('link', { name: /Driver 33/ })).toHaveFocus(), { timeout: 3000 });
      expect(names()).toHaveLength(40);
      expect(api.callsTo('GET', '/api/jobs').map((call) => (call.params as { page: number }).page)).toEqual([1, 2, 1, 2]);
    });

    it('says so when more cannot be loaded, keeps what is shown, and Retry loads them', async () => {
      const user = userEvent.setup();
      let failNext = false;
      fakeApi({ 'GET /api/jobs': (config) => (failNext ? { status: 500, data: { message: 'Server Error' } } : pages(config)) });
      renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
      await screen.findByRole('list', { name: 'Bookings' });
      failNext = true;
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('More bookings could not be loaded.')).toBeInTheDocument();
      expect(names()).toHaveLength(PREVIOUS_PAGE_SIZE);
      failNext = false;
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(names()).toHaveLength(40));
      expect(screen.queryByText('More bookings could not be loaded.')).not.toBeInTheDocument();
    });

    it('a refresh that fails keeps the bookings shown and Load more, says they could not be refreshed, and Retry refreshes them', async () => {
      const user = userEvent.setup();
      let failing = false;
      let newest: typeof finished = [];
      const api = fakeApi({
        'GET /api/jobs': (config) => {
          if (failing) return { status: 500, data: { message: 'Server Error' } };
          const answer = pages(config);
          return { ...answer, data: { ...answer.data, data: [...newest, ...answer.data.data] } };
        },
      });
      renderScreen(<PreviousBookingsPage />, { path: '/previousbooking' });
      await screen.findByRole('list', { name: 'Bookings' });

      // The realtime channel came back: events may have been missed, the first page is fetched again.
      failing = true;
      act(() => bus.emit({ type: 'realtime/subscribed' }));
      expect(await screen.findByText('Your bookings could not be refreshed.')).toBeInTheDocument();
      expect(screen.getByText('Server Error')).toBeInTheDocument();
      expect(names()).toHaveLength(PREVIOUS_PAGE_SIZE);
      expect(screen.queryByText('More bookings could not be loaded.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();

      failing = false;
      newest = [
        makeJob({
          id: 99,
          status: 'Rejected',
          updated_at: '2025-06-02T00:00:00.000Z',
          ...byProvider(299, 'Driver 00'),
        }),
      ];
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(names()[0]).toBe('Driver 00'));
      expect(screen.queryByText('Your bookings could not be refreshed.')).not.toBeInTheDocument();
      expect(api.callsTo('GET', '/api/jobs').map((call) => (call.params as { page: number }).page)).toEqual([1, 1, 1]);
    });
  });
});
