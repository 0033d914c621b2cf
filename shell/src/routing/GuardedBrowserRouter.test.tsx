import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LEAVE_TEXTS, useLeaveGuard } from 'shared';
import { createShellStore } from '../store';
import { useEndSession } from '../session/useEndSession';
import { GuardedBrowserRouter } from './GuardedBrowserRouter';

/** A form page like Edit Profile: a field guarded while it holds text, a link away, and Back. */
function FormPage() {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const endSession = useEndSession();
  useLeaveGuard(name !== '');
  return (
    <>
      <h1>Form</h1>
      <label htmlFor="name">Name</label>
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      <Link to="/other">Other page</Link>
      <button type="button" onClick={() => void navigate('?tab=2')}>
        Second tab
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => endSession()}>
        Sign out
      </button>
    </>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function renderApp() {
  return render(
    <Provider store={createShellStore()}>
      <GuardedBrowserRouter>
        <Where />
        <Routes>
          <Route path="/" element={<Link to="/form">Open the form</Link>} />
          <Route path="/form" element={<FormPage />} />
          <Route path="/other" element={<h1>Other</h1>} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </GuardedBrowserRouter>
    </Provider>,
  );
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

/** Opens the form from / (so that there is a page to go back to) and types into it when `text` is given. */
async function openForm(text?: string) {
  const user = userEvent.setup();
  renderApp();
  await user.click(screen.getByRole('link', { name: 'Open the form' }));
  await screen.findByRole('heading', { name: 'Form' });
  if (text) await user.type(screen.getByLabelText('Name'), text);
  return user;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('leaving a page with unsaved changes', () => {
  it('goes at once while the form has no changes', async () => {
    const user = await openForm();
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first; Stay keeps the page and what was typed, Leave without saving goes', async () => {
    const user = await openForm('Carmen');
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TEXTS.title });
    expect(dialog).toHaveTextContent(LEAVE_TEXTS.message);

    await user.click(screen.getByRole('button', { name: LEAVE_TEXTS.stay }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(where()).toBe('/form');
    expect(window.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Carmen');

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    await user.click(await screen.findByRole('button', { name: LEAVE_TEXTS.leave }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/other');
  });

  it('asks before navigate(-1), e.g. a Back button', async () => {
    const user = await openForm('Carmen');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: LEAVE_TEXTS.leave }));
    expect(await screen.findByRole('link', { name: 'Open the form' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it("undoes the browser's back button until the user answers", async () => {
    const user = await openForm('Carmen');
    act(() => window.history.back());
    expect(await screen.findByRole('dialog', { name: LEAVE_TEXTS.title })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(where()).toBe('/form');

    await user.click(screen.getByRole('button', { name: LEAVE_TEXTS.stay }));
    expect(screen.getByLabelText('Name')).toHaveValue('Carmen');

    act(() => window.history.back());
    await user.click(await screen.findByRole('button', { name: LEAVE_TEXTS.leave }));
    expect(await screen.findByRole('link', { name: 'Open the form' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('does not ask for a move within the same page', async () => {
    const user = await openForm('Carmen');
    await user.click(screen.getByRole('button', { name: 'Second tab' }));
    await waitFor(() => expect(where()).toBe('/form?tab=2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not hold up the end of the session', async () => {
    const user = await openForm('Carmen');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
