import { type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, ErrorState, Loader, PageTitle, type AppNotification, type JobNavState, type Role, useSessionUser } from 'shared';
import { useFocusFirstLoaded } from 'shared/src/lists/useFocusFirstLoaded';
import { useNotificationPages } from '../notifications/useNotificationPages';
import { useDocumentTitle } from '../routing/RemoteRouteElement';

/**
 * Where View Details leads (spec section 2: title Job to /activebooking, Chat to /chatview, anything else
 * to /ViewOnMap), to the job or chat the notification is about when it names one: the job's details (the
 * booking may have left Active Bookings: finished, rejected) or its map, the chat's conversation
 * (docs/deviations.md 25 and 35).
 */
export function detailsLinkOf({ title, chat_id, job_id }: Pick<AppNotification, 'title' | 'chat_id' | 'job_id'>): {
  to: string;
  state?: JobNavState;
} {
  if (title === 'Chat') return { to: chat_id ? `/chatview?chat=${chat_id}` : '/chatview' };
  if (!job_id) return { to: title === 'Job' ? '/activebooking' : '/ViewOnMap' };
  // The job's id is in the address too (deviation 49), so that View Details opened in a new tab shows it.
  return { to: `${title === 'Job' ? '/activebookingdetails' : '/ViewOnMap'}?job=${job_id}`, state: { jobId: job_id } };
}

/** Certified Driver for customers, Certified User for providers; a notification from the platform itself has none. */
export const badgeFor = (role: Role | null | undefined): string => (role === 'Provider' ? 'Certified User' : 'Certified Driver');

const card: CSSProperties = { display: 'flex', gap: 14, alignItems: 'flex-start' };
const more: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginTop: 16 };
const list: CSSProperties = { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 };
/** Unread when the page showed it: a bar on the card's edge and the word New. */
const freshCard: CSSProperties = { ...card, boxShadow: 'inset 4px 0 0 var(--ui-primary), var(--ui-shadow)' };
const freshLabel: CSSProperties = { color: 'var(--ui-primary-dark)', fontSize: '0.8rem', fontWeight: 700, marginLeft: 8 };
const badge: CSSProperties = {
  display: 'inline-block',
  background: '#e5f6ea',
  color: '#1d7a3a',
  borderRadius: 999,
  padding: '1px 10px',
  fontSize: '0.8rem',
  fontWeight: 600,
  marginLeft: 8,
};

/**
 * Your Notifications: a loader, then the newest page of cards with Load more below while older ones
 * remain; kept live by the bus (`notifications/changed`). Cards unread when shown are labelled New for
 * this visit and marked read (docs/deviations.md 44).
 */
export default function NotificationsPage() {
  useDocumentTitle('Your Notifications');
  const role = useSessionUser()?.role;
  const { state, fresh, loadMore, retry } = useNotificationPages();
  const { rows, loaded, hasMore, loadingMore, error } = state;
  const { listRef, showMore } = useFocusFirstLoaded<HTMLUListElement>(loadingMore, loadMore);

  return (
    <div className="ui-page">
      <PageTitle>Your Notifications</PageTitle>
      {!loaded && !error ? <Loader label="Loading notifications" /> : null}
      {!loaded && error ? (
        <ErrorState message="Your notifications could not be loaded." detail={error.message} onRetry={retry} />
      ) : null}
      {loaded && rows.length === 0 ? <div className="ui-card">You have no notifications.</div> : null}
      {rows.length > 0 ? (
        <ul ref={listRef} style={list} aria-label="Notifications">
          {rows.map((n) => (
            <li
              key={n.id}
              className="ui-card"
              style={fresh.has(n.id) ? freshCard : card}
              aria-label={`${n.title} from ${n.user.full_name}`}
            >
              <Avatar src={n.user.avatar} name={n.user.full_name} size={48} />
              {/* minWidth 0 and overflowWrap: a long unbroken description (a pasted link) wraps in the card. */}
              <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <p style={{ margin: '0 0 4px' }}>
                  <strong>{n.user.full_name}</strong>
                  {n.user.id === null ? null : <span style={badge}>{badgeFor(role)}</span>}
                  {fresh.has(n.id) ? <span style={freshLabel}>New</span> : null}
                </p>
                <p id={`notification-${n.id}`} style={{ margin: '0 0 8px' }}>
                  {n.description}
                </p>
                {/* Described by its notification: a list of links otherwise reads 'View Details' again and again. */}
                <Link {...detailsLinkOf(n)} className="ui-button ui-button--primary" aria-describedby={`notification-${n.id}`}>
                  View Details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {loaded && error ? (
        <ErrorState message="Older notifications could not be loaded." detail={error.message} onRetry={retry} />
      ) : null}
      {loaded && !error && hasMore ? <LoadMore loading={loadingMore} onLoadMore={showMore} /> : null}
    </div>
  );
}

/**
 * Load more, a real button; while the page comes it stays focused (aria-disabled, not disabled, which
 * would drop the focus) and a loader says so.
 */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  return (
    <div style={more}>
      <button type="button" className="ui-button" aria-disabled={loading || undefined} onClick={loading ? undefined : onLoadMore}>
        Load more
      </button>
      {loading ? <Loader label="Loading older notifications" /> : null}
    </div>
  );
}
