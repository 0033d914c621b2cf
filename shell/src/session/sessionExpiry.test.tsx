import { act, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { SESSION_STORAGE_KEY, apiClient, bus, type BusEvent } from 'shared';
import { renderShell } from '../testing/renderShell';
import { SESSION_EXPIRED_MESSAGE } from './useSessionExpiry';

const pusherDisconnect = jest.fn();
jest.mock('pusher-js', () => ({
  __esModule: true,
  default: jest.fn(() => ({
    subscribe: () => ({ bind: jest.fn(), unbind_all: jest.fn() }),
    connection: { bind: jest.fn() },
    unsubscribe: jest.fn(),
    disconnect: pusherDisconnect,
  })),
}));

const stored = (): unknown => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');

/** The API as it answers an expired token: 401 to every call that carries one, 200 otherwise. */
function expiredApi() {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    if (config.headers.get('Authorization')) {
      const response = {
        data: { message: 'Your session has expired. Please log in again.' },
        status: 401,
        statusText: '401',
        headers: {},
        config,
      };
      throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, response);
    }
    return { data: { data: [], message: '' }, status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.defaults.adapter = adapter;
  return requests;
}

let events: BusEvent[];
let subscription: { unsubscribe(): void };
beforeEach(() => {
  // The shell's silent fetches log the refused calls; expected here.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  localStorage.clear();
  pusherDisconnect.mockClear();
  events = [];
  subscription = bus.all().subscribe((e) => events.push(e));
});
afterEach(() => {
  subscription.unsubscribe();
  jest.restoreAllMocks();
});

describe('a session the API no longer accepts (issue 11, item 5)', () => {
  it('the first 401 of a signed-in screen ends the session: authType cleared, realtime closed, /login with the message', async () => {
    const requests = expiredApi();
    const { store } = renderShell({ role: 'Customer', route: '/' });
    // The first signed-in call gets the 401.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_EXPIRED_MESSAGE);
    expect(store.getState().session).toMatchObject({ isLogin: false, users: null, token: null });
    expect(stored()).toMatchObject({ isLogin: false, users: null, token: null });
    // Realtime: closed, or never opened (it connects when the browser is idle, after the first screen).
    const Pusher = jest.requireMock<{ default: jest.Mock }>('pusher-js').default;
    expect(pusherDisconnect).toHaveBeenCalledTimes(Pusher.mock.calls.length);
    // No half-signed-in layout: no sidebar, no Logout.
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    // The first call of the signed-in screen, with the token, was the one refused (the sidebar's unread
    // count: the notifications wait for the first screen).
    expect(requests[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('the way to /login names the page left and its user, with their email and role: the login form starts with them, and signing in again comes back', async () => {
    expiredApi();
    renderShell({ role: 'Provider', route: '/jobrequest?page=2', user: { id: 77, email: 'pia@example.com' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(JSON.parse(screen.getByTestId('where').dataset.state ?? 'null')).toEqual({
      from: '/jobrequest?page=2',
      forUserId: 77,
      email: 'pia@example.com',
      role: 'Provider',
    });
  });

  it('no loop: more 401s (other screens still loading) change nothing and send nothing more', async () => {
    const requests = expiredApi();
    const { store } = renderShell({ role: 'Provider', route: '/jobrequest' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    const sent = requests.length;
    const loggedOut = events.filter((e) => e.type === 'auth/loggedOut').length;
    await act(async () => {
      bus.emit({ type: 'auth/sessionExpired' });
      bus.emit({ type: 'auth/sessionExpired' });
      // A call made now carries no token, so it cannot be refused as expired.
      await apiClient.get('/api/services').catch(() => undefined);
    });
    expect(requests.length).toBe(sent + 1);
    expect(requests[requests.length - 1].headers.get('Authorization')).toBeUndefined();
    expect(events.filter((e) => e.type === 'auth/loggedOut').length).toBe(loggedOut);
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(store.getState().session.alert).toEqual({ type: 'danger', message: SESSION_EXPIRED_MESSAGE });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('a wrong password on /login is not a session expiry', async () => {
    const requests: InternalAxiosRequestConfig[] = [];
    apiClient.defaults.adapter = async (config) => {
      requests.push(config);
      const response = {
        data: { message: 'These credentials do not match our records.' },
        status: 401,
        statusText: '401',
        headers: {},
        config,
      };
      throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, response);
    };
    const { store } = renderShell({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    await act(async () => {
      await apiClient.post('/api/auth/login', { email: 'a@b.co', password: 'wrong1' }).catch(() => undefined);
    });
    expect(events.some((e) => e.type === 'auth/sessionExpired')).toBe(false);
    expect(screen.getByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(store.getState().session.alert?.message).not.toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('signing in again after an expiry works, and the message goes', async () => {
    expiredApi();
    const { store } = renderShell({ role: 'Customer' });
    await waitFor(() => expect(store.getState().session.isLogin).toBe(false));
    apiClient.defaults.adapter = async (config) => ({
      data: { data: [], message: '' },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
    const { makeUser } = await import('shared/src/testing');
    act(() => bus.emit({ type: 'auth/loggedIn', user: makeUser({ first_name: 'Back' }), token: 'fresh' }));
    act(() => bus.emit({ type: 'alert/clear' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
    expect(stored()).toMatchObject({ isLogin: true, token: 'fresh' });
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).not.toBeInTheDocument();
  });
});
