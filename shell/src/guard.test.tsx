import { screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from 'shared';
import { fakeApi, renderShell } from './testing/renderShell';

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

describe('route guard while logged out', () => {
  it.each([
    '/',
    '/profile',
    '/activebooking',
    '/previousbooking',
    '/chatview/12',
    '/notification',
    '/contactus',
    '/jobrequest',
    '/no-such-page',
    '/login/extra',
    '/signupx',
  ])('%s redirects to /login and shows the login page', async (path) => {
    renderShell({ route: path });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(where()).toBe('/login');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each([
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/forgotpassword', 'Forgot Password'],
    ['/newpassword', 'New Password'],
  ])('%s is public: it stays and shows its page from the auth remote, without the layout', async (path, title) => {
    renderShell({ route: path });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(where()).toBe(path);
    expect(screen.queryByText('Version 2.0')).not.toBeInTheDocument();
  });

  it('only the auth remote is loaded for /login', async () => {
    const { loader } = renderShell({ route: '/login' });
    await screen.findByRole('heading', { name: 'Login' });
    expect((loader.loadContract as jest.Mock).mock.calls.map(([name]: [string]) => name)).toEqual(['mfe_auth']);
  });

  it('a corrupt authType value resets to logged out and opens the login page instead of crashing', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"isLogin":true,');
    renderShell({ route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(where()).toBe('/login');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBe('{"isLogin":true,');
  });
});

describe('route guard while logged in', () => {
  it('an unknown path redirects to /', async () => {
    renderShell({ route: '/no-such-page', role: 'Customer' });
    await waitFor(() => expect(where()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('a public path redirects to / as well', async () => {
    renderShell({ route: '/login', role: 'Customer' });
    await waitFor(() => expect(where()).toBe('/'));
  });

  it.each([
    ['/profile', 'My Profile'],
    ['/activebooking', 'Active Bookings'],
    ['/jobrequest', 'Job Requests'],
    ['/chatview', 'Chat'],
    ['/chatview/42', 'Chat'],
  ])('%s is mounted from the remote that owns it, inside the layout', async (path, title) => {
    renderShell({ route: path, role: 'Customer' });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(where()).toBe(path);
    expect(screen.getByText('Version 2.0')).toBeInTheDocument();
  });

  it('the shell pages Your Notifications and Contact Us open', async () => {
    renderShell({ route: '/notification', role: 'Provider' });
    expect(await screen.findByRole('heading', { name: 'Your Notifications' })).toBeInTheDocument();
  });

  it('a spec route the remote does not serve yet shows a titled page, never a blank', async () => {
    renderShell({ route: '/previousbooking', role: 'Customer' });
    expect(await screen.findByRole('heading', { name: 'Previous Bookings' })).toBeInTheDocument();
  });

  it.each([
    ['Customer', '/service', 'All Services (customer view)'],
    ['Provider', '/service', 'All Services (provider view)'],
    ['Customer', '/activebookingdetails', 'Customer booking details'],
    ['Provider', '/activebookingdetails', 'Provider job details'],
  ] as const)('a %s on %s gets the view for that role', async (role, path, title) => {
    renderShell({ route: path, role });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });
});
