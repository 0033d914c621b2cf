import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { SESSION_STORAGE_KEY, apiClient, bus, sessionActions, type BusEvent } from 'shared';
import { makeUser } from 'shared/src/testing';
import { fakeApi, renderShell } from '../testing/renderShell';
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

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('logout', () => {
  /** The signed-in home with its blocks: nothing it started loading is still on its way when Logout is pressed. */
  const homeShown = () => screen.findByRole('heading', { name: 'Customer home blocks' });
  const revocations = (requests: InternalAxiosRequestConfig[]) =>
    requests.filter(
      (r) => r.url === '/api/auth/logout' && r.method === 'post' && r.headers.get('Authorization') === 'Bearer tok',
    );

  it('clears the session about 200 ms later, goes to /login and revokes the token', async () => {
    const requests = fakeApi();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store } = renderShell({ role: 'Customer' });
    await homeShown();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    act(() => jest.advanceTimersByTime(150));
    expect(store.getState().session.isLogin).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/');

    await act(async () => jest.advanceTimersByTime(60));
    expect(store.getState().session).toMatchObject({ isLogin: false, users: null, token: null });
    expect(stored()).toMatchObject({ isLogin: false, token: null });
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(revocations(requests)).toHaveLength(1);
    // The user chose to leave: the next person at the device gets the spec's empty form, not their email.
    const handed = JSON.parse(screen.getByTestId('where').dataset.state ?? 'null') as Record<string, unknown>;
    expect(handed).not.toHaveProperty('email');
    expect(handed).not.toHaveProperty('role');
  });

  it("a call still on its way during the 200 ms is not refused by the Logout's own revocation: no 'session expired', one end", async () => {
    const requests = fakeApi();
    const served = apiClient.defaults.adapter as AxiosAdapter;
    // The API: once the token is revoked, every call carrying it is refused.
    apiClient.defaults.adapter = async (config) => {
      const revoked = revocations(requests).length > 0;
      if (revoked && config.headers.get('Authorization') === 'Bearer tok') {
        const response = { data: { message: 'Unauthenticated.' }, status: 401, statusText: '401', headers: {}, config };
        throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, response);
      }
      return served(config);
    };
    const ended: BusEvent[] = [];
    const subscription = bus.on('auth/loggedOut').subscribe((e) => ended.push(e));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store } = renderShell({ role: 'Customer' });
    await homeShown();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    // The bell's list is fetched again meanwhile (a notification arrived).
    await act(async () => {
      jest.advanceTimersByTime(100);
      bus.emit({ type: 'notifications/changed' });
    });
    await act(async () => jest.advanceTimersByTime(120));
    await act(async () => jest.advanceTimersByTime(1000));

    expect(store.getState().session.isLogin).toBe(false);
    expect(store.getState().session.alert).toBeNull();
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).not.toBeInTheDocument();
    expect(ended).toHaveLength(1);
    expect(revocations(requests)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    subscription.unsubscribe();
  });

  /** The API as fakeApi serves it, but POST /api/auth/logout answered by `logout` (a throw for no answer). */
  function withLogoutAnswering(logout: (config: InternalAxiosRequestConfig) => never | void) {
    const requests = fakeApi();
    const served = apiClient.defaults.adapter as AxiosAdapter;
    apiClient.defaults.adapter = async (config) => {
      if (config.url === '/api/auth/logout') {
        requests.push(config);
        logout(config);
      }
      return served(config);
    };
    return requests;
  }
  const noAnswer = (config: InternalAxiosRequestConfig): never => {
    throw new AxiosError('Network Error', 'ERR_NETWORK', config);
  };
  const keptForRevocation = () => JSON.parse(localStorage.getItem('tokensToRevoke') ?? '[]') as unknown;

  async function logOut() {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const shell = renderShell({ role: 'Customer' });
    await homeShown();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await act(async () => jest.advanceTimersByTime(250));
    expect(shell.store.getState().session.isLogin).toBe(false);
    // Landed on the Login screen (its page loaded here, not in a later test, outside act).
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    return shell;
  }

  it('a Logout whose revocation got no answer revokes the token when the app starts again (not left valid on the server)', async () => {
    const first = withLogoutAnswering(noAnswer);
    const shell = await logOut();
    await waitFor(() => expect(keptForRevocation()).toEqual(['tok']));
    expect(revocations(first)).toHaveLength(1);
    shell.unmount();

    // The next page load, signed out, once its first screen is shown.
    const requests = fakeApi();
    renderShell({ route: '/login' });
    await act(async () => jest.advanceTimersByTime(2500));
    await waitFor(() => expect(revocations(requests)).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem('tokensToRevoke')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('a revocation kept while offline is made when the browser is back online', async () => {
    withLogoutAnswering(noAnswer);
    await logOut();
    await waitFor(() => expect(keptForRevocation()).toEqual(['tok']));

    const requests = fakeApi();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(revocations(requests)).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem('tokensToRevoke')).toBeNull());
  });

  it('a revocation refused (401: the token is already over) is not kept', async () => {
    const requests = withLogoutAnswering((config) => {
      const response = { data: { message: 'Unauthenticated.' }, status: 401, statusText: '401', headers: {}, config };
      throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, response);
    });
    await logOut();
    await waitFor(() => expect(revocations(requests)).toHaveLength(1));
    await act(async () => jest.advanceTimersByTime(100));
    expect(localStorage.getItem('tokensToRevoke')).toBeNull();
  });
});

/** Ends a toast's exit animation, which jsdom does not run, as a browser would. */
async function leaves(toast: Element) {
  await waitFor(() => expect(toast).toHaveAttribute('data-in', 'false'));
  fireEvent.animationEnd(toast);
}

describe('alerts', () => {
  /** The shell has loaded the login screen's remote and shown it: nothing it started is still on its way. */
  const loginShown = () => screen.findByRole('heading', { name: 'Login' });

  it('an alert set through the bus shows in the alert area and clears 50 000 ms later', async () => {
    fakeApi();
    const { store } = renderShell({ route: '/login' });
    await loginShown();
    act(() => bus.emit({ type: 'alert/show', alert: { type: 'danger', message: 'Please Enter Correct Email or Password' } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter Correct Email or Password');

    act(() => jest.advanceTimersByTime(49_999));
    expect(screen.getByRole('alert')).toHaveTextContent('Please Enter Correct Email or Password');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().session.alert).toBeNull();
  });

  it('a new alert restarts the 50 000 ms', async () => {
    fakeApi();
    const { store } = renderShell({ route: '/login' });
    await loginShown();
    void act(() => store.dispatch(sessionActions.alertSet({ type: 'success', message: 'first' })));
    act(() => jest.advanceTimersByTime(30_000));
    void act(() => store.dispatch(sessionActions.alertSet({ type: 'success', message: 'second' })));
    act(() => jest.advanceTimersByTime(30_000));
    expect(screen.getByRole('alert')).toHaveTextContent('second');
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a toast announced on the bus is shown', async () => {
    jest.useRealTimers();
    fakeApi();
    renderShell({ route: '/login' });
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Please Enter Correct Email or Password' }));
    expect(await screen.findByText('Please Enter Correct Email or Password')).toBeInTheDocument();
  });

  it('the same error twice shows once; a new error or a success takes the earlier error away, and keeps successes', async () => {
    jest.useRealTimers();
    fakeApi();
    renderShell({ route: '/login' });
    act(() => bus.emit({ type: 'toast/show', kind: 'success', message: 'Card added' }));
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Could not save' }));
    await screen.findByText('Could not save');
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Could not save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Could not save')).toHaveLength(1);

    const first = screen.getByText('Could not save').closest('.Toastify__toast')!;
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Card declined' }));
    await screen.findByText('Card declined');
    await leaves(first);
    await waitFor(() => expect(screen.queryByText('Could not save')).toBeNull());

    const second = screen.getByText('Card declined').closest('.Toastify__toast')!;
    act(() => bus.emit({ type: 'toast/show', kind: 'success', message: 'Saved' }));
    await screen.findByText('Saved');
    await leaves(second);
    await waitFor(() => expect(screen.queryByText('Card declined')).toBeNull());
    expect(screen.getByText('Card added')).toBeInTheDocument();
  });

  it('signing in takes away what the signed-out screens toasted; a later toast stays', async () => {
    jest.useRealTimers();
    fakeApi();
    renderShell({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    act(() => bus.emit({ type: 'toast/show', kind: 'success', message: 'Registered successfully. Please log in.' }));
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Please Enter Correct Email or Password' }));
    const toasts = await Promise.all(
      ['Registered successfully. Please log in.', 'Please Enter Correct Email or Password'].map(async (text) =>
        (await screen.findByText(text)).closest('.Toastify__toast')!,
      ),
    );
    act(() => bus.emit({ type: 'auth/loggedIn', user: makeUser({ first_name: 'Lena' }), token: 'newtoken' }));
    await screen.findByText('Lena');
    for (const toast of toasts) await leaves(toast);
    await waitFor(() => expect(screen.queryByText('Please Enter Correct Email or Password')).toBeNull());
    expect(screen.queryByText('Registered successfully. Please log in.')).toBeNull();
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Could not save' }));
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
  });

  it('a success alert takes away an error toast still on screen, as a success toast does', async () => {
    jest.useRealTimers();
    fakeApi();
    renderShell({ route: '/login' });
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'Could not save' }));
    const toast = (await screen.findByText('Could not save')).closest('.Toastify__toast')!;
    act(() => bus.emit({ type: 'alert/show', alert: { type: 'danger', message: 'Still failing' } }));
    await screen.findByText('Still failing');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toast).toHaveAttribute('data-in', 'true');
    act(() => bus.emit({ type: 'alert/show', alert: { type: 'success', message: 'Saved' } }));
    await leaves(toast);
    await waitFor(() => expect(screen.queryByText('Could not save')).toBeNull());
  });
});

describe('the bus drives the session', () => {
  it('auth/loggedIn signs in and persists under authType; auth/loggedOut signs out', async () => {
    jest.useRealTimers();
    fakeApi();
    const { store } = renderShell({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    act(() => bus.emit({ type: 'auth/loggedIn', user: makeUser({ first_name: 'Lena' }), token: 'newtoken' }));
    expect(await screen.findByText('Lena')).toBeInTheDocument();
    expect(stored()).toMatchObject({ isLogin: true, token: 'newtoken', users: { first_name: 'Lena' } });

    act(() => bus.emit({ type: 'auth/userUpdated', user: makeUser({ first_name: 'Lenora' }) }));
    expect(await screen.findByText('Lenora')).toBeInTheDocument();
    act(() =>
      bus.emit({
        type: 'session/patch',
        patch: { jobs: [], paymentMethod: [{ id: 1, card_brand: 'visa', card_last4: '4242' }] },
      }),
    );
    expect(store.getState().session.paymentMethod).toHaveLength(1);

    act(() => bus.emit({ type: 'auth/loggedOut' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(stored()).toMatchObject({ isLogin: false });
    expect(pusherDisconnect).toHaveBeenCalled();
  });
});
