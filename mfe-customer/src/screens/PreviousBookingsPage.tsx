import { ErrorState, Loader, PageTitle, useMyJobs, useSessionUser } from 'shared';
import { lastChangedFirst, previousJobs } from 'shared/src/bookings/jobLists';
import { JobCard } from '../components/JobCard';
import '../styles/customer.css';

/**
 * Previous Bookings (/previousbooking, both roles): a loader, then Rejected jobs and (deviation 4)
 * Completed ones; a customer's unrated Completed job offers 'Rate this booking', a rated one its stars.
 */
export default function PreviousBookingsPage() {
  const role = useSessionUser()?.role;
  const { state, reload } = useMyJobs({ withLoader: true });
  // Each card shows when its booking finished: listed in that order.
  const jobs = state.status === 'ready' ? previousJobs(state.jobs).sort(lastChangedFirst) : [];

  return (
    <div className="ui-page">
      <PageTitle>Previous Bookings</PageTitle>
      {state.status === 'loading' ? <Loader label="Loading your bookings…" /> : null}
      {state.status === 'error' ? (
        <ErrorState message="Your bookings could not be loaded." detail={state.message} onRetry={() => void reload()} />
      ) : null}
      {state.status === 'ready' && jobs.length === 0 ? (
        <p className="ui-card cust-message ui-muted">You have no previous bookings.</p>
      ) : null}
      {jobs.length > 0 ? (
        <ul className="ui-list" aria-label="Bookings">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} role={role} variant="previous" />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
