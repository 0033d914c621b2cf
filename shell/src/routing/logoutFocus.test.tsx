import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderShell } from '../testing/renderShell';

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

// Its own file: which pages this tab has shown is kept per loaded page (module), and this tab opens signed in.
it('a tab opened signed in: after Logout the login page has the focus, not the document', async () => {
  const user = userEvent.setup();
  renderShell({ role: 'Customer' });
  await screen.findByRole('heading', { name: 'Customer home blocks' });
  // The first page keeps the focus where the browser put it.
  expect(document.body).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Logout' }));
  const login = await screen.findByRole('heading', { name: 'Login' });
  // Logout went with the layout: the login page takes its focus.
  await waitFor(() => expect(login.closest('.public-area')).toHaveFocus());
});
