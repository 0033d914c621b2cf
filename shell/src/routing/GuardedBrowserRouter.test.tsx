import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Dialog, LEAVE_TEXTS, useLeaveGuard } from 'shared';
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

/** A page with a dialog, as Provider Profile's booking modal; the dialog can ask a second one, and go back itself. */
function DialogPage() {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <h1>Profile</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Assign Job
      </button>
      {open ? (
        <Dialog title="Book" onClose={() => setAsking(true)}>
          <button type="button" onClick={() => void navigate(-1)}>
            Back to the list
          </button>
        </Dialog>
      ) : null}
      {asking ? (
        <Dialog title="Discard?" onClose={() => setAsking(false)}>
          <button type="button" onClick={() => (setAsking(false), setOpen(false))}>
            Discard
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * A form that goes back once saved, as the card form does for the booking modal: navigate(-1) is asked
 * while it is saving (not guarded); Saved ends the saving (guarded again, as a form that stopped submitting).
 */
function SavingFormPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  useLeaveGuard(name !== '' && !saving);
  useEffect(() => {
    if (saving) void navigate(-1);
  }, [saving, navigate]);
  return (
    <>
      <h1>Card form</h1>
      <label htmlFor="card-name">Card Name</label>
      <input id="card-name" value={name} onChange={(event) => setName(event.target.value)} />
      <button type="button" onClick={() => setSaving(true)}>
        Save
      </button>
      <button type="button" onClick={() => setSaving(false)}>
        Saved
      </button>
    </>
  );
}

/** The first page: links to the others, and a Back (a page opened first in its tab has nothing behind it). */
function Home() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/form">Open the form</Link>
      <Link to="/profile">Open the profile</Link>
      <Link to="/card">Add a card</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Go Back
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
          <Route path="/" element={<Home />} />
          <Route path="/form" element={<FormPage />} />
          <Route path="/profile" element={<DialogPage />} />
          <Route path="/other" element={<h1>Other</h1>} />
          <Route path="/card" element={<SavingFormPage />} />
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

  it("does not ask again when the app's own go back arrives after the form it let through counts as changed once more", async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Add a card' }));
    await user.type(await screen.findByLabelText('Card Name'), 'Nico');
    // The browser's move arrives once the form has stopped saving: held here until then.
    const go = window.history.go.bind(window.history);
    const held: number[] = [];
    const hold = jest.spyOn(window.history, 'go').mockImplementation((delta) => void held.push(delta ?? 0));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held).toEqual([-1]));
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    hold.mockRestore();
    act(() => go(-1));
    expect(await screen.findByRole('link', { name: 'Add a card' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: LEAVE_TEXTS.title })).not.toBeInTheDocument();
  });

  it("asks at the user's Back after a Go Back that had nowhere to go (the first page of a tab)", async () => {
    const user = userEvent.setup();
    renderApp();
    // Nothing before this entry: the browser does not move, and no move arrives.
    const nowhere = jest.spyOn(window.history, 'go').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    nowhere.mockRestore();
    await user.click(screen.getByRole('link', { name: 'Open the form' }));
    await user.type(await screen.findByLabelText('Name'), 'Carmen');
    act(() => window.history.back());
    expect(await screen.findByRole('dialog', { name: LEAVE_TEXTS.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LEAVE_TEXTS.stay }));
    expect(screen.getByLabelText('Name')).toHaveValue('Carmen');
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
  it('a session that ends while the question is asked takes the question away: /login, no prompt over it', async () => {
    const user = await openForm('Carmen');
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    await screen.findByRole('dialog', { name: LEAVE_TEXTS.title });
    // Signed out elsewhere (another tab, an expired token): the page behind the question ends the session.
    fireEvent.click(screen.getByRole('button', { name: 'Sign out', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});

describe("the browser's Back with a dialog open", () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Open the profile' }));
    await user.click(await screen.findByRole('button', { name: 'Assign Job' }));
    await screen.findByRole('dialog', { name: 'Book' });
    return user;
  }

  it('closes the newest dialog and keeps the page; Back with no dialog open leaves it', async () => {
    const user = await openDialog();
    act(() => window.history.back());
    // The dialog asks its own question (as a form with something typed does): the newest dialog now.
    expect(await screen.findByRole('dialog', { name: 'Discard?' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(where()).toBe('/profile');

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Book' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));

    act(() => window.history.back());
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));

    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'Open the profile' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it("lets the app's own navigate(-1) from a dialog go back", async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('link', { name: 'Open the profile' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
