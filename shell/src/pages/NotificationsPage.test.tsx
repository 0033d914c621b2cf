/// <reference types="@testing-library/jest-dom" />
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, fetchNotifications, markNotificationsRead, type AppNotification } from 'shared';
import { renderWithProviders, signedInAs } from 'shared/src/testing';
import { location, renderScreen } from 'shared/src/testing/renderScreen';
import NotificationsPage, { detailsLinkOf } from './NotificationsPage';

jest.mock('shared', () => ({
  ...jest.requireActual<typeof import('shared')>('shared'),
  fetchNotifications: jest.fn(),
  markNotificationsRead: jest.fn(),
}));
const mockedFetch = fetchNotifications as jest.MockedFunction<typeof fetchNotifications>;
const mockedMarkRead = markNotificationsRead as jest.MockedFunction<typeof markNotificationsRead>;
const asRead = (list: AppNotification[]) => list.map((n) => ({ ...n, read: true }));

const note = (id: number, title: string, name: string, description: string, avatar: string | null = null): AppNotification => ({
  id,
  title,
  description,
  user: { full_name: name, avatar },
  read: false,
});

const NOTES = [
  note(1, 'Job', 'Pete Provider', 'Your booking was accepted', '/uploads/pete.png'),
  note(2, 'Chat', 'Carla Customer', 'New message from Carla'),
  note(3, 'Location', 'Pete Provider', 'Your driver is on the way'),
];

describe('NotificationsPage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  beforeEach(() => mockedMarkRead.mockResolvedValue({ data: asRead(NOTES), message: '' }));
  afterEach(() => {
    mockedFetch.mockReset();
    mockedMarkRead.mockReset();
    jest.restoreAllMocks();
  });

  it('maps the View Details destination by title, to the job or chat the notification names', () => {
    expect(detailsLinkOf({ title: 'Job' })).toEqual({ to: '/activebooking' });
    expect(detailsLinkOf({ title: 'Job', job_id: 7 })).toEqual({ to: '/activebookingdetails?job=7', state: { jobId: 7 } });
    expect(detailsLinkOf({ title: 'Chat' })).toEqual({ to: '/chatview' });
    expect(detailsLinkOf({ title: 'Chat', chat_id: 12 })).toEqual({ to: '/chatview?chat=12' });
    expect(detailsLinkOf({ title: 'Anything' })).toEqual({ to: '/ViewOnMap' });
    expect(detailsLinkOf({ title: 'Location', job_id: 7 })).toEqual({ to: '/ViewOnMap?job=7', state: { jobId: 7 } });
  });

  it("View Details of a finished job's notification opens that job's details, not the active list it left", async () => {
    const finished = { ...note(9, 'Job', 'Pete Provider', 'Pete has finished your job.'), job_id: 31 };
    mockedFetch.mockResolvedValue({ data: [finished], message: '' });
    mockedMarkRead.mockResolvedValue({ data: asRead([finished]), message: '' });
    renderScreen(<NotificationsPage />, { path: '/notification' });
    const card = await screen.findByRole('listitem', { name: 'Job from Pete Provider' });
    // Opened in a new tab (no navigation state), the link's address still names the job.
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/activebookingdetails?job=31');
    await userEvent.setup().click(within(card).getByRole('link', { name: 'View Details' }));
    expect(location()).toEqual({ pathname: '/activebookingdetails', state: { jobId: 31 } });
  });

  it('shows a loader, then a card per notification with avatar, name, description and View Details', async () => {
    mockedFetch.mockResolvedValue({ data: NOTES, message: '' });
    const { store } = renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    expect(screen.getByRole('heading', { name: 'Your Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications');

    const job = await screen.findByRole('listitem', { name: 'Job from Pete Provider' });
    expect(within(job).getByRole('img', { name: 'Pete Provider' })).toHaveAttribute(
      'src',
      'http://localhost:4000/uploads/pete.png',
    );
    expect(within(job).getByText('Your booking was accepted')).toBeInTheDocument();
    expect(within(job).getByText('Certified Driver')).toBeInTheDocument();
    expect(within(job).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/activebooking');
    // Each View Details says which notification it opens (a list of links otherwise repeats one name).
    expect(within(job).getByRole('link', { name: 'View Details' })).toHaveAccessibleDescription('Your booking was accepted');

    const chat = screen.getByRole('listitem', { name: 'Chat from Carla Customer' });
    expect(within(chat).getByRole('img', { name: 'Carla Customer' })).toHaveTextContent('C');
    expect(within(chat).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/chatview');

    const other = screen.getByRole('listitem', { name: 'Location from Pete Provider' });
    expect(within(other).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/ViewOnMap');
    expect(mockedFetch).toHaveBeenCalledWith({ page: 1, per_page: 50 }, { silent: true });
    // Shown, so read: the session (the bell) holds them read.
    await waitFor(() => expect(store.getState().session.notifications).toEqual(asRead(NOTES)));
    expect(mockedMarkRead).toHaveBeenCalledTimes(1);
    expect(mockedMarkRead).toHaveBeenCalledWith({ up_to_id: 3, from_id: 1 }, { silent: true });
    // Everything is on this page: no Load more.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('labels New what was unread when shown, and asks nothing more when all are read', async () => {
    mockedFetch.mockResolvedValue({ data: [NOTES[0], { ...NOTES[1], read: true }], message: '' });
    mockedMarkRead.mockResolvedValue({ data: asRead([NOTES[0], NOTES[1]]), message: '' });
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    const job = await screen.findByRole('listitem', { name: 'Job from Pete Provider' });
    await waitFor(() => expect(mockedMarkRead).toHaveBeenCalledTimes(1));
    expect(within(job).getByText('New')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Chat from Carla Customer' })).queryByText('New')).toBeNull();
    await act(async () => {
      bus.emit({ type: 'notifications/changed', notifications: asRead([NOTES[0], NOTES[1]]) });
      await Promise.resolve();
    });
    expect(mockedMarkRead).toHaveBeenCalledTimes(1);
  });

  it('a list that could not be marked read still shows, and the bell keeps counting it', async () => {
    mockedFetch.mockResolvedValue({ data: [NOTES[0]], message: '' });
    mockedMarkRead.mockRejectedValue(new Error('Network Error'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    const job = await screen.findByRole('listitem', { name: 'Job from Pete Provider' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('notifications not marked read', expect.any(Error)));
    expect(within(job).getByText('New')).toBeInTheDocument();
    expect(store.getState().session.notifications).toEqual([NOTES[0]]);
  });

  it('an answer overtaken by a newer one is not shown: the newest list asked for wins', async () => {
    let answerMarkRead: (list: AppNotification[]) => void = () => undefined;
    mockedFetch.mockResolvedValueOnce({ data: [NOTES[0]], message: '' });
    mockedMarkRead.mockReturnValueOnce(new Promise((resolve) => (answerMarkRead = (data) => resolve({ data, message: '' }))));
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    await screen.findByRole('listitem', { name: 'Job from Pete Provider' });
    // A new notification is announced; its list comes back before the first mark-as-read does.
    mockedFetch.mockResolvedValueOnce({
      data: [
        { ...NOTES[1], read: true },
        { ...NOTES[0], read: true },
      ],
      message: '',
    });
    act(() => bus.emit({ type: 'notifications/changed' }));
    await screen.findByRole('listitem', { name: 'Chat from Carla Customer' });
    await act(async () => answerMarkRead(asRead([NOTES[0]])));
    expect(screen.getByRole('listitem', { name: 'Chat from Carla Customer' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('reads Certified User for providers', async () => {
    mockedFetch.mockResolvedValue({ data: [NOTES[1]], message: '' });
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Provider') });
    const card = await screen.findByRole('listitem', { name: 'Chat from Carla Customer' });
    expect(within(card).getByText('Certified User')).toBeInTheDocument();
    expect(screen.queryByText('Certified Driver')).not.toBeInTheDocument();
  });

  it('shows no badge on a notification from the platform itself (no person sent it)', async () => {
    const fromPlatform: AppNotification = {
      ...note(4, 'Location', 'Marketplace', 'Your driver shares a live location on the map.'),
      user: { id: null, full_name: 'Marketplace', avatar: null },
    };
    mockedFetch.mockResolvedValue({ data: [fromPlatform, { ...NOTES[0], user: { ...NOTES[0].user, id: 20 } }], message: '' });
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    const platform = await screen.findByRole('listitem', { name: 'Location from Marketplace' });
    expect(within(platform).queryByText('Certified Driver')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Job from Pete Provider' })).getByText('Certified Driver'),
    ).toBeInTheDocument();
  });

  it('says so when there are no notifications', async () => {
    mockedFetch.mockResolvedValue({ data: [], message: '' });
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
  });

  it('refreshes when the bus announces notifications/changed (refetching, or using the list it carries)', async () => {
    // The server's list: marking read answers it read.
    let server = [NOTES[0]];
    mockedMarkRead.mockImplementation(() => Promise.resolve({ data: asRead(server), message: '' }));
    mockedFetch.mockResolvedValueOnce({ data: server, message: '' });
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    await screen.findByRole('listitem', { name: 'Job from Pete Provider' });

    server = [NOTES[1], NOTES[0]];
    mockedFetch.mockResolvedValueOnce({ data: server, message: '' });
    act(() => bus.emit({ type: 'notifications/changed' }));
    expect(await screen.findByRole('listitem', { name: 'Chat from Carla Customer' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    server = NOTES;
    act(() => bus.emit({ type: 'notifications/changed', notifications: NOTES }));
    expect(await screen.findByRole('listitem', { name: 'Location from Pete Provider' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(mockedFetch).toHaveBeenCalledTimes(2);
  });

  it('is never stuck on an error: a failed load is logged and offers Retry', async () => {
    mockedFetch.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValue({ data: NOTES, message: '' });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeInTheDocument();
    // Why, under it, as every screen's load error says.
    expect(screen.getByText('Network Error')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Job from Pete Provider' })).toBeInTheDocument();
  });

  describe('more than one page', () => {
    /** The API over `server` (newest first): pages of `per_page`, the first with the unread total, read-all over a range. */
    let server: AppNotification[] = [];
    const chat = (id: number) => note(id, 'Chat', 'Carla Customer', `Message ${id}`);
    const serve = (list: AppNotification[]) => {
      server = list;
      mockedFetch.mockImplementation((params) => {
        const { page = 1, per_page: perPage = 50 } = params ?? {};
        const data = server.slice((page - 1) * perPage, page * perPage);
        const meta = { page, per_page: perPage, has_more: server.length > page * perPage };
        const unread = server.filter((n) => !n.read).length;
        return Promise.resolve({ data, message: '', meta: page === 1 ? { ...meta, unread } : meta });
      });
      mockedMarkRead.mockImplementation(({ up_to_id, from_id = 1 }) => {
        server = server.map((n) => (n.id >= from_id && n.id <= up_to_id ? { ...n, read: true } : n));
        const unread = server.filter((n) => !n.read).length;
        return Promise.resolve({
          data: server.slice(0, 50),
          message: '',
          meta: { page: 1, per_page: 50, has_more: true, unread },
        });
      });
    };
    /** ids from `newest` down to `oldest`, unread. */
    const range = (newest: number, oldest: number) => Array.from({ length: newest - oldest + 1 }, (_, i) => chat(newest - i));
    const shownIds = () =>
      screen.getAllByRole('listitem').map((li) =>
        Number(
          within(li)
            .getByText(/^Message /)
            .textContent.slice(8),
        ),
      );

    it('Load more appends the older pages to the oldest, marks read only what was shown, and goes when there is no more', async () => {
      serve(range(120, 1));
      const user = userEvent.setup();
      renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
      await screen.findByText('Message 120');
      expect(screen.getAllByRole('listitem')).toHaveLength(50);
      // Only the 50 shown are read: 70 older ones stay unread.
      await waitFor(() => expect(mockedMarkRead).toHaveBeenCalledWith({ up_to_id: 120, from_id: 71 }, { silent: true }));
      expect(server.filter((n) => !n.read)).toHaveLength(70);

      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('Message 21');
      expect(shownIds()).toEqual(range(120, 21).map((n) => n.id));
      await waitFor(() => expect(mockedMarkRead).toHaveBeenLastCalledWith({ up_to_id: 120, from_id: 21 }, { silent: true }));
      expect(within(screen.getByText('Message 21').closest('li')!).getByText('New')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('Message 1');
      expect(screen.getAllByRole('listitem')).toHaveLength(120);
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      await waitFor(() => expect(server.every((n) => n.read)).toBe(true));
    });

    it('after Load more the focus is on the first card it brought, also once the last page took the button away', async () => {
      serve(range(120, 1));
      const user = userEvent.setup();
      renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
      await screen.findByText('Message 120');
      const detailsOf = (id: number) =>
        within(screen.getByText(`Message ${id}`).closest('li')!).getByRole('link', { name: 'View Details' });

      act(() => screen.getByRole('button', { name: 'Load more' }).focus());
      await user.keyboard('{Enter}');
      await screen.findByText('Message 70');
      await waitFor(() => expect(detailsOf(70)).toHaveFocus());
      expect(detailsOf(70)).toHaveAccessibleDescription('Message 70');

      act(() => screen.getByRole('button', { name: 'Load more' }).focus());
      await user.keyboard('{Enter}');
      await screen.findByText('Message 20');
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      await waitFor(() => expect(detailsOf(20)).toHaveFocus());
      // The next Tab goes on from the new cards, not from the top of the page.
      await user.tab();
      expect(detailsOf(19)).toHaveFocus();
    });

    it('shows a loader while the older page comes, and an error with Retry when it fails', async () => {
      serve(range(60, 1));
      const user = userEvent.setup();
      renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
      await screen.findByText('Message 60');
      let fail: (error: Error) => void = () => undefined;
      mockedFetch.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
      const more = screen.getByRole('button', { name: 'Load more' });
      await user.click(more);
      expect(screen.getByRole('status')).toHaveTextContent('Loading older notifications');
      expect(more).toHaveAttribute('aria-disabled', 'true');
      expect(more).toHaveFocus();
      await user.click(more);
      expect(mockedFetch).toHaveBeenCalledTimes(2);
      await act(async () => fail(new Error('Network Error')));
      expect(screen.getByText('Older notifications could not be loaded.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(50);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await screen.findByText('Message 1');
      expect(screen.queryByText('Older notifications could not be loaded.')).toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(60);
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    });

    it('one arriving while paging comes on top, once, labelled New, and stays unread', async () => {
      serve(range(120, 1));
      const user = userEvent.setup();
      renderWithProviders(<NotificationsPage />, { session: signedInAs('Customer') });
      await screen.findByText('Message 120');
      await waitFor(() => expect(mockedMarkRead).toHaveBeenCalledTimes(1));
      // Two arrive live: the pages shift by two.
      server = [chat(122), chat(121), ...server];
      act(() => bus.emit({ type: 'notifications/changed' }));
      await screen.findByText('Message 122');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('Message 23');
      const ids = shownIds();
      // Page 2 is now 72..23: the two it repeats are not shown twice.
      expect(ids).toEqual(range(122, 23).map((n) => n.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(within(screen.getByText('Message 122').closest('li')!).getByText('New')).toBeInTheDocument();
      await waitFor(() => expect(mockedMarkRead).toHaveBeenLastCalledWith({ up_to_id: 120, from_id: 23 }, { silent: true }));
      expect(mockedMarkRead.mock.calls.every(([shown]) => shown.up_to_id === 120)).toBe(true);
      expect(server.filter((n) => !n.read).map((n) => n.id)).toEqual([122, 121, ...range(22, 1).map((n) => n.id)]);
    });
  });
});
