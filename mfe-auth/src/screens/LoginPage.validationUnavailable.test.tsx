import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage';
import { renderWithStore } from '../testing/renderWithStore';
import { fail, fakeApi } from '../testing/fakeApi';

// The login rules' chunk cannot be fetched (the connection dropped, or mfe-auth was redeployed meanwhile).
jest.mock('../validation/login', () => {
  throw new Error('Loading chunk validation-login failed.');
});

describe('Login when its validation rules cannot be loaded', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("sends the form for the API to check, and Login works again after the API's answer", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi({ 'POST /api/auth/login': fail(401, 'These credentials do not match our records.') });
    const user = userEvent.setup();
    renderWithStore(<LoginPage />);
    await user.type(screen.getByLabelText('Email'), 'cara@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });
});
