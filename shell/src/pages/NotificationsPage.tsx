import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import {
  Avatar,
  bus,
  ErrorState,
  fetchNotifications,
  Loader,
  markNotificationsRead,
  PageTitle,
  sessionActions,
  useAppDispatch,
  type AppNotification,
  type JobNavState,
  type Role,
  useSessionUser,
} from 'shared';
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
  const aboutJob = job_id ? { state: { jobId: job_id } } : {};
  if (title === 'Job') return job_id ? { to: '/activebookingdetails', ...aboutJob } : { to: '/activebooking' };
  if (title === 'Chat') return { to: chat_id ? `/chatview?chat=${chat_id}` : '/chatview' };
  return { to: '/ViewOnMap', ...aboutJob };
}

/** Certified Driver for customers, Certified User for providers. */
export const badgeFor = (role: Role | null | undefined): string => (role === 'Provider' ? 'Certified User' : 'Certified Driver');

const card: CSSProperties = { display: 'flex', gap: 14, alignItems: 'flex-start' };
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

type State = { status: 'loading' } | { status: 'ready'; notifications: AppNotification[] } | { status: 'error' };

/**
 * Your Notifications: loaded with a loader and refreshed whenever the bus announces `notifications/changed`.
 * What is unread when it shows is marked read (the bell's count goes to 0) and labelled New for this visit
 * (docs/deviations.md 44).
 */
export default function NotificationsPage() {
  useDocumentTitle('Your Notifications');
  const role = useSessionUser()?.role;
  const dispatch = useAppDispatch();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // Answers can cross (a list read while an earlier mark-as-read is on its way): the newest asked wins.
    let asked = 0;
    let shown = 0;
    const request = (call: () => Promise<{ data: AppNotification[] }>, onError: (error: unknown) => void) => {
      const seq = ++asked;
      call().then(({ data }) => {
        if (!current || seq < shown) return;
        shown = seq;
        show(data);
      }, onError);
    };
    const show = (notifications: AppNotification[]) => {
      setState({ status: 'ready', notifications });
      dispatch(sessionActions.patched({ notifications }));
      const unread = notifications.filter((n) => !n.read).map((n) => n.id);
      if (unread.length === 0) return;
      setFresh((previous) => new Set([...previous, ...unread]));
      // Only logged when it fails: the bell keeps its count and the next visit tries again.
      request(
        () => markNotificationsRead({ silent: true }),
        (error: unknown) => console.warn('notifications not marked read', error),
      );
    };
    const load = () =>
      request(
        () => fetchNotifications({ silent: true }),
        (error: unknown) => {
          // Spec section 8: only logged. A list already shown stays.
          console.error(error);
          if (current) setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
        },
      );
    load();
    const subscription = bus.on('notifications/changed').subscribe((event) => {
      if (event.notifications) show(event.notifications);
      else load();
    });
    return () => {
      current = false;
      subscription.unsubscribe();
    };
  }, [dispatch, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <div className="ui-page">
      <PageTitle>Your Notifications</PageTitle>
      {state.status === 'loading' ? <Loader label="Loading notifications" /> : null}
      {state.status === 'error' ? <ErrorState message="Your notifications could not be loaded." onRetry={retry} /> : null}
      {state.status === 'ready' && state.notifications.length === 0 ? (
        <div className="ui-card">You have no notifications.</div>
      ) : null}
      {state.status === 'ready' && state.notifications.length > 0 ? (
        <ul style={list} aria-label="Notifications">
          {state.notifications.map((n) => (
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
                  <span style={badge}>{badgeFor(role)}</span>
                  {fresh.has(n.id) ? <span style={freshLabel}>New</span> : null}
                </p>
                <p style={{ margin: '0 0 8px' }}>{n.description}</p>
                <Link {...detailsLinkOf(n)} className="ui-button ui-button--primary">
                  View Details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
