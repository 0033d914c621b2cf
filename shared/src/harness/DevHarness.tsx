import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import { setTokenProvider } from '../api';
import { bus } from '../bus';
import { setRuntimeConfig, type RuntimeConfig } from '../config';
import type { RemoteContract, Role } from '../contracts';
import { loadPersistedSession } from '../session/persistence';
import { sessionActions, type RootStateWithSession } from '../session/sessionSlice';
import { createAppStore, persistSession, type AppStore } from '../session/store';
import { ErrorBoundary, ErrorState, Loader } from '../ui';
import '../ui/ui.css';
import { HarnessSignIn } from './HarnessSignIn';

function Screen({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  // The lazy component is kept in state, so it is the same component on every render (a new one for a new `load`).
  const [mounted, setMounted] = useState(() => ({ load, Lazy: lazy(load) }));
  if (mounted.load !== load) setMounted({ load, Lazy: lazy(load) });
  const { Lazy } = mounted;
  return (
    <ErrorBoundary
      fallback={(error, reset) => <ErrorState message="This screen failed." detail={error.message} onRetry={reset} />}
    >
      <Suspense fallback={<Loader />}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The role most of the remote's screens are for (a provider's remote signs in as a Provider first). */
function mainRoleOf(contract: RemoteContract): Role {
  const roles = [...contract.routes, ...contract.widgets].map((r) => r.role);
  return roles.filter((r) => r === 'Provider').length > roles.filter((r) => r === 'Customer').length ? 'Provider' : 'Customer';
}

function HarnessBody({ contract }: { contract: RemoteContract }) {
  const dispatch = useDispatch();
  const session = useSelector((s: RootStateWithSession) => s.session);
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    const subs = [
      bus.on('alert/show').subscribe((e) => setAlert(e.alert.message)),
      bus.on('toast/show').subscribe((e) => setAlert(e.message)),
      bus.on('auth/loggedIn').subscribe((e) => dispatch(sessionActions.loggedIn({ user: e.user, token: e.token }))),
      bus.on('auth/userUpdated').subscribe((e) => dispatch(sessionActions.userUpdated(e.user))),
      bus.on('session/patch').subscribe((e) => dispatch(sessionActions.patched(e.patch))),
      bus.on('auth/loggedOut').subscribe(() => dispatch(sessionActions.loggedOut())),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [dispatch]);

  const user = session.token ? (session.users ?? null) : null;
  // Signed out, every screen is listed, and those needing a session say so; signed in, those of the user's role.
  const routes = contract.routes.filter((r) => r.public || !r.role || !user || r.role === user.role);
  const widgets = contract.widgets.filter((w) => !w.role || !user || w.role === user.role);
  const repeatedTitles = new Set(routes.map((r) => r.title).filter((t, i, all) => all.indexOf(t) !== i));
  const open = (r: { public?: boolean; title: string; load: () => Promise<{ default: ComponentType }> }) =>
    user || r.public ? <Screen load={r.load} /> : <p>Sign in above to open {r.title}.</p>;

  return (
    <div className="harness">
      <header className="harness__bar">
        <strong>{contract.name}</strong> <span>standalone harness</span>
        <span className="harness__spacer" />
        <HarnessSignIn user={user} defaultRole={mainRoleOf(contract)} />
      </header>
      <nav className="harness__nav" aria-label="Harness">
        {routes.map((r) => (
          <NavLink key={`${r.path}-${r.role ?? 'any'}`} to={r.path.replace(/\/:[^/]+\?$/, '')}>
            {repeatedTitles.has(r.title) ? `${r.title} (${r.path})` : r.title}
          </NavLink>
        ))}
        {widgets.length ? <NavLink to="/__widgets">Widgets</NavLink> : null}
      </nav>
      {alert ? (
        <div role="alert" className="harness__alert">
          {alert}
          <button type="button" className="harness__dismiss" aria-label="Dismiss" onClick={() => setAlert(null)}>
            ×
          </button>
        </div>
      ) : null}
      <main className="harness__main">
        <Routes>
          {routes.map((r) => (
            <Route key={`${r.path}-${r.role ?? 'any'}`} path={r.path} element={open(r)} />
          ))}
          <Route
            path="/__widgets"
            element={
              <>{user ? widgets.map((w) => <Screen key={w.name} load={w.load} />) : <p>Sign in above to open the widgets.</p>}</>
            }
          />
          <Route path="*" element={<p>Pick a screen of {contract.name} above.</p>} />
        </Routes>
      </main>
    </div>
  );
}

/**
 * A thin standalone page for one remote (`npm start -w mfe-x`): its own store (the shared session slice),
 * a sign-in to the API, a router and a nav listing the contract's routes, so a team can work without the shell.
 */
export function DevHarness({ contract, store }: { contract: RemoteContract; store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <HarnessBody contract={contract} />
      </BrowserRouter>
    </Provider>
  );
}

/** Creates the harness store and points the API client at the runtime config beside the page (if any). */
export async function prepareHarness(): Promise<AppStore> {
  try {
    const response = await fetch('/runtime-config.json', { cache: 'no-store' });
    if (response.ok) setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch {
    /* keep the defaults (API on localhost:4000) */
  }
  document.body.style.margin = '0';
  const store = createAppStore(loadPersistedSession());
  persistSession(store);
  setTokenProvider(() => store.getState().session.token);
  return store;
}
