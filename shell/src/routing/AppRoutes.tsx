import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary, ErrorState, Loader, MAIN_CONTENT_ID, type RemoteRoute, useSignedIn } from 'shared';
import { lazyComponent, retryFailedLoads } from '../components/loadedComponents';
import { failureDetail, Shown } from '../components/RemoteMount';
import { useAllRemotes, useRemotes } from '../federation/RemotesContext';
import { firstScreenShown } from '../session/firstScreenShown';
import { focusIsLost, keepFocusOnThePage } from 'shared/src/ui/focus';
import { loginNavStateFrom } from '../session/lastSignedInUser';
import { useHistoryEntryKey } from './historyEntry';
import { markPageShown } from './pageShown';
import { RemoteRouteElement } from './RemoteRouteElement';
import { useScrollToTopOnNewPage } from './scrollOnNewPage';
import { PUBLIC_PATHS, signedInPaths } from './routeTable';
import { loadContactUsPage, loadHomePage, loadLayout, loadNotificationsPage } from './shellPages';

// The signed-in layout (sidebar, top bar) is not part of the signed-out first load (issue 12); signed in,
// bootstrap.tsx loads it at start-up, so it costs them no extra round trip and shows at once.
const Layout = lazyComponent(loadLayout);
const HomePage = lazyComponent(loadHomePage);
const NotificationsPage = lazyComponent(loadNotificationsPage);
const ContactUsPage = lazyComponent(loadContactUsPage);

/**
 * The shell's own pages, each behind its own boundary. Once mounted, a page is the first screen on screen
 * (firstScreenShown), except Home, whose blocks from a remote say so themselves.
 */
function ShellPage({ children, blocksSayShown = false }: { children: ReactNode; blocksSayShown?: boolean }) {
  return (
    <ErrorBoundary
      fallback={(error, reset) => (
        <ErrorState message="This page failed to load." detail={failureDetail(error, 'This page')} onRetry={retryAfter(reset)} />
      )}
    >
      <Suspense fallback={<Loader />}>
        {children}
        {blocksSayShown ? null : <Shown onShown={firstScreenShown} />}
      </Suspense>
    </ErrorBoundary>
  );
}

/** A Retry that downloads again what failed to download (loadedComponents.ts), then renders anew. */
const retryAfter = (reset: () => void) => () => {
  retryFailedLoads();
  reset();
};

/**
 * The signed-in layout, which is downloaded at sign-in: should that fail (a dropped connection, a
 * redeploy), the page says so with Retry instead of going blank.
 */
function LayoutOrFailure() {
  return (
    <ErrorBoundary
      fallback={(error, reset) => (
        <main className="ui-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <ErrorState message="The app failed to load." detail={failureDetail(error, 'The app')} onRetry={retryAfter(reset)} />
        </main>
      )}
    >
      <Layout />
    </ErrorBoundary>
  );
}

/**
 * `<Navigate replace>` that gives way. A redirect is made after its render (an effect), and a move made in
 * between is newer and stands: Login's own way back to the page it came from (the guard's 'signed in on
 * /login: to Home' would otherwise follow it, on a busy device), or the end of a session moving to /login.
 * The router's history tells where it is now (its entry's key); the rendered location, where the redirect
 * was decided.
 */
export function RedirectUnlessMoved({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  const rendered = useLocation();
  const historyEntryKey = useHistoryEntryKey();
  useEffect(() => {
    if (historyEntryKey() === rendered.key) void navigate(to, { replace: true, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the location it was rendered at
  }, []);
  return null;
}

/** An unknown path while logged in: to / (once every contract has answered, since they may add routes). */
function UnknownSignedIn() {
  const states = useAllRemotes();
  if (Object.values(states).some((s) => s.status === 'idle' || s.status === 'loading')) return <Loader />;
  return <RedirectUnlessMoved to="/" />;
}

/**
 * A signed-in page opened while logged out: to /login, which comes back here (with the page's own
 * navigation state) once signed in; when a session ended here, only for its user.
 */
function ToLogin() {
  return <RedirectUnlessMoved to="/login" state={loginNavStateFrom(useLocation())} />;
}

/** A public page; reached by navigating (sign up after sign in, login after logout), it takes the lost focus, and any focus a removed control lost. */
function PublicArea({ path }: { path: string }) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (markPageShown() && focusIsLost()) area.current?.focus({ preventScroll: true });
  }, [path]);
  // A focused control removed (an alert's Dismiss) leaves the focus on the page, as in the signed-in layout.
  useEffect(() => keepFocusOnThePage(() => area.current), []);
  return (
    <div ref={area} className="public-area" tabIndex={-1}>
      <RemoteRouteElement path={path} />
    </div>
  );
}

/**
 * The route guard (spec section 2): logged out, only the four exact public routes open and everything
 * else redirects to /login; logged in, the signed-in routes live in the layout and unknown paths go to /.
 */
export function AppRoutes() {
  const isLogin = useSignedIn();
  useScrollToTopOnNewPage();
  if (!isLogin) {
    return (
      <Routes>
        {PUBLIC_PATHS.map((path) => (
          <Route key={path} path={path} element={<PublicArea path={path} />} />
        ))}
        <Route path="*" element={<ToLogin />} />
      </Routes>
    );
  }

  return <SignedInRoutes />;
}

/**
 * The signed-in routes: the route table's, plus those the contracts loaded so far add. Contracts load when
 * a screen needs them (its route, a widget, a link about to be followed), not all at once (issue 12); an
 * unknown path loads them all before it gives up (UnknownSignedIn).
 */
function SignedInRoutes() {
  const { states } = useRemotes();
  const contractRoutes: RemoteRoute[] = Object.values(states).flatMap((s) => (s.status === 'ready' ? s.contract.routes : []));
  return (
    <Suspense fallback={<Loader />}>
      <SignedInRoutesTable contractRoutes={contractRoutes} />
    </Suspense>
  );
}

function SignedInRoutesTable({ contractRoutes }: { contractRoutes: RemoteRoute[] }) {
  return (
    <Routes>
      <Route element={<LayoutOrFailure />}>
        <Route
          index
          element={
            <ShellPage blocksSayShown>
              <HomePage />
            </ShellPage>
          }
        />
        <Route
          path="/notification"
          element={
            <ShellPage>
              <NotificationsPage />
            </ShellPage>
          }
        />
        <Route
          path="/contactus"
          element={
            <ShellPage>
              <ContactUsPage />
            </ShellPage>
          }
        />
        {signedInPaths(contractRoutes).map((path) => (
          <Route key={path} path={path} element={<RemoteRouteElement key={path} path={path} />} />
        ))}
        <Route path="*" element={<UnknownSignedIn />} />
      </Route>
    </Routes>
  );
}
