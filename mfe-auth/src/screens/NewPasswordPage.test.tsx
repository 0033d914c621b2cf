import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NewPasswordPage from './NewPasswordPage';
import { renderWithStore } from '../testing/renderWithStore';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { setupScreenTest } from '../testing/screenTest';

describe('NewPasswordPage', () => {
  const { bus } = setupScreenTest();

  it('shows the required messages', async () => {
    const user = userEvent.setup();
    renderWithStore(<NewPasswordPage />, { path: '/newpassword' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('OTP is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('wants a valid email and a new password of at least 6 characters', async () => {
    const user = userEvent.setup();
    renderWithStore(<NewPasswordPage />, { path: '/newpassword' });
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 charaters')).toBeInTheDocument();
  });

  it("prefills the email from the forgot-password step, resets and goes to /login with it and the account's role", async () => {
    const api = fakeApi({ 'POST /api/auth/forgot': ok({ role: 'Provider' }, 'Password has been reset') });
    const user = userEvent.setup();
    renderWithStore(<NewPasswordPage />, { path: '/newpassword', state: { email: 'customer@example.com' } });
    expect(screen.getByLabelText('Email')).toHaveValue('customer@example.com');
    await user.type(screen.getByLabelText('OTP'), '482913');
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({
      email: 'customer@example.com',
      role: 'Provider',
    });
    expect(api.calls[0].body).toEqual({ email: 'customer@example.com', otp: '482913', password: 'newpass1' });
    expect(bus.toasts()).toEqual([{ kind: 'success', message: 'Password has been reset' }]);
    api.restore();
  });

  it('offers a new OTP (one expired or locked by wrong tries) on the forgot-password step', async () => {
    const user = userEvent.setup();
    renderWithStore(<NewPasswordPage />, { path: '/newpassword', state: { email: 'customer@example.com' } });
    await user.click(screen.getByRole('link', { name: 'Request a new OTP' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgotpassword');
  });

  it('toasts the server message when the OTP is wrong and stays', async () => {
    const api = fakeApi({ 'POST /api/auth/forgot': fail(400, 'The OTP is invalid or has expired.') });
    const user = userEvent.setup();
    renderWithStore(<NewPasswordPage />, { path: '/newpassword' });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(bus.toasts()).toEqual([{ kind: 'error', message: 'The OTP is invalid or has expired.' }]);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    api.restore();
  });
});
