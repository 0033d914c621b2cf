import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSessionUser } from 'shared';
import { RemoteWidget } from '../components/RemoteWidget';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Phone-sized windows, where the sidebar covers the page (styles.css uses the same width). */
const NARROW = '(max-width: 800px)';
const isNarrow = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

/**
 * The layout of every signed-in route: sidebar, top bar, and the page. On a phone the sidebar covers the
 * page, so there it starts closed, closes after each navigation and when the window becomes narrow.
 */
export function Layout() {
  const [menuOpen, setMenuOpen] = useState(() => !isNarrow());
  const { pathname } = useLocation();

  // After each navigation on a phone the menu closes: adjusted while rendering the new route, not in an effect.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (isNarrow()) setMenuOpen(false);
  }

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(NARROW);
    const onChange = () => setMenuOpen(!query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const role = useSessionUser()?.role;
  return (
    <div className={`layout${menuOpen ? '' : ' layout--collapsed'}`}>
      {menuOpen ? <Sidebar /> : null}
      <div className="layout__main">
        <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
        <main className="layout__content">
          <Outlet />
        </main>
        {/* Opens the booking modal when another remote asks (chat's Assign Job, bus event booking/assign). */}
        {role === 'Customer' ? <RemoteWidget remote="mfe_customer" name="BookingAssignHost" background /> : null}
      </div>
    </div>
  );
}
