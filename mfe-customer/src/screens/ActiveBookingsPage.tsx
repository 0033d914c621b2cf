import { ErrorState, Loader, PageTitle, useMyJobs, useSessionUser } from 'shared';
import { useFocusKeptThroughLiveChanges } from 'shared/src/ui/focus';
import { activeJobs } from 'shared/src/bookings/jobLists';
import { JobCard } from '../components/JobCard';
import { NoBookings } from '../components/NoBookings';
import '../styles/customer.css';

/**
 * Active Bookings (/activebooking, both roles): a loader (about 800 ms, spec section 9), then the
 * user's Pending and Accepted jobs, each showing the other party. Live: a change made by the other
 * party (job/updated on the bus) updates the card in place.
 */
export default function ActiveBookingsPage() {
  const role = useSessionUser()?.role;
  const { state, reload, refreshError, refresh } = useMyJobs({ withLoader: true });
  const jobs = state.status === 'ready' ? activeJobs(state.jobs) : [];
  // A booking answered or cancelled elsewhere leaves the list: the focus on it goes to the next one.
  const page = useFocusKeptThroughLiveChanges<HTMLDivElement>();

  return (
    <div ref={page} className="ui-page">
      <PageTitle>Active Bookings</PageTitle>
      {state.status === 'loading' ? <Loader label="Loading your bookings…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="Your bookings could not be loaded." detail={state.message} onRetry={() => void reload()} />
      ) : null}
      {state.status === 'ready' && refreshError ? (
        <ErrorState message="Your bookings could not be refreshed." detail={refreshError} onRetry={refresh} />
      ) : null}
      {state.status === 'ready' && jobs.length === 0 ? <NoBookings message="You have no active bookings." role={role} /> : null}
      {jobs.length > 0 ? (
        <ul className="ui-list" aria-label="Bookings">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} role={role} variant="active" />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
