import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordPage from './ForgotPasswordPage';
import { renderWithStore } from '../testing/renderWithStore';
import { fail, fakeApi, ok } from '../testing/fakeApi';
import { setupScreenTest } from '../testing/screenTest';

describe('ForgotPasswordPage', () => {
  const { bus } = setupScreenTest();

  it('requires a valid email', async () => {
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgotpassword' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
  });

  it('sends the reset request, toasts the spec message and goes to /newpassword', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': ok(null, 'OTP sent') });
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgotpassword' });
    await user.type(screen.getByLabelText('Email'), 'customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/newpassword');
    expect(api.calls[0].body).toEqual({ email: 'customer@example.com' });
    expect(bus.toasts()).toEqual([{ kind: 'success', message: 'Email has been sent to your email address' }]);
    api.restore();
  });

  it('comes back from the new-password step with the e-mail filled in, for a new OTP', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': ok(null) });
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgotpassword', state: { email: 'customer@example.com' } });
    expect(screen.getByLabelText('Email')).toHaveValue('customer@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/newpassword');
    expect(api.calls[0].body).toEqual({ email: 'customer@example.com' });
  });

  it('toasts the server message on failure and stays', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password': fail(404, 'We can not find a user with that email address.') });
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, { path: '/forgotpassword' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(bus.toasts()).toEqual([{ kind: 'error', message: 'We can not find a user with that email address.' }]);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    api.restore();
  });
});
