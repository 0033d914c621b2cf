import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage';
import { customer, renderWithStore } from '../testing/renderWithStore';
import { fail, fakeApi, ok, recordBus } from '../testing/fakeApi';

const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('LoginPage', () => {
  let bus: ReturnType<typeof recordBus>;
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    bus = recordBus();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    bus.stop();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('offers Customer by default, and links to forgot password and sign up', () => {
    renderWithStore(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Customer' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Provider' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('after sign-up (or a new password) comes filled with that account: its email and role, not the Customer default', () => {
    renderWithStore(<LoginPage />, { path: '/login', state: { email: 'ravi@example.com', role: 'Provider' } });
    expect(screen.getByRole('radio', { name: 'Provider' })).toBeChecked();
    expect(screen.getByLabelText('Email')).toHaveValue('ravi@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('a role in the state that is not one keeps the Customer default', () => {
    renderWithStore(<LoginPage />, { path: '/login', state: { email: 'ada@example.com', role: 'Admin' } });
    expect(screen.getByRole('radio', { name: 'Customer' })).toBeChecked();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('says please enter correct email and password when submitted empty, and shows both required messages', async () => {
    const api = fakeApi({});
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(bus.toasts()).toEqual([{ kind: 'error', message: 'please enter correct email and password' }]);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(api.calls).toHaveLength(0);
    api.restore();
  });

  it('shows the invalid email and short password messages', async () => {
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 charaters')).toBeInTheDocument();
    expect(bus.toasts()).toEqual([]);
    // The focus goes to the first field to mend, whose label and message are read out.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is invalid');
  });

  it('a wrong field mended, the next submit takes the focus to the one still wrong', async () => {
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(screen.getByLabelText('Email'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('sends the login after 600 ms, stores user and token, marks logged in and opens home', async () => {
    const api = fakeApi({ 'POST /api/auth/login': ok({ user: customer, token: 'secret-token' }, 'Login successful') });
    const user = setup();
    const { store } = renderWithStore(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await act(() => jest.advanceTimersByTimeAsync(599));
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Signing in');
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].body).toEqual({
      email: 'customer@example.com',
      password: 'password123',
      role: 'Customer',
      device_id: localStorage.getItem('deviceId'),
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(store.getState().session).toMatchObject({ isLogin: true, token: 'secret-token', users: customer });
    expect(bus.events).toContainEqual({ type: 'auth/loggedIn', user: customer, token: 'secret-token' });
    api.restore();
  });

  it('opens the page the guard sent the user here from, once signed in', async () => {
    const api = fakeApi({ 'POST /api/auth/login': ok({ user: customer, token: 't' }) });
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login', state: { from: '/payment' } });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await act(() => jest.advanceTimersByTimeAsync(600));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/payment$/);
    api.restore();
  });

  it("opens it with the page's own navigation state (which provider, which job): its user gets the same screen back", async () => {
    const api = fakeApi({ 'POST /api/auth/login': ok({ user: customer, token: 't' }) });
    const user = setup();
    const fromState = { serviceId: 1, providerId: 20 };
    renderWithStore(<LoginPage />, { path: '/login', state: { from: '/providerprofile', fromState, forUserId: customer.id } });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await act(() => jest.advanceTimersByTimeAsync(600));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/providerprofile$/);
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual(fromState);
    api.restore();
  });

  it('sends the chosen role', async () => {
    const api = fakeApi({ 'POST /api/auth/login': ok({ user: { ...customer, role: 'Provider' }, token: 't' }) });
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('radio', { name: 'Provider' }));
    await user.type(screen.getByLabelText('Email'), 'provider@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await act(() => jest.advanceTimersByTimeAsync(600));
    expect(api.calls[0].body).toMatchObject({ role: 'Provider' });
    api.restore();
  });

  it('on failure toasts Please Enter Correct Email or Password, sets a danger alert with the server message and stays', async () => {
    const api = fakeApi({ 'POST /api/auth/login': fail(401, 'These credentials do not match our records.') });
    const user = setup();
    const { store } = renderWithStore(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await act(() => jest.advanceTimersByTimeAsync(600));

    expect(bus.toasts()).toEqual([{ kind: 'error', message: 'Please Enter Correct Email or Password' }]);
    expect(bus.alerts()).toEqual([{ type: 'danger', message: 'These credentials do not match our records.' }]);
    expect(store.getState().session.isLogin).toBe(false);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    api.restore();
  });

  it('an account of the other role: the alert says which role, and no toast says the email or password is wrong', async () => {
    const refusal = 'This account is registered as a Customer. Please sign in as a Customer.';
    const api = fakeApi({ 'POST /api/auth/login': fail(403, refusal) });
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('radio', { name: 'Provider' }));
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await act(() => jest.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(bus.alerts()).toEqual([{ type: 'danger', message: refusal }]));
    expect(bus.toasts()).toEqual([]);
    api.restore();
  });

  it('when the server cannot be reached or fails, says that and not that the email or password is wrong', async () => {
    const replies = [
      () => {
        throw new Error('Network Error');
      },
      () => fail(503, 'The service is down for maintenance.'),
      () => fail(429, 'Too many login attempts. Please try again in 60 seconds.'),
    ];
    let call = 0;
    const api = fakeApi({ 'POST /api/auth/login': () => replies[call++]() });
    const user = setup();
    renderWithStore(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    for (let attempt = 0; attempt < replies.length; attempt++) {
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await act(() => jest.advanceTimersByTimeAsync(600));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    }
    expect(bus.toasts()).toEqual([]);
    expect(bus.alerts()).toEqual([
      { type: 'danger', message: 'The server cannot be reached. Check your connection and retry.' },
      { type: 'danger', message: 'The service is down for maintenance.' },
      { type: 'danger', message: 'Too many login attempts. Please try again in 60 seconds.' },
    ]);
    expect(screen.getByLabelText('Password')).toHaveValue('password123');
    api.restore();
  });
});
