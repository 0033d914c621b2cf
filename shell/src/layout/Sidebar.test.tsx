import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { apiClient, bus } from 'shared';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';
import { loadShellStyles } from '../testing/shellStyles';

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

describe('Sidebar: a link about to be followed starts loading its screen', () => {
  it("its remote's contract first; once that is there, the screen's own module, before the click", async () => {
    const contracts = fakeContracts();
    const activeBookings = jest.fn(() => Promise.resolve({ default: () => <h1>Active Bookings</h1> }));
    contracts.mfe_customer.routes = contracts.mfe_customer.routes.map((route) =>
      route.path === '/activebooking' ? { ...route, load: activeBookings } : route,
    );
    const { loader } = fakeLoader(contracts);
    renderShell({ route: '/', role: 'Customer', loader });
    // Home's blocks come from the customer remote, so its contract is there once they show.
    expect(await screen.findByRole('heading', { name: 'Customer home blocks' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(activeBookings).not.toHaveBeenCalled();
    fireEvent.pointerOver(within(nav).getByRole('link', { name: 'Active Bookings' }));
    expect(activeBookings).toHaveBeenCalledTimes(1);

    // A remote not loaded yet: its contract starts loading on the first hover.
    expect(loader.loadContract).not.toHaveBeenCalledWith('mfe_chat');
    fireEvent.focus(within(nav).getByRole('link', { name: 'Chat' }));
    expect(loader.loadContract).toHaveBeenCalledWith('mfe_chat');
    // The test ends once that contract is there (the shell keeps it), not with it on its way.
    const chatLoad = loader.loadContract.mock.calls.findIndex(([name]) => name === 'mfe_chat');
    await act(() => loader.loadContract.mock.results[chatLoad].value as Promise<unknown>);
  });
});

describe('Sidebar: the user', () => {
  it("a long first name ends in an ellipsis at the sidebar's edge; a long e-mail shows whole, wrapping after its '@'", async () => {
    const removeStyles = loadShellStyles();
    renderShell({ role: 'Customer', user: { first_name: 'W'.repeat(15), email: 'a.very.long.address@example.com' } });
    const name = await screen.findByText('W'.repeat(15));
    expect(getComputedStyle(name)).toMatchObject({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    const email = screen.getByText('a.very.long.address@example.com');
    expect(email.innerHTML).toBe('a.very.long.address@<wbr>example.com');
    expect(getComputedStyle(email).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(email).textOverflow).not.toBe('ellipsis');
    removeStyles();
  });
});

describe('Sidebar: the Chat count across tabs', () => {
  it("a chat read in the user's other tab (chat/read) clears the count here too", async () => {
    let total = 1;
    const base = apiClient.defaults.adapter as AxiosAdapter;
    apiClient.defaults.adapter = (config) =>
      config.url === '/api/chats/unread'
        ? Promise.resolve({ data: { data: { total }, message: 'Success' }, status: 200, statusText: 'OK', headers: {}, config })
        : base(config);
    renderShell({ route: '/', role: 'Customer' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Chat: 1 unread' })).toHaveTextContent('Chat 1');
    // The message was read in the other tab: the server counts none now, and says so on the user's channel.
    total = 0;
    act(() => bus.emit({ type: 'chat/read', chatId: 1 }));
    expect(await within(nav).findByRole('link', { name: 'Chat' })).toHaveTextContent(/^Chat$/);
    expect(within(nav).queryByTestId('chat-unread-count')).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Customer home blocks' });
  });
});
