import { act, screen } from '@testing-library/react';
import { bus } from 'shared';
import { afterFirstScreen } from '../session/firstScreenShown';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';

let firstScreenOnScreen: () => void = () => undefined;
jest.mock('../session/firstScreenShown', () => ({
  ...jest.requireActual<object>('../session/firstScreenShown'),
  firstScreenShown: jest.fn(),
  afterFirstScreen: jest.fn(),
}));

beforeEach(() => {
  localStorage.clear();
  fakeApi();
  const shown = new Promise<void>((resolve) => {
    firstScreenOnScreen = resolve;
  });
  jest.mocked(afterFirstScreen).mockImplementation(() => shown);
});

describe('RemoteWidget: a background widget (the booking dialog host) waits for the first screen', () => {
  it('its code is not loaded until the first screen is on screen, then it is', async () => {
    const contracts = fakeContracts();
    const host = jest.fn(() => Promise.resolve({ default: () => <p>booking dialog host</p> }));
    contracts.mfe_customer.widgets.push({ name: 'BookingAssignHost', role: 'Customer', load: host });
    renderShell({ route: '/activebooking', role: 'Customer', loader: fakeLoader(contracts).loader });
    expect(await screen.findByRole('heading', { name: 'Active Bookings' })).toBeInTheDocument();
    expect(host).not.toHaveBeenCalled();

    await act(async () => firstScreenOnScreen());
    expect(await screen.findByText('booking dialog host')).toBeInTheDocument();
    expect(host).toHaveBeenCalled();
  });

  it('its remote down, it is loaded again when asked for (booking/assignHostWanted), once the remote is back', async () => {
    const contracts = fakeContracts();
    const host = jest.fn(() => Promise.resolve({ default: () => <p>booking dialog host</p> }));
    contracts.mfe_customer.widgets.push({ name: 'BookingAssignHost', role: 'Customer', load: host });
    const { loader, offline } = fakeLoader(contracts, ['mfe_customer']);
    renderShell({ route: '/profile', role: 'Customer', loader });
    await act(async () => firstScreenOnScreen());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loader.loadContract).toHaveBeenCalledWith('mfe_customer');
    expect(host).not.toHaveBeenCalled();
    // Still down when asked: nothing to show; back, and asked again: the host is there.
    await act(async () => bus.emit({ type: 'booking/assignHostWanted' }));
    expect(loader.retryContract).toHaveBeenCalledTimes(1);
    expect(host).not.toHaveBeenCalled();
    offline.delete('mfe_customer');
    await act(async () => bus.emit({ type: 'booking/assignHostWanted' }));
    expect(await screen.findByText('booking dialog host')).toBeInTheDocument();
    expect(loader.retryContract).toHaveBeenCalledTimes(2);
  });
});

describe('RemoteWidget: a widget that fails', () => {
  it('is named to the user as a part of the page, not by its module id', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const contracts = fakeContracts();
    // A remote built against another version of shared: its widget throws as it renders.
    contracts.mfe_customer.widgets[0] = {
      name: 'HomeBlocks',
      role: 'Customer',
      load: () =>
        Promise.resolve({
          default: () => {
            throw new TypeError('(0 , n.newestOngoing) is not a function');
          },
        }),
    };
    renderShell({ route: '/', role: 'Customer', loader: fakeLoader(contracts).loader });
    expect(
      await screen.findByText(
        'This part of the page stopped because of an error. Press Retry; if it happens again, reload the page.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/mfe_customer|HomeBlocks|newestOngoing/)).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
