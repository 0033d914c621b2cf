import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { sessionActions } from 'shared';
import { makeUser } from 'shared/src/testing';
import { fakeApi, fakeContracts, fakeLoader, renderShell } from '../testing/renderShell';

beforeEach(() => {
  localStorage.clear();
  fakeApi();
});

/** The fake login page, with the link to Sign Up a user follows. */
function LoginWithLink() {
  return (
    <>
      <h1>Login</h1>
      <Link to="/signup">Sign Up</Link>
    </>
  );
}

it('the page a tab opens with keeps the focus where it is; a public page or Home navigated to takes the lost focus', async () => {
  const contracts = fakeContracts();
  contracts.mfe_auth.routes[0] = { ...contracts.mfe_auth.routes[0], load: () => Promise.resolve({ default: LoginWithLink }) };
  const { loader } = fakeLoader(contracts);
  const { store } = renderShell({ route: '/login', loader });
  await screen.findByRole('heading', { name: 'Login' });
  expect(document.body).toHaveFocus();

  // Sign Up followed: the link went with the login page; the sign-up page has the focus, not the document.
  await userEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
  const signUp = await screen.findByRole('heading', { name: 'Sign Up' });
  await waitFor(() => expect(signUp.closest('.public-area')).toHaveFocus());

  // Signed in from a public page of this tab: the page of the layout has it.
  (document.activeElement as HTMLElement).blur();
  act(() => {
    store.dispatch(sessionActions.loggedIn({ user: makeUser({ role: 'Customer' }), token: 'tok' }));
  });
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});

it('an alert dismissed from the keyboard on a public page leaves the focus on the page, not the document', async () => {
  const { store } = renderShell({ route: '/login' });
  await screen.findByRole('heading', { name: 'Login' });
  act(() => {
    store.dispatch(sessionActions.alertSet({ type: 'danger', message: 'Please Enter Correct Email or Password' }));
  });
  const dismiss = await screen.findByRole('button', { name: 'Dismiss' });
  dismiss.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByText('Please Enter Correct Email or Password')).not.toBeInTheDocument());
  await waitFor(() => expect(document.querySelector('.public-area')).toHaveFocus());
});
