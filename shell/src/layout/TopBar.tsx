import { Link } from 'react-router-dom';
import { useSession } from 'shared';

/** 'Provider Dashboard' for role Provider, 'User Dashboard' otherwise (spec section 1). */
export const dashboardTitle = (role: string | null | undefined): string =>
  role === 'Provider' ? 'Provider Dashboard' : 'User Dashboard';

export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { users, notifications } = useSession();
  const count = notifications.length;
  return (
    <header className="topbar">
      <button
        type="button"
        className="topbar__menu"
        aria-label="Toggle menu"
        aria-controls="sidebar"
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <span className="topbar__title">{dashboardTitle(users?.role)}</span>
      <span className="topbar__spacer" />
      <Link to="/notification" className="topbar__bell" aria-label={`Notifications (${count})`}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M18 16v-5a6 6 0 1 0-12 0v5l-2 2h16l-2-2zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="topbar__count" data-testid="notification-count">
          {count}
        </span>
      </Link>
    </header>
  );
}
