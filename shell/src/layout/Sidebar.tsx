import { NavLink } from 'react-router-dom';
import { Avatar, useSession } from 'shared';
import { useLogout } from '../session/useLogout';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/profile', label: 'My Profile' },
] as const;

const BOOKING_LINKS = [
  { to: '/activebooking', label: 'Active Bookings' },
  { to: '/previousbooking', label: 'Previous Bookings' },
] as const;

const MORE_LINKS = [
  { to: '/payment', label: 'Payments' },
  { to: '/chatview', label: 'Chat' },
  { to: '/service', label: 'Services' },
  { to: '/contactus', label: 'Contact Us' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) => `sidebar__link${isActive ? ' sidebar__link--active' : ''}`;

/** The signed-in sidebar of spec section 2. */
export function Sidebar() {
  const user = useSession().users;
  const logout = useLogout();
  return (
    <aside className="sidebar" id="sidebar">
      <div className="sidebar__user">
        <Avatar src={user?.avatar} name={user?.first_name || user?.full_name} size={56} />
        <div className="sidebar__user-text">
          <strong className="sidebar__name">{user?.first_name}</strong>
          <span className="sidebar__email">{user?.email}</span>
        </div>
      </div>
      <nav className="sidebar__nav" aria-label="Main">
        {LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} end={'end' in l} className={linkClass}>
            {l.label}
          </NavLink>
        ))}
        <div className="sidebar__group" role="group" aria-labelledby="sidebar-bookings">
          <span className="sidebar__group-label" id="sidebar-bookings">
            Bookings
          </span>
          {BOOKING_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={(s) => `${linkClass(s)} sidebar__link--nested`}>
              {l.label}
            </NavLink>
          ))}
        </div>
        {MORE_LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass}>
            {l.label}
          </NavLink>
        ))}
        <button type="button" className="sidebar__link sidebar__logout" onClick={logout}>
          Logout
        </button>
      </nav>
      <p className="sidebar__version">Version 2.0</p>
    </aside>
  );
}
