import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { LOGGED_OUT, SESSION_STORAGE_KEY, type PersistedSession } from 'shared';
import { makeUser } from 'shared/src/testing';
import { createShellStore } from '../store';
import { fakeApi, renderShell, Where } from '../testing/renderShell';
import { markSessionExpired } from './sessionExpiredMark';
import { SIGNED_OUT_ELSEWHERE_MESSAGE, useSessionFromOtherTabs } from './useSessionFromOtherTabs';
import { SESSION_EXPIRED_MESSAGE } from './useSessionExpiry';

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as PersistedSession | null;

const signedIn = (overrides: Partial<PersistedSession> = {}): PersistedSession => ({
  ...LOGGED_OUT,
  isLogin: true,
  users: makeUser({ role: 'Customer' }),
  token: 'tok',
  ...overrides,
});

/** What the browser does when another tab saves `value` under authType: the storage changes, then this tab hears of it. */
function anotherTabSaves(value: PersistedSession | null, key: string | null = SESSION_STORAGE_KEY) {
  act(() => {
    if (key === null) localStorage.clear();
    else if (value) localStorage.setItem(key, JSON.stringify(value));
    window.dispatchEvent(
      new StorageEvent('storage', { key, newValue: value ? JSON.stringify(value) : null, storageArea: localStorage }),
    );
  });
}

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

describe('a session changed in another tab of the browser', () => {
  it('signed out there: this tab signs out too and shows /login, and does not save its session back', async () => {
    const { store } = renderShell({ role: 'Customer', route: '/' });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();

    anotherTabSaves(LOGGED_OUT);

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ isLogin: false, users: null, token: null });
    expect(stored()).toMatchObject({ isLogin: false, token: null });
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    // A sign-out (Logout there) is not an expiry: it says what happened, and the spec's empty form.
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).not.toBeInTheDocument();
    expect(store.getState().session.alert).toEqual({ type: 'info', message: SIGNED_OUT_ELSEWHERE_MESSAGE });
    expect(JSON.parse(screen.getByTestId('where').dataset.state ?? 'null')).not.toHaveProperty('email');
  });

  it('ended there because the API refused the token: this tab says the session expired too, with the account handed to the form', async () => {
    renderShell({ role: 'Provider', route: '/jobrequest', user: { id: 31, email: 'pia@example.com' } });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();

    markSessionExpired(31);
    anotherTabSaves(LOGGED_OUT);

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('where').dataset.state ?? 'null')).toMatchObject({
      email: 'pia@example.com',
      role: 'Provider',
    });
  });

  it("ended there because the API refused the token: what was typed in this tab's form comes back once the same user is signed in again", async () => {
    const user = userEvent.setup();
    const first = renderShell({ role: 'Customer', route: '/contactus', user: { id: 31 } });
    await user.type(await screen.findByLabelText('Query Title'), 'Refund');
    await user.type(screen.getByLabelText('Message'), 'I was charged twice.');

    markSessionExpired(31);
    anotherTabSaves(LOGGED_OUT);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    first.unmount();

    // Signed in again (the way back brings the user to the page left).
    renderShell({ role: 'Customer', route: '/contactus', user: { id: 31 } });
    expect(await screen.findByLabelText('Query Title')).toHaveValue('Refund');
    expect(screen.getByLabelText('Message')).toHaveValue('I was charged twice.');
  });

  it('ended there, then the same user signed in again there: this tab goes back to its page signed in, with what was typed, and loads nothing afresh', async () => {
    const user = userEvent.setup();
    const { store } = renderShell({ role: 'Customer', route: '/contactus', user: { id: 31 } });
    await user.type(await screen.findByLabelText('Query Title'), 'Refund');
    await user.type(screen.getByLabelText('Message'), 'I was charged twice.');

    markSessionExpired(31);
    anotherTabSaves(LOGGED_OUT);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();

    // A full page load would fail here (jsdom does not navigate) and lose what was typed.
    anotherTabSaves(signedIn({ token: 'new-token', users: makeUser({ id: 31, role: 'Customer' }) }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/contactus'));
    expect(await screen.findByLabelText('Query Title')).toHaveValue('Refund');
    expect(screen.getByLabelText('Message')).toHaveValue('I was charged twice.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ isLogin: true, token: 'new-token', users: { id: 31 } });
  });

  it('signed out there (Logout): what was typed here is not kept', async () => {
    const user = userEvent.setup();
    const first = renderShell({ role: 'Customer', route: '/contactus', user: { id: 31 } });
    await user.type(await screen.findByLabelText('Message'), 'I was charged twice.');

    anotherTabSaves(LOGGED_OUT);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    first.unmount();

    renderShell({ role: 'Customer', route: '/contactus', user: { id: 31 } });
    expect(await screen.findByLabelText('Message')).toHaveValue('');
  });

  it('the whole storage cleared there: this tab signs out too', async () => {
    const { store } = renderShell({ role: 'Provider', route: '/jobrequest' });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();

    anotherTabSaves(null, null);

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(store.getState().session.isLogin).toBe(false);
    // Not a sign-out there (site data cleared): nothing is claimed about another tab.
    expect(store.getState().session.alert).toBeNull();
  });

  it('the same account signed in again, or its profile edited: this tab takes the new token and details where it is', async () => {
    const { store } = renderShell({ role: 'Customer', route: '/profile' });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();

    anotherTabSaves(signedIn({ token: 'tok-2', users: makeUser({ role: 'Customer', first_name: 'Renamed' }) }));

    expect(store.getState().session).toMatchObject({ isLogin: true, token: 'tok-2', users: { first_name: 'Renamed' } });
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/profile');
    expect(stored()).toMatchObject({ token: 'tok-2', users: { first_name: 'Renamed' } });
  });

  it('another key changed there: nothing happens here', async () => {
    const { store } = renderShell({ role: 'Customer', route: '/' });
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const before = store.getState().session;

    anotherTabSaves(LOGGED_OUT, 'deviceId');

    expect(store.getState().session).toBe(before);
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });
});

describe('another account signed in in another tab', () => {
  function TabOf({ reload }: { reload: (path: string) => void }) {
    useSessionFromOtherTabs(reload);
    return null;
  }

  function renderTab(session: PersistedSession, entry: string | { pathname: string; state: unknown } = '/chatview') {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    const store = createShellStore();
    const reload = jest.fn();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[entry]}>
          <TabOf reload={reload} />
          <Where />
        </MemoryRouter>
      </Provider>,
    );
    return { store, reload };
  }

  const provider = signedIn({ token: 'provider-token', users: makeUser({ id: 2, role: 'Provider', first_name: 'Pia' }) });

  it('this tab, signed in as someone else, takes that session and starts afresh on Home; the new session stays saved', () => {
    const { store, reload } = renderTab(signedIn());

    anotherTabSaves(provider);

    expect(reload).toHaveBeenCalledWith('/');
    expect(store.getState().session).toMatchObject({ isLogin: true, token: 'provider-token', users: { id: 2 } });
    expect(stored()).toMatchObject({ token: 'provider-token', users: { id: 2, role: 'Provider' } });
  });

  it('this tab, signed out, takes the session and starts afresh on Home', () => {
    const { store, reload } = renderTab(LOGGED_OUT);

    anotherTabSaves(provider);

    expect(reload).toHaveBeenCalledWith('/');
    expect(store.getState().session).toMatchObject({ isLogin: true, users: { id: 2 } });
  });

  it("this tab, on /login after its session ended on a page, starts afresh on Home when someone else signs in, not on that user's page", () => {
    const { reload } = renderTab(LOGGED_OUT, { pathname: '/login', state: { from: '/contactus', forUserId: 31 } });

    anotherTabSaves(provider);

    expect(reload).toHaveBeenCalledWith('/');
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('this tab, on /login after its session ended on a page, goes back to it in place when the same user signs in', () => {
    const { reload, store } = renderTab(LOGGED_OUT, { pathname: '/login', state: { from: '/jobrequest', forUserId: 2 } });

    anotherTabSaves(provider);

    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/jobrequest');
    expect(store.getState().session).toMatchObject({ isLogin: true, users: { id: 2 } });
  });

  it('this tab, signed out, stays so when another tab saves a signed-out session', () => {
    const { store, reload } = renderTab(LOGGED_OUT);

    anotherTabSaves(LOGGED_OUT);

    expect(reload).not.toHaveBeenCalled();
    expect(store.getState().session.isLogin).toBe(false);
  });
});
