import { useEffect, useState, type CSSProperties, type Ref, type SyntheticEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Avatar, bus, EmailAddress, fetchChatUnread, onCatchUp, useSessionUser } from 'shared';
import { useRemotes } from '../federation/RemotesContext';
import { loadScreen } from '../routing/firstScreen';
import { remoteFor } from '../routing/remoteFor';
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

const badge: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  marginLeft: 4,
  boxSizing: 'border-box',
  borderRadius: 999,
  // White on red-600: 4.8:1 (red-500 was 3.8:1).
  background: '#dc2626',
  color: '#fff',
  fontSize: '0.75rem',
  fontWeight: 700,
  verticalAlign: 'middle',
};

/**
 * The signed-in user's unread chat messages: fetched on sign-in, when a message arrives live and when a
 * chat was read in another tab (`chat/read`), and
 * taken from the chat remote's `chat/unreadChanged` (it reads and counts as conversations open). A
 * fetch that started before such an announcement is stale and ignored.
 */
export function useChatUnreadTotal(userId: number | undefined): number {
  // The count of one user: another user (or none) starts at 0 without resetting state in the effect.
  const [count, setCount] = useState<{ userId: number; total: number } | null>(null);
  useEffect(() => {
    if (userId === undefined) return undefined;
    let active = true;
    let announced = 0;
    const refresh = () => {
      const startedAt = announced;
      fetchChatUnread({ silent: true }).then(
        ({ data }) => {
          if (active && startedAt === announced && typeof data?.total === 'number') setCount({ userId, total: data.total });
        },
        (error: unknown) => console.warn('chat unread count unavailable', error),
      );
    };
    refresh();
    const subscriptions = [
      bus.on('chat/unreadChanged').subscribe((event) => {
        announced += 1;
        setCount({ userId, total: event.total });
      }),
      bus.on('realtime/message').subscribe(refresh),
      onCatchUp(refresh),
      // Read in another tab or device of this user: the count there went down, here it is fetched again.
      bus.on('chat/read').subscribe(refresh),
    ];
    return () => {
      active = false;
      subscriptions.forEach((s) => s.unsubscribe());
    };
  }, [userId]);
  return count !== null && count.userId === userId ? count.total : 0;
}

/**
 * The signed-in sidebar of spec section 2. `onLinkToShownPage`: a link to the page already shown was
 * followed (no page change follows, so a drawer closes on it, not on the navigation).
 */
export function Sidebar({ ref, onLinkToShownPage }: { ref?: Ref<HTMLElement>; onLinkToShownPage?: () => void }) {
  const user = useSessionUser();
  const { ensure, states } = useRemotes();
  // A link about to be followed (pointer over it, focus): its remote's contract starts loading now, and
  // once that is there, its screen's own chunks.
  const prefetch = (event: SyntheticEvent) => {
    const link = (event.target as Element).closest('a[href]');
    if (!link) return;
    const pathname = new URL(link.getAttribute('href') ?? '', window.location.href).pathname;
    const remote = remoteFor(pathname, user?.role);
    if (!remote) return;
    const state = states[remote];
    if (state.status !== 'ready') ensure(remote);
    else loadScreen(state.contract, pathname, user?.role).catch(() => undefined);
  };
  const { pathname: shownPath } = useLocation();
  const onFollow = (to: string) => (to === shownPath ? onLinkToShownPage : undefined);
  const logout = useLogout();
  const unread = useChatUnreadTotal(user?.id);
  return (
    <aside className="sidebar" id="sidebar" ref={ref}>
      <div className="sidebar__user">
        <Avatar src={user?.avatar} name={user?.first_name || user?.full_name} size={56} />
        <div className="sidebar__user-text">
          <strong className="sidebar__name">{user?.first_name}</strong>
          <span className="sidebar__email">{user ? <EmailAddress email={user.email} /> : null}</span>
        </div>
      </div>
      <nav className="sidebar__nav" aria-label="Main" onPointerOver={prefetch} onFocus={prefetch}>
        {LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} end={'end' in l} className={linkClass} onClick={onFollow(l.to)}>
            {l.label}
          </NavLink>
        ))}
        <div className="sidebar__group" role="group" aria-labelledby="sidebar-bookings">
          <span className="sidebar__group-label" id="sidebar-bookings">
            Bookings
          </span>
          {BOOKING_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={(s) => `${linkClass(s)} sidebar__link--nested`} onClick={onFollow(l.to)}>
              {l.label}
            </NavLink>
          ))}
        </div>
        {MORE_LINKS.map((l) =>
          l.to === '/chatview' && unread > 0 ? (
            <NavLink
              key={l.to}
              to={l.to}
              className={linkClass}
              aria-label={`${l.label}: ${unread} unread`}
              onClick={onFollow(l.to)}
            >
              {/* A space: the visible text is "Chat 2", inside the accessible name "Chat: 2 unread". */}
              {l.label}{' '}
              <span style={badge} aria-hidden="true" data-testid="chat-unread-count">
                {unread}
              </span>
            </NavLink>
          ) : (
            <NavLink key={l.to} to={l.to} className={linkClass} onClick={onFollow(l.to)}>
              {l.label}
            </NavLink>
          ),
        )}
        <button type="button" className="sidebar__link sidebar__logout" onClick={logout}>
          Logout
        </button>
      </nav>
      <p className="sidebar__version">Version 2.0</p>
    </aside>
  );
}
