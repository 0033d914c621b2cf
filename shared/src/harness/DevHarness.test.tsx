import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokenProvider } from '../api';
import { setRuntimeConfig } from '../config';
import type { RemoteContract, User } from '../contracts';
import { createAppStore } from '../session/store';
import { fail, fakeApi, ok, restoreFakeApis } from '../testing/fakeApi';
import { DevHarness } from './DevHarness';
import { HARNESS_DEMO_HINT } from './HarnessSignIn';

const page = (title: string) => () => Promise.resolve({ default: () => <h1>{title}</h1> });

const contract: RemoteContract = {
  name: 'mfe_provider',
  routes: [
    { path: '/login', title: 'Open page', public: true, load: page('Open page') },
    { path: '/jobrequest', title: 'Job Requests', load: page('Job Requests') },
    { path: '/service', title: 'All Services', role: 'Provider', load: page('Provider services') },
    { path: '/drive', title: 'Customer only', role: 'Customer', load: page('Customer only') },
  ],
  widgets: [{ name: 'HomeBlocks', role: 'Provider', load: page('Blocks') }],
};

const pat: User = {
  id: 7,
  first_name: 'Pat',
  last_name: 'Provider',
  full_name: 'Pat Provider',
  email: 'provider@example.com',
  phone: null,
  address: null,
  avatar: null,
  role: 'Provider',
  completed_jobs: 0,
  total_provider_jobs: 0,
  email_notifications: true,
};

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));
afterEach(() => {
  setTokenProvider(() => null);
  restoreFakeApis();
  jest.restoreAllMocks();
  localStorage.clear();
});

function renderHarness() {
  window.history.pushState({}, '', '/');
  const store = createAppStore();
  render(<DevHarness contract={contract} store={store} />);
  return { store, nav: screen.getByRole('navigation', { name: 'Harness' }) };
}

async function signIn(email: string, password: string, role: 'Customer' | 'Provider') {
  const form = screen.getByRole('form', { name: 'Sign in to the API' });
  await userEvent.type(within(form).getByLabelText('Email'), email);
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.selectOptions(within(form).getByLabelText('Role'), role);
  await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
}

describe('the standalone dev harness of a remote', () => {
  it('signed out, lists every screen; public ones open, the others ask for a sign-in', async () => {
    const { nav } = renderHarness();
    expect(screen.getByText('mfe_provider')).toBeInTheDocument();
    expect(screen.getByText(HARNESS_DEMO_HINT)).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Open page', 'Job Requests', 'All Services', 'Customer only', 'Widgets']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Open page' }));
    expect(await screen.findByRole('heading', { name: 'Open page' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'All Services' }));
    expect(screen.getByText('Sign in above to open All Services.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Provider services' })).not.toBeInTheDocument();
  });

  it("signs in to the API as the role chosen: the user's screens open with the session's token, and Sign out ends it", async () => {
    let logoutToken: unknown = null;
    const api = fakeApi({
      'POST /api/auth/login': ok({ user: pat, token: 'token-7' }),
      'POST /api/auth/logout': (config) => {
        logoutToken = config.headers.Authorization;
        return ok(null);
      },
    });
    const { store, nav } = renderHarness();
    setTokenProvider(() => store.getState().session.token); // as prepareHarness does
    // A provider's remote: the form starts on the role most of its screens are for.
    expect(screen.getByLabelText('Role')).toHaveValue('Provider');
    await signIn('provider@example.com', 'password123', 'Provider');

    expect(await screen.findByText('Pat Provider · Provider')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/auth/login')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ email: 'provider@example.com', password: 'password123', role: 'Provider' });
    expect(typeof sent.device_id).toBe('string');
    expect(store.getState().session.token).toBe('token-7');
    expect(within(nav).queryByRole('link', { name: 'Customer only' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'All Services' }));
    expect(await screen.findByRole('heading', { name: 'Provider services' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Widgets' }));
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('form', { name: 'Sign in to the API' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeFalsy();
    // The revocation went with the session's token (sent before the session ended here).
    expect(logoutToken).toBe('Bearer token-7');
    expect(api.calls.filter((c) => c.url === '/api/auth/logout')).toHaveLength(1);
  });

  it("a refused sign-in says the API's reason and leaves the harness signed out", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'POST /api/auth/login': fail(401, 'Invalid credentials') });
    const { store } = renderHarness();
    await signIn('provider@example.com', 'wrong', 'Provider');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(store.getState().session.token).toBeFalsy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
