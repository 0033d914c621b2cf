import { act, screen } from '@testing-library/react';
import { bus } from 'shared';
import { fakeApi, renderShell } from '../testing/renderShell';

// The toast library's chunk cannot be fetched (the connection dropped, or the shell was redeployed).
jest.mock('react-toastify', () => {
  throw new Error('Loading chunk react-toastify failed.');
});

beforeEach(() => {
  localStorage.clear();
  fakeApi();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a toast when toasts cannot be shown', () => {
  it('is said in the alert area instead: a failure some forms tell only as a toast is never lost', async () => {
    renderShell({ role: 'Customer' });
    await screen.findByRole('heading', { name: 'Customer home blocks' });
    act(() => bus.emit({ type: 'toast/show', kind: 'error', message: 'The email has already been taken.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email has already been taken.');
  });
});
