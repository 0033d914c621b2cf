import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { apiClient, bus, closeNewestOverlay, Dialog, setRuntimeConfig, type AppNotification } from 'shared';
import { Router, useNavigate, type Location, type To } from 'react-router-dom';
import { fakeApi, fakeContracts, fakeLoader, renderShell, shellApp } from '../testing/renderShell';

const notification = (id: number): AppNotification => ({
  id,
  title: 'Job',
  description: `Notification ${id}`,
  user: { avatar: null, full_name: 'Paul Tester' },
  read: false,
});

/** Whether the element or one of its ancestors is inert (out of the accessibility tree). */
const isInert = (element: Element | null | undefined): boolean => {
  for (let e = element; e; e = e.parentElement) if ((e as HTMLElement).inert) return true;
  return false;
};

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ apiUrl: 'http://api.test:4000' });
});

describe('the signed-in layout', () => {
  it('shows the sidebar of spec section 2 with the user, and Version 2.0', async () => {
    fakeApi();
    renderShell({ role: 'Customer', user: { first_name: 'Carmen', email: 'carmen@example.com' } });
    const nav = await screen.findByRole('navigation');
    for (const name of [
      'Home',
      'My Profile',
      'Active Bookings',
      'Previous Bookings',
      'Payments',
      'Chat',
      'Services',
      'Contact Us',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Active Bookings' })).toHaveAttribute('href', '/activebooking');
    expect(within(nav).getByRole('link', { name: 'Previous Bookings' })).toHaveAttribute('href', '/previousbooking');
    expect(within(nav).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chatview');
    expect(within(nav).getByRole('group', { name: 'Bookings' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByText('Version 2.0')).toBeInTheDocument();
    expect(screen.getByText('Carmen')).toBeInTheDocument();
    expect(screen.getByText('carmen@example.com')).toBeInTheDocument();
    // No picture: a generated initial avatar.
    expect(screen.getByRole('img', { name: 'Carmen' })).toHaveTextContent('C');
    await screen.findByRole('heading', { name: 'Home' });
  });

  it("shows the user's picture from the API host when there is one", async () => {
    fakeApi();
    renderShell({ role: 'Provider', user: { first_name: 'Paul', avatar: '/uploads/paul.png' } });
    expect(screen.getByRole('img', { name: 'Paul' })).toHaveAttribute('src', 'http://api.test:4000/uploads/paul.png');
    await screen.findByRole('heading', { name: 'Home' });
  });

  it.each([
    ['Customer', 'User Dashboard', 'Customer home blocks'],
    ['Provider', 'Provider Dashboard', 'Provider home blocks'],
  ] as const)('a %s sees "%s" and the home blocks of their remote', async (role, title, blocks) => {
    fakeApi();
    renderShell({ role });
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: blocks })).toBeInTheDocument();
  });

  it('the bell counts the unread notifications, links to /notification and follows the API', async () => {
    fakeApi([notification(1), { ...notification(2), read: true }, notification(3)]);
    renderShell({ role: 'Customer', notifications: [notification(9)] });
    expect(screen.getByRole('link', { name: 'Notifications: 1 unread' })).toHaveAttribute('href', '/notification');
    // Fetched on sign-in:
    const bell = await screen.findByRole('link', { name: 'Notifications: 2 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('2');
  });

  it('opening Your Notifications marks them read: the bell clears, the cards that were unread say New; a later one stays unread', async () => {
    const requests = fakeApi([notification(1), { ...notification(2), read: true }]);
    const user = userEvent.setup();
    renderShell({ role: 'Customer' });
    await user.click(await screen.findByRole('link', { name: 'Notifications: 1 unread' }));
    const cards = await screen.findAllByRole('listitem', { name: 'Job from Paul Tester' });
    const bell = await screen.findByRole('link', { name: 'Notifications: 0 unread' });
    expect(within(bell).queryByTestId('notification-count')).toBeNull();
    expect(requests.filter((r) => r.url === '/api/notifications/read-all' && r.method === 'post')).toHaveLength(1);
    expect(within(cards[0]).getByText('New')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('New')).toBeNull();
    // One arriving while the page is open (the realtime event has no list) shows on top, labelled New, and
    // stays unread: marking read covered only what the page showed when it opened.
    const read = (n: AppNotification) => ({ ...n, read: true });
    const later = fakeApi([{ ...notification(3), description: 'Fresh one' }, read(notification(1)), read(notification(2))]);
    act(() => bus.emit({ type: 'notifications/changed' }));
    const fresh = (await screen.findByText('Fresh one')).closest('li')!;
    expect(screen.getAllByRole('listitem')[0]).toBe(fresh);
    expect(within(fresh).getByText('New')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications: 1 unread' })).toBeInTheDocument();
    expect(later.filter((r) => r.url === '/api/notifications/read-all')).toHaveLength(0);
    // The card read on opening is still labelled New for the rest of this visit.
    expect(within(screen.getAllByRole('listitem', { name: 'Job from Paul Tester' })[1]).getByText('New')).toBeInTheDocument();
  });

  it('the bell counts all unread notifications, not only the first page, and follows them live', async () => {
    /** 509 unread, newest first, as the API keeps them. */
    const many = (count: number) => Array.from({ length: count }, (_, i) => notification(count - i));
    fakeApi(many(509));
    const user = userEvent.setup();
    renderShell({ role: 'Provider', notifications: many(50) });
    const bell = await screen.findByRole('link', { name: 'Notifications: 509 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('509');
    // A new one (the realtime 'Notification' event: the bus says changed, the list is read again).
    const requests = fakeApi(many(510));
    act(() => bus.emit({ type: 'notifications/changed' }));
    expect(await screen.findByRole('link', { name: 'Notifications: 510 unread' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/notifications')?.params).toBeUndefined();
    // Opening Your Notifications reads the 50 it shows, and only those.
    await user.click(screen.getByRole('link', { name: 'Notifications: 510 unread' }));
    expect(await screen.findAllByRole('listitem', { name: 'Job from Paul Tester' })).toHaveLength(50);
    const after = await screen.findByRole('link', { name: 'Notifications: 460 unread' });
    expect(within(after).getByTestId('notification-count')).toHaveTextContent('460');
    expect(
      requests.filter((r) => r.url === '/api/notifications/read-all').map((r) => JSON.parse(String(r.data)) as unknown),
    ).toEqual([{ up_to_id: 510, from_id: 461 }]);
    // Read in another tab (NotificationsRead: changed again, read again), once: the open list's read of the
    // first page also tells the bell.
    const whileOpen = fakeApi(many(510).map((n) => ({ ...n, read: true })));
    act(() => bus.emit({ type: 'notifications/changed' }));
    const cleared = await screen.findByRole('link', { name: 'Notifications: 0 unread' });
    expect(within(cleared).queryByTestId('notification-count')).toBeNull();
    expect(whileOpen.filter((r) => r.url === '/api/notifications')).toHaveLength(1);
  });

  it('the bell shows no badge while there are no notifications, and one when the first arrives', async () => {
    const requests = fakeApi([]);
    renderShell({ role: 'Customer' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/notifications')).toBe(true));
    const bell = await screen.findByRole('link', { name: 'Notifications: 0 unread' });
    expect(within(bell).queryByTestId('notification-count')).toBeNull();
    act(() => bus.emit({ type: 'notifications/changed', notifications: [notification(1)], unread: 1 }));
    const updated = await screen.findByRole('link', { name: 'Notifications: 1 unread' });
    expect(within(updated).getByTestId('notification-count')).toHaveTextContent('1');
  });

  it('refetches the notifications when they change', async () => {
    const requests = fakeApi([notification(1)]);
    renderShell({ role: 'Customer' });
    await screen.findByRole('link', { name: 'Notifications: 1 unread' });
    const before = requests.filter((r) => r.url === '/api/notifications').length;
    act(() => bus.emit({ type: 'notifications/changed' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/notifications').length).toBe(before + 1));
    act(() =>
      bus.emit({ type: 'notifications/changed', notifications: [notification(1), notification(2), notification(3)], unread: 3 }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications: 3 unread' })).toBeInTheDocument();
  });

  it('a notification arriving live is said to screen readers on any screen; a chat message not while the chat is open', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderShell({ route: '/activebooking', role: 'Customer' });
    await screen.findByRole('heading', { name: 'Active Bookings' });
    const region = screen.getByRole('status', { name: 'New notifications' });
    expect(region).toBeEmptyDOMElement();
    const accepted = { ...notification(7), description: 'Ravi Kumar accepted your booking request.' };
    act(() => bus.emit({ type: 'notifications/arrived', notification: accepted }));
    expect(region).toHaveTextContent('Ravi Kumar accepted your booking request.');

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Chat' }));
    await screen.findByRole('heading', { name: 'Chat' });
    const message = { ...notification(8), title: 'Chat', description: 'Ravi Kumar: I am outside.' };
    act(() => bus.emit({ type: 'notifications/arrived', notification: message }));
    expect(region).toHaveTextContent('Ravi Kumar accepted your booking request.');
    const finished = { ...notification(9), description: 'Ravi Kumar has finished your job. Please rate your ride.' };
    act(() => bus.emit({ type: 'notifications/arrived', notification: finished }));
    expect(region).toHaveTextContent('Ravi Kumar has finished your job. Please rate your ride.');
  });

  it('says a notification arriving while a modal dialog (Booking Details) makes the page inert', async () => {
    fakeApi();
    renderShell({ route: '/activebooking', role: 'Customer' });
    await screen.findByRole('heading', { name: 'Active Bookings' });
    render(
      <Dialog title="Booking Details" onClose={() => undefined}>
        <input aria-label="Pick Address" />
      </Dialog>,
    );
    expect(isInert(screen.getByRole('heading', { name: 'Active Bookings' }))).toBe(true);
    const region = screen.getByRole('status', { name: 'New notifications' });
    expect(isInert(region)).toBe(false);
    const accepted = { ...notification(10), description: 'Ravi Kumar accepted your booking request.' };
    act(() => bus.emit({ type: 'notifications/arrived', notification: accepted }));
    expect(region).toHaveTextContent('Ravi Kumar accepted your booking request.');
  });

  it("the browser tab's title follows the screen, the shell's own pages too (Home, Contact Us, Your Notifications)", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderShell({ route: '/activebooking', role: 'Customer' });
    await screen.findByRole('heading', { name: 'Active Bookings' });
    expect(document.title).toBe('Active Bookings · Marketplace');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Contact Us' }));
    await screen.findByRole('heading', { name: 'Contact Us' });
    expect(document.title).toBe('Contact Us · Marketplace');
    await user.click(screen.getByRole('link', { name: /^Notifications/ }));
    await screen.findByRole('heading', { name: 'Your Notifications' });
    expect(document.title).toBe('Your Notifications · Marketplace');
    await user.click(within(nav).getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'Customer home blocks' });
    expect(document.title).toBe('Home · Marketplace');
  });

  it("a remote's own title for its screen is the tab's title once the remote is in (retitled without the shell)", async () => {
    fakeApi();
    const contracts = fakeContracts();
    contracts.mfe_customer.routes = contracts.mfe_customer.routes.map((r) =>
      r.path === '/activebooking' ? { ...r, title: 'My Bookings' } : r,
    );
    const load = async (name: keyof typeof contracts) => contracts[name];
    renderShell({
      route: '/activebooking',
      role: 'Customer',
      loader: { loadContract: jest.fn(load), retryContract: jest.fn(load) },
    });
    await screen.findByRole('heading', { name: 'Active Bookings' });
    expect(document.title).toBe('My Bookings · Marketplace');
  });

  it('the menu toggle collapses and restores the sidebar', async () => {
    fakeApi();
    renderShell({ role: 'Customer' });
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  describe('on a phone-sized window', () => {
    beforeEach(() => {
      const matchMedia = jest.fn((query: string) => ({
        matches: query === '(max-width: 800px)',
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      }));
      Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    });
    afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

    it('the sidebar starts closed and closes again after a navigation', async () => {
      fakeApi();
      renderShell({ role: 'Customer' });
      const toggle = screen.getByRole('button', { name: 'Toggle menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      await userEvent.click(toggle);
      await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Contact Us' }));
      await screen.findByRole('heading', { name: 'Contact Us' });
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    });

    it('a link to the page already shown closes the drawer too, and the page is usable again', async () => {
      fakeApi();
      renderShell({ role: 'Customer' });
      const user = userEvent.setup();
      const toggle = screen.getByRole('button', { name: 'Toggle menu' });
      await user.click(toggle);
      await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Contact Us' }));
      await screen.findByRole('heading', { name: 'Contact Us' });
      await user.click(toggle);
      await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Contact Us' }));
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('main').closest('[inert]')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    });

    it('a menu opened while a navigation is still rendering stays open when that page arrives; one started after closes it', async () => {
      fakeApi();
      const { app } = shellApp({ role: 'Customer' });
      const entry = (pathname: string, key: string): Location => ({ pathname, search: '', hash: '', state: null, key });
      // The router renders a navigation as a transition: the history (the URL) is on Contact Us already,
      // the page on screen is still Home (as after the login's move to Home, on a busy phone).
      const history = {
        location: entry('/contactus', 'contact'),
        createHref: (to: To) => (typeof to === 'string' ? to : (to.pathname ?? '/')),
        push: jest.fn(),
        replace: jest.fn(),
        go: jest.fn(),
      };
      const onScreen = (location: Location) => (
        <Router location={location} navigator={history}>
          {app}
        </Router>
      );
      const { rerender } = render(onScreen(entry('/', 'home')));
      await screen.findByRole('heading', { name: 'Customer home blocks' });
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
      expect(screen.getByRole('navigation')).toBeInTheDocument();

      rerender(onScreen(history.location));
      await screen.findByRole('heading', { name: 'Contact Us' });
      expect(screen.getByRole('navigation')).toBeInTheDocument();

      // A navigation made after the menu was opened closes it.
      history.location = entry('/notification', 'notification');
      rerender(onScreen(history.location));
      await screen.findByRole('heading', { name: 'Your Notifications' });
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    });

    it('a page chosen in the drawer gets the focus, not the page body the closed drawer left it on', async () => {
      fakeApi();
      renderShell({ role: 'Customer' });
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
      await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Contact Us' }));
      await screen.findByRole('heading', { name: 'Contact Us' });
      expect(screen.getByRole('main')).toHaveFocus();
    });

    it('the open menu is a drawer: focus moves into it, the page behind is inert, Escape and the dimmed page close it', async () => {
      fakeApi();
      renderShell({ role: 'Customer' });
      await screen.findByRole('heading', { name: 'Customer home blocks' });
      const user = userEvent.setup();
      const toggle = screen.getByRole('button', { name: 'Toggle menu' });
      const page = screen.getByRole('main').parentElement!;
      expect(page).not.toHaveAttribute('inert');

      await user.click(toggle);
      const nav = screen.getByRole('navigation');
      await waitFor(() => expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus());
      expect(page).toHaveAttribute('inert');

      // Tab goes round inside the drawer: past its last control (Logout) to Home, and back with Shift+Tab.
      const logout = within(screen.getByRole('complementary')).getByRole('button', { name: 'Logout' });
      logout.focus();
      await user.tab();
      expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus();
      await user.tab({ shift: true });
      expect(logout).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(page).not.toHaveAttribute('inert');
      expect(toggle).toHaveFocus();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);
      await user.click(screen.getByRole('button', { name: 'Close menu' }));
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
      expect(toggle).toHaveFocus();

      // The browser's Back (the shell's history asks closeNewestOverlay) closes it too, and only it.
      await user.click(toggle);
      expect(screen.getByRole('navigation')).toBeInTheDocument();
      let closed = false;
      act(() => {
        closed = closeNewestOverlay();
      });
      expect(closed).toBe(true);
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      await waitFor(() => expect(toggle).toHaveFocus());
      expect(closeNewestOverlay()).toBe(false);
    });
  });

  it('on a wide window the sidebar is no drawer: nothing is dimmed or made inert, and Escape leaves it open', async () => {
    fakeApi();
    renderShell({ role: 'Customer' });
    await screen.findByRole('heading', { name: 'Customer home blocks' });
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').parentElement).not.toHaveAttribute('inert');
  });

  it('the Chat item shows the total of unread chat messages, from the API, the chat remote and live messages', async () => {
    fakeApi();
    let total = 2;
    const base = apiClient.defaults.adapter as AxiosAdapter;
    apiClient.defaults.adapter = (config) =>
      config.url === '/api/chats/unread'
        ? Promise.resolve({ data: { data: { total }, message: 'Success' }, status: 200, statusText: 'OK', headers: {}, config })
        : base(config);
    renderShell({ role: 'Customer' });
    const nav = await screen.findByRole('navigation');
    const chat = await within(nav).findByRole('link', { name: 'Chat: 2 unread' });
    expect(chat).toHaveAttribute('href', '/chatview');
    expect(within(chat).getByTestId('chat-unread-count')).toHaveTextContent('2');
    // The chat remote read a conversation.
    act(() => bus.emit({ type: 'chat/unreadChanged', total: 0 }));
    expect(within(nav).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chatview');
    expect(within(nav).queryByTestId('chat-unread-count')).not.toBeInTheDocument();
    // A message arrives live: the count is fetched again.
    total = 3;
    act(() =>
      bus.emit({
        type: 'realtime/message',
        message: { id: 1, chat_id: 1, from_id: 2, message: 'hi', message_type: 'text', created_at: '2025-06-15T12:00:00.000Z' },
      }),
    );
    expect(await within(nav).findByRole('link', { name: 'Chat: 3 unread' })).toBeInTheDocument();
    // The channel (re)subscribed: messages sent meanwhile were missed, so the count is fetched again.
    total = 4;
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await within(nav).findByRole('link', { name: 'Chat: 4 unread' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Home' });
  });

  it('the channel subscribed: notifications sent while it connected show on an open Notifications page and on the bell', async () => {
    const note = (id: number): AppNotification => ({
      id,
      title: 'Chat',
      description: `Message ${id}`,
      user: { full_name: 'Nora Notifier', avatar: null },
      read: false,
    });
    fakeApi([note(1)]);
    renderShell({ route: '/notification', role: 'Provider' });
    expect(await screen.findAllByRole('listitem', { name: 'Chat from Nora Notifier' })).toHaveLength(1);
    // A message arrives before the realtime channel is subscribed: no live event for it.
    fakeApi([note(2), note(1)]);
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'Chat from Nora Notifier' })).toHaveLength(2));
    expect(screen.getByText('Message 2')).toBeInTheDocument();
    // It arrived after the page opened: labelled New, and unread until the next visit (the bell counts it).
    expect(within(screen.getByText('Message 2').closest('li')!).getByText('New')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications: 1 unread' })).toBeInTheDocument();
  });

  it('a notifications answer that crosses a later one (the channel resubscribed while the page marked them read) does not bring the old count back', async () => {
    fakeApi([notification(2), notification(1)]);
    renderShell({ route: '/activebooking', role: 'Provider' });
    await screen.findByRole('link', { name: 'Notifications: 2 unread' });
    // The resubscribe's read of the list is held: it was read while both were unread.
    const fake = apiClient.defaults.adapter as AxiosAdapter;
    let release: () => void = () => undefined;
    let held = true;
    apiClient.defaults.adapter = async (config) => {
      const answer = await fake(config);
      if (config.url === '/api/notifications' && held) {
        held = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return answer;
    };
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    await waitFor(() => expect(held).toBe(false));
    // Meanwhile both are read (as Your Notifications does, elsewhere): the bell clears.
    fakeApi([notification(2), notification(1)].map((n) => ({ ...n, read: true })));
    act(() => bus.emit({ type: 'notifications/changed' }));
    await screen.findByRole('link', { name: 'Notifications: 0 unread' });
    // The held answer arrives last: its count (2) is older than the one shown, and stays out.
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByRole('link', { name: 'Notifications: 0 unread' })).toBeInTheDocument();
  });

  it('a keyboard user can skip the menu: the first stop is "Skip to content", which moves focus to the page', async () => {
    fakeApi();
    renderShell({ role: 'Customer' });
    await screen.findByRole('heading', { name: 'Customer home blocks' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });

  it('after a navigation from the menu, focus moves to the new page; the first page load leaves focus alone', async () => {
    fakeApi();
    renderShell({ role: 'Customer' });
    await screen.findByRole('heading', { name: 'Customer home blocks' });
    expect(screen.getByRole('main')).not.toHaveFocus();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Active Bookings' }));
    await screen.findByRole('heading', { name: 'Active Bookings' });
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('a control of the page that is still there after its navigation keeps the focus', async () => {
    fakeApi();
    const contracts = fakeContracts();
    function ChatWithContacts() {
      const navigate = useNavigate();
      return (
        <>
          <h1>Chat</h1>
          <button type="button" onClick={() => void navigate('/chatview/7')}>
            Pia
          </button>
        </>
      );
    }
    contracts.mfe_chat.routes = [
      { path: '/chatview/:username?', title: 'Chat', load: () => Promise.resolve({ default: ChatWithContacts }) },
    ];
    renderShell({ role: 'Customer', route: '/chatview', loader: fakeLoader(contracts).loader });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pia' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/chatview/7');
    expect(screen.getByRole('button', { name: 'Pia' })).toHaveFocus();
  });

  it("a screen's Retry replaced by its loader leaves the focus on the page, not the document", async () => {
    fakeApi();
    const contracts = fakeContracts();
    function FailedList() {
      const [loading, setLoading] = useState(false);
      return (
        <>
          <h1>Active Bookings</h1>
          {loading ? (
            <p role="status">Loading…</p>
          ) : (
            <button type="button" onClick={() => setLoading(true)}>
              Retry
            </button>
          )}
        </>
      );
    }
    contracts.mfe_customer.routes = [
      { path: '/activebooking', title: 'Active Bookings', load: () => Promise.resolve({ default: FailedList }) },
    ];
    renderShell({ role: 'Customer', route: '/activebooking', loader: fakeLoader(contracts).loader });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await screen.findByText('Loading…');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('sidebar links navigate between remote screens', async () => {
    fakeApi();
    renderShell({ role: 'Customer' });
    await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Active Bookings' }));
    expect(await screen.findByRole('heading', { name: 'Active Bookings' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/activebooking');
  });
});
