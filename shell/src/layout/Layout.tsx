import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from 'shared';
import { RemoteWidget } from '../components/RemoteWidget';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The layout of every signed-in route: sidebar, top bar, and the page. */
export function Layout() {
  const [menuOpen, setMenuOpen] = useState(true);
  const role = useSession().users?.role;
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
