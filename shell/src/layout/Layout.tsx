import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID, useCloseOnBack, useSessionUser } from 'shared';
import { RemoteWidget } from '../components/RemoteWidget';
import { ConnectionNotice } from '../components/ConnectionNotice';
import { focusIsLost, keepFocusOnThePage } from 'shared/src/ui/focus';
import { NotificationAnnouncer } from '../notifications/NotificationAnnouncer';
import { useHistoryEntryKey } from '../routing/historyEntry';
import { markPageShown } from '../routing/pageShown';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Phone-sized windows, where the sidebar covers the page (styles.css uses the same width). */
const NARROW = '(max-width: 800px)';
const isNarrow = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

/**
 * Tab from the drawer's last control goes to its first, Shift+Tab from its first to its last: toasts and
 * the browser's own controls lie outside the inert page, and a keyboard user in the drawer would leave it.
 */
function keepTabIn(drawer: HTMLElement, event: KeyboardEvent) {
  const controls = [...drawer.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const leaving = event.shiftKey ? active === first || !drawer.contains(active) : active === last;
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * The layout of every signed-in route: a skip link, sidebar, top bar, and the page. On a phone the sidebar
 * covers the page, so there it starts closed, closes after each navigation and when the window becomes
 * narrow, and while open it is a drawer: focus moves into it, the page behind is dimmed and out of reach
 * (inert), Tab goes round inside it, and Escape, a tap on the dimmed page or the browser's Back closes it,
 * focus going back to the menu toggle.
 * After a navigation from the menu, the top bar, or a control the new page replaced, focus moves to the
 * new page (its main region), so keyboard and screen reader users go on from there, not from the menu
 * or from nowhere; a control of the page that is still there after the navigation keeps it. A focused
 * control a screen removes, when the screen puts the focus nowhere, leaves it on the page (keepFocusOnThePage).
 */
export function Layout() {
  const [narrow, setNarrow] = useState(isNarrow);
  const [menuOpen, setMenuOpen] = useState(!narrow);
  const location = useLocation();
  const { pathname } = location;
  const historyEntryKey = useHistoryEntryKey();
  /** The history entry the menu was last opened or closed on by its toggle. */
  const [toggledOn, setToggledOn] = useState<string | undefined>();
  const menuToggle = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);

  // After each navigation on a phone the menu closes: adjusted while rendering the new route, not in an effect.
  // Not after a navigation that was under way when the menu was opened (its page renders as a transition,
  // after the URL has changed: the login's move to Home on a busy phone): that would shut a menu just opened.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (narrow && location.key !== toggledOn) setMenuOpen(false);
  }

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(NARROW);
    const onChange = () => {
      setNarrow(query.matches);
      setMenuOpen(!query.matches);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const drawerOpen = narrow && menuOpen;
  // Set when the drawer is closed by Escape, the scrim or Back: focus goes back to the toggle once it is no longer inert.
  const returnFocus = useRef(false);
  const closeDrawer = useCallback(() => {
    returnFocus.current = true;
    setMenuOpen(false);
  }, []);
  useCloseOnBack(drawerOpen, closeDrawer);
  useEffect(() => {
    if (!drawerOpen) {
      if (returnFocus.current) menuToggle.current?.focus();
      returnFocus.current = false;
      return undefined;
    }
    sidebar.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A modal dialog over the drawer ('Leave this page?' after a link of the menu) has the keys.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (event.key === 'Escape') closeDrawer();
      if (event.key === 'Tab' && sidebar.current) keepTabIn(sidebar.current, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, closeDrawer]);

  // A focused control a screen removed (a Retry, a button a live update took away): the page, not the document.
  useEffect(() => keepFocusOnThePage(() => main.current), []);

  // Signed in from a public page of this tab: the login form (and its focus) went, the page takes it.
  // Marked shown, so that Login after Logout takes the focus Logout had in turn.
  useEffect(() => {
    if (markPageShown() && focusIsLost()) main.current?.focus({ preventScroll: true });
  }, []);

  // Runs after the drawer's effect above, which never moves focus on a navigation (returnFocus is unset).
  const focusedPath = useRef(pathname);
  useEffect(() => {
    if (focusedPath.current === pathname) return;
    focusedPath.current = pathname;
    const page = main.current;
    const active = document.activeElement;
    const stillOnPage = active instanceof HTMLElement && active !== page && page?.contains(active);
    if (page && !stillOnPage) page.focus({ preventScroll: true });
  }, [pathname]);

  const role = useSessionUser()?.role;
  return (
    <div className={`layout${menuOpen ? '' : ' layout--collapsed'}`}>
      {drawerOpen ? null : (
        <a
          className="skip-link"
          href={`#${MAIN_CONTENT_ID}`}
          onClick={(event) => {
            event.preventDefault();
            main.current?.focus();
          }}
        >
          Skip to content
        </a>
      )}
      <NotificationAnnouncer />
      <ConnectionNotice />
      {menuOpen ? <Sidebar ref={sidebar} onLinkToShownPage={narrow ? () => setMenuOpen(false) : undefined} /> : null}
      {drawerOpen ? (
        <button type="button" className="layout__scrim" aria-label="Close menu" tabIndex={-1} onClick={closeDrawer} />
      ) : null}
      <div className="layout__main" inert={drawerOpen}>
        <TopBar
          menuOpen={menuOpen}
          onToggleMenu={() => {
            setToggledOn(historyEntryKey());
            setMenuOpen((open) => !open);
          }}
          menuToggleRef={menuToggle}
        />
        <main className="layout__content" id={MAIN_CONTENT_ID} ref={main} tabIndex={-1}>
          <Outlet />
        </main>
        {/* Opens the booking modal when another remote asks (chat's Assign Job, bus event booking/assign). */}
        {role === 'Customer' ? (
          <RemoteWidget remote="mfe_customer" name="BookingAssignHost" background retryOn="booking/assignHostWanted" />
        ) : null}
      </div>
    </div>
  );
}
