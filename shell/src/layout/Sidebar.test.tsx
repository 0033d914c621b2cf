import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';

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
  });
});
