import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Avatar,
  ErrorState,
  formatPrice,
  Loader,
  PageTitle,
  useMyJobs,
  type Job,
  type JobNavState,
  type Role,
  useSessionUser,
} from 'shared';
import { pathWithIds } from 'shared/src/contracts/addressIds';
import { counterpartOf, pendingRequests } from 'shared/src/bookings/jobLists';
import { StatusBadge } from 'shared/src/bookings/StatusBadge';
import { formatDateLong, formatRequestedTime } from 'shared/src/format';
import { useFocusKeptThroughLiveChanges } from 'shared/src/ui/focus';
import '../styles/provider.css';

/**
 * One request: the other party, the service and price, when it is for (what the customer typed: two
 * requests of one customer differ by it), the created time, 'Waiting for Approval' and View Details.
 */
function RequestCard({ job, role }: { job: Job; role: Role | undefined }) {
  const person = counterpartOf(job, role);
  const requested = formatRequestedTime(job);
  const nameId = `prov-request-${job.id}`;
  // A provider answers the request; a customer can only look at their own booking.
  const details = role === 'Provider' ? '/jobrequestdetails' : '/activebookingdetails';
  return (
    <li className="ui-card prov-request" aria-labelledby={nameId}>
      <span aria-hidden="true">
        <Avatar src={person.avatar} name={person.full_name} size={48} />
      </span>
      <span className="ui-person">
        <span id={nameId} className="ui-person__name">
          {person.full_name}
        </span>
        <span className="ui-muted ui-small">
          {job.service_name} · {formatPrice(job.price)}
        </span>
        {requested ? <span className="ui-small">Requested for {requested}</span> : null}
        <time className="ui-muted ui-small" dateTime={job.created_at}>
          {formatDateLong(job.created_at)}
        </time>
      </span>
      <span className="prov-request__side">
        <StatusBadge status={job.status} />
        <Link
          to={pathWithIds(details, { jobId: job.id })}
          state={{ jobId: job.id } satisfies JobNavState}
          className="ui-button ui-button--primary"
          aria-describedby={nameId}
        >
          View Details
        </Link>
      </span>
    </li>
  );
}

/** A provider who offers no service gets no request: said where they wait for one, with the way out. */
export const NO_SERVICE_YET = 'Customers can book you once you offer a service: you offer none yet.';

/** How many requests wait, as the live region says it when the number changes. */
export const waitingCount = (count: number) => `Job requests waiting: ${count}`;

/**
 * Job Requests (/jobrequest, both roles): a loader (about 800 ms, spec section 9), then the jobs
 * waiting for approval (Pending), newest first. A provider opens each to answer it; a customer (the
 * spec's Home link) sees their own requests read-only. Live: a new booking appears and an answered
 * one leaves the list without a reload (job/updated).
 */
export default function JobRequestsPage() {
  const user = useSessionUser();
  const role = user?.role;
  const { state, reload, refreshError, refresh } = useMyJobs({ withLoader: true });
  const jobs = state.status === 'ready' ? pendingRequests(state.jobs) : [];
  const isProvider = role === 'Provider';
  // Said when the number changes on screen (a booking arrives, one is answered or cancelled elsewhere),
  // not when the list first shows: what is on screen says that.
  const shownCount = state.status === 'ready' ? jobs.length : null;
  const [countSeen, setCountSeen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  if (shownCount !== null && shownCount !== countSeen) {
    setCountSeen(shownCount);
    if (countSeen !== null) setAnnouncement(waitingCount(shownCount));
  }
  // A request answered in another tab, cancelled or expired leaves the list: the focus on it goes to the next one.
  const page = useFocusKeptThroughLiveChanges<HTMLDivElement>();

  return (
    <div ref={page} className="ui-page prov-page">
      <PageTitle>Job Requests</PageTitle>
      {!isProvider ? <p className="ui-subtitle">Your booking requests waiting for the driver's approval.</p> : null}
      {state.status === 'loading' ? <Loader label="Loading job requests…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="The job requests could not be loaded." detail={state.message} onRetry={() => void reload()} />
      ) : null}
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="The job requests could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {state.status === 'ready' && jobs.length === 0 ? (
        <div className="ui-card ui-empty">
          <p>{isProvider ? 'You have no job requests right now.' : 'You have no requests waiting for approval.'}</p>
          {isProvider && user?.services_offered === 0 ? (
            <>
              <p className="ui-small">{NO_SERVICE_YET}</p>
              <Link to="/service" className="ui-button ui-button--primary">
                Add a service
              </Link>
            </>
          ) : isProvider ? (
            <p className="ui-small">New bookings appear here as soon as a customer makes them.</p>
          ) : (
            <Link to="/service" className="ui-button ui-button--primary">
              Book a service
            </Link>
          )}
        </div>
      ) : null}
      {/* Screen readers hear the list change live (a booking arrives, one is answered or cancelled elsewhere). */}
      <p className="ui-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="requests-waiting">
        {announcement}
      </p>
      {jobs.length > 0 ? (
        <ul className="ui-list" aria-label="Job requests">
          {jobs.map((job) => (
            <RequestCard key={job.id} job={job} role={role} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
