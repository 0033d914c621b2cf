import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignupPage from './SignupPage';
import { customer, renderWithStore } from '../testing/renderWithStore';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { setupScreenTest } from '../testing/screenTest';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
}

describe('SignupPage', () => {
  const { bus } = setupScreenTest();

  it('offers Provider by default and links back to login', () => {
    renderWithStore(<SignupPage />, { path: '/signup' });
    expect(screen.getByRole('radio', { name: 'Provider' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Customer' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows every required message when submitted empty', async () => {
    const user = userEvent.setup();
    renderWithStore(<SignupPage />, { path: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
  });

  it('shows the length, email, password and match messages', async () => {
    const user = userEvent.setup();
    renderWithStore(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByLabelText('First Name'), 'A'.repeat(16));
    await user.type(screen.getByLabelText('Last Name'), 'B'.repeat(16));
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText('Must be 15 characters or less')).toHaveLength(2);
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 charaters')).toBeInTheDocument();
    expect(screen.getByText('Password must match')).toBeInTheDocument();
  });

  it('registers with the chosen role and goes to /login', async () => {
    const api = fakeApi({ 'POST /api/auth/register': ok(customer, 'Registered successfully') });
    const user = userEvent.setup();
    renderWithStore(<SignupPage />, { path: '/signup' });
    await user.click(screen.getByRole('radio', { name: 'Customer' }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    // The login form is handed the new account's email and role.
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      email: 'ada@example.com',
      role: 'Customer',
    });
    expect(api.calls[0].body).toEqual({
      role: 'Customer',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      password_confirmation: 'secret1',
    });
    expect(bus.toasts()).toEqual([{ kind: 'success', message: 'Registered successfully' }]);
    api.restore();
  });

  it('toasts the server message on failure and stays on the form', async () => {
    const api = fakeApi({ 'POST /api/auth/register': fail(409, 'The email has already been taken.') });
    const user = userEvent.setup();
    renderWithStore(<SignupPage />, { path: '/signup' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect(bus.toasts()).toEqual([{ kind: 'error', message: 'The email has already been taken.' }]);
    // The screen reports the failure itself: no second message from the client's alert.
    expect(bus.alerts()).toEqual([]);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    api.restore();
  });
});
