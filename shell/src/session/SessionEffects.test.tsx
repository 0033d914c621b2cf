import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureLocationSharing, DENIED_MESSAGE, getLocationSharing, startLocationSharing, stopLocationSharing } from 'shared';
import {
  fakeGeolocation,
  fakeLocationBackend,
  type FakeGeolocation,
  type FakeLocationBackend,
} from 'shared/src/location/testing';
import { fakeApi, renderShell } from '../testing/renderShell';

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** The shell started, its remotes' contracts loaded. */
async function start(role: 'Provider' | 'Customer') {
  const result = renderShell({ role });
  await act(async () => {
    await flush();
  });
  return result;
}

describe('the shell owns the position watcher of a signed-in provider', () => {
  let geo: FakeGeolocation;
  let backend: FakeLocationBackend;

  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    geo = fakeGeolocation();
    backend = fakeLocationBackend({ uid: '1' });
    configureLocationSharing({ geolocation: geo, backend, locks: null });
    fakeApi();
  });
  afterEach(() => {
    act(() => stopLocationSharing());
    configureLocationSharing({});
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('a provider signed in: one watch starts, positions are written, the top bar says Sharing location', async () => {
    await start('Provider');
    expect(geo.watchCalls).toBe(1);
    expect(screen.getByRole('status', { name: 'Location sharing' })).toHaveTextContent('Locating…');
    await act(async () => {
      geo.move(12.9716, 77.5946);
      await flush();
    });
    expect(backend.writes).toEqual([{ uid: '1', position: { lat: 12.9716, lng: 77.5946 } }]);
    expect(screen.getByRole('status', { name: 'Location sharing' })).toHaveTextContent('Sharing location');
  });

  it('navigating between screens keeps the one watch', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await start('Provider');
    await user.click(screen.getByRole('link', { name: /Notifications/ }));
    await user.click(screen.getAllByRole('link', { name: 'Home' })[0]);
    expect(geo.watchCalls).toBe(1);
    expect(geo.activeWatches).toBe(1);
  });

  it('logout stops the watch and the writes', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await start('Provider');
    await act(async () => {
      geo.move(1, 1);
      await flush();
    });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await act(async () => {
      jest.advanceTimersByTime(300);
      await flush();
    });
    expect(geo.activeWatches).toBe(0);
    expect(getLocationSharing().state).toBe('off');
    await act(async () => {
      jest.advanceTimersByTime(5000);
      geo.move(2, 2);
      await flush();
    });
    expect(backend.writes).toHaveLength(1);
    expect(backend.connections.every((c) => c.closed)).toBe(true);
  });

  it('started at start-up (bootstrap) for a session that has ended by the time the shell mounts: stopped', async () => {
    startLocationSharing({ userId: 1, role: 'Provider', token: 'tok' });
    expect(geo.activeWatches).toBe(1);
    renderShell({ route: '/login' });
    await act(async () => {
      await flush();
    });
    expect(geo.activeWatches).toBe(0);
    expect(getLocationSharing().state).toBe('off');
  });

  it('a customer session watches nothing and shows no indicator', async () => {
    await start('Customer');
    expect(geo.watchCalls).toBe(0);
    expect(screen.queryByRole('status', { name: 'Location sharing' })).not.toBeInTheDocument();
  });

  it('denied permission: a clear notice, the app keeps working, no second request', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await start('Provider');
    act(() => geo.fail(1));
    expect(screen.getByRole('status', { name: 'Location sharing' })).toHaveTextContent('Location off');
    expect(screen.getByRole('status', { name: 'Location notice' })).toHaveTextContent(DENIED_MESSAGE);
    await user.click(screen.getByRole('link', { name: /Notifications/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/notification');
    act(() => jest.advanceTimersByTime(60_000));
    expect(geo.watchCalls).toBe(1);
  });
});
