import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient, bus, SESSION_STORAGE_KEY, useSessionUser, type User } from 'shared';
import { configureLocationSharing, DENIED_MESSAGE, getLocationSharing, stopLocationSharing } from 'shared/src/location';
import { makeJob, makeUser } from 'shared/src/testing';
import {
  fakeGeolocation,
  fakeLocationBackend,
  type FakeGeolocation,
  type FakeLocationBackend,
} from 'shared/src/location/testing';
import { AxiosError, type AxiosAdapter } from 'axios';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';
import { startProviderSharing, stopProviderSharing } from './providerLocationSharing';

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
    expect(backend.writes).toMatchObject([{ uid: '1', position: { lat: 12.9716, lng: 77.5946 } }]);
    expect(backend.writes).toHaveLength(1);
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
    await startProviderSharing({ userId: 1, role: 'Provider', token: 'tok' });
    expect(geo.activeWatches).toBe(1);
    renderShell({ route: '/login' });
    await act(async () => {
      await flush();
    });
    expect(geo.activeWatches).toBe(0);
    expect(getLocationSharing().state).toBe('off');
  });

  it('a session that ends while the location module is still loading never starts watching', async () => {
    const started = startProviderSharing({ userId: 1, role: 'Provider', token: 'tok' });
    stopProviderSharing();
    await act(async () => {
      await started;
      await flush();
    });
    expect(geo.watchCalls).toBe(0);
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
    // The route changes once the page's chunk has arrived (a transition), at once only if an earlier test loaded it.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/notification'));
    // The page opened loads its list: the test ends once it is shown, not with the answer on its way.
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000));
    expect(geo.watchCalls).toBe(1);
  });
});

describe('the signed-in user is read again from the API when the session starts in this page', () => {
  /** The provider's Home blocks, as mfe-provider's: the counts of the session's user. */
  function providerHome() {
    const contracts = fakeContracts();
    contracts.mfe_provider.widgets = [
      {
        name: 'HomeBlocks',
        role: 'Provider',
        load: () =>
          Promise.resolve({
            default: function HomeBlocks() {
              const user = useSessionUser();
              return (
                <p data-testid="stats">
                  {user?.completed_jobs} Jobs Done, {user?.total_provider_jobs} Job Requests
                </p>
              );
            },
          }),
      },
    ];
    return fakeLoader(contracts).loader;
  }
  const storedUser = () => (JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { users: User }).users;
  /** Home's last step: the Services row, which comes after the blocks, has shown its answer. */
  const homeSettled = () => screen.findByRole('list', { name: 'Services' });
  const now = makeUser({ id: 1, role: 'Provider', first_name: 'Peter', completed_jobs: 3, total_provider_jobs: 5 });

  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    act(() => stopLocationSharing());
    jest.restoreAllMocks();
  });

  it('a provider reopening the app (still signed in) sees the counts and name of now, not of sign-in, and they are stored', async () => {
    const requests = fakeApi([], now);
    renderShell({
      role: 'Provider',
      user: { id: 1, first_name: 'Pete', completed_jobs: 0, total_provider_jobs: 0 },
      loader: providerHome(),
    });
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('3 Jobs Done, 5 Job Requests'), { timeout: 3000 });
    expect(screen.getByText('Peter')).toBeInTheDocument();
    expect(storedUser()).toMatchObject({ first_name: 'Peter', completed_jobs: 3, total_provider_jobs: 5 });
    expect(requests.filter((r) => r.url === '/api/auth/me')).toHaveLength(1);
    await homeSettled();
  });

  it('after a login too', async () => {
    const requests = fakeApi([], now);
    renderShell({ route: '/login', loader: providerHome() });
    await screen.findByRole('heading', { name: 'Login' });
    act(() => bus.emit({ type: 'auth/loggedIn', user: makeUser({ ...now, completed_jobs: 2 }), token: 'tok' }));
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('3 Jobs Done, 5 Job Requests'), { timeout: 3000 });
    expect(requests.filter((r) => r.url === '/api/auth/me')).toHaveLength(1);
    await homeSettled();
  });

  it('a job that changed reads them again', async () => {
    const requests = fakeApi([], now);
    renderShell({ role: 'Provider', user: { id: 1 }, loader: providerHome() });
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('3 Jobs Done'), { timeout: 3000 });
    fakeApi([], { ...now, completed_jobs: 4 });
    act(() => bus.emit({ type: 'job/updated', job: makeJob() }));
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('4 Jobs Done'));
    expect(requests.filter((r) => r.url === '/api/auth/me')).toHaveLength(1);
    await homeSettled();
  });

  it('a profile changed in another tab or device (profile/changed) reads the user again: the name shown follows', async () => {
    const requests = fakeApi([], now);
    renderShell({ role: 'Provider', user: { id: 1 }, loader: providerHome() });
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('3 Jobs Done'), { timeout: 3000 });
    fakeApi([], { ...now, first_name: 'Petra' });
    act(() => bus.emit({ type: 'profile/changed' }));
    expect(await screen.findByText('Petra')).toBeInTheDocument();
    expect(storedUser()).toMatchObject({ first_name: 'Petra' });
    expect(requests.filter((r) => r.url === '/api/auth/me')).toHaveLength(1);
    await homeSettled();
  });

  it('the realtime channel subscribed (again) reads the user again: a change made before it was is not missed', async () => {
    fakeApi([], now);
    renderShell({ role: 'Provider', user: { id: 1 }, loader: providerHome() });
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('3 Jobs Done'), { timeout: 3000 });
    fakeApi([], { ...now, first_name: 'Petra', completed_jobs: 4 });
    act(() => bus.emit({ type: 'realtime/subscribed' }));
    expect(await screen.findByText('Petra')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stats')).toHaveTextContent('4 Jobs Done'));
    await homeSettled();
  });

  it('offline: the stored user stays', async () => {
    fakeApi();
    const answer = apiClient.defaults.adapter as AxiosAdapter;
    const asked = jest.fn<ReturnType<AxiosAdapter>, Parameters<AxiosAdapter>>((config) =>
      config.url === '/api/auth/me' ? Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config)) : answer(config),
    );
    apiClient.defaults.adapter = asked;
    renderShell({ role: 'Provider', user: { id: 1, completed_jobs: 2 }, loader: providerHome() });
    await waitFor(() => expect(asked).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/auth/me' })), { timeout: 3000 });
    await act(flush);
    expect(await screen.findByTestId('stats')).toHaveTextContent('2 Jobs Done');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(storedUser()).toMatchObject({ id: 1, completed_jobs: 2 });
    await homeSettled();
  });
});
