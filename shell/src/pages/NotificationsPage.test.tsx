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
    expect(detailsLinkOf({ title: 'Job', job_id: 7 })).toEqual({ to: '/activebookingdetails', state: { jobId: 7 } });
    expect(detailsLinkOf({ title: 'Chat' })).toEqual({ to: '/chatview' });
    expect(detailsLinkOf({ title: 'Chat', chat_id: 12 })).toEqual({ to: '/chatview?chat=12' });
    expect(detailsLinkOf({ title: 'Anything' })).toEqual({ to: '/ViewOnMap' });
    expect(detailsLinkOf({ title: 'Location', job_id: 7 })).toEqual({ to: '/ViewOnMap', state: { jobId: 7 } });
  });

  it("View Details of a finished job's notification opens that job's details, not the active list it left", async () => {
    const finished = { ...note(9, 'Job', 'Pete Provider', 'Pete has finished your job.'), job_id: 31 };
    mockedFetch.mockResolvedValue({ data: [finished], message: '' });
    mockedMarkRead.mockResolvedValue({ data: asRead([finished]), message: '' });
    renderScreen(<NotificationsPage />, { path: '/notification' });
    const card = await screen.findByRole('listitem', { name: 'Job from Pete Provider' });
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

    const chat = screen.getByRole('listitem', { name: 'Chat from Carla Customer' });
    expect(within(chat).getByRole('img', { name: 'Carla Customer' })).toHaveTextContent('C');
    expect(within(chat).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/chatview');

    const other = screen.getByRole('listitem', { name: 'Location from Pete Provider' });
    expect(within(other).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/ViewOnMap');
    expect(mockedFetch).toHaveBeenCalledWith({ silent: true });
    // Shown, so read: the session (the bell) holds them read.
    await waitFor(() => expect(store.getState().session.notifications).toEqual(asRead(NOTES)));
    expect(mockedMarkRead).toHaveBeenCalledTimes(1);
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
    expect(console.error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Job from Pete Provider' })).toBeInTheDocument();
  });
});
