import { useEffect, useRef } from 'react';
import { ErrorState, Loader, PageTitle, useSessionUser } from 'shared';
import { lastChangedFirst, previousJobs } from 'shared/src/bookings/jobLists';
import { focusIsLost } from 'shared/src/ui/focus';
import { usePreviousJobs } from '../bookings/usePreviousJobs';
import { JobCard } from '../components/JobCard';
import '../styles/customer.css';

/**
 * Previous Bookings (/previousbooking, both roles): a loader, then Rejected jobs and (deviation 4)
 * Completed, Cancelled and Expired ones, most recently finished first, 'Load more' for older ones; a
 * customer's unrated Completed job offers 'Rate this booking', a rated one its stars. A failed refresh
 * (after a missed-events resubscribe) keeps the list and says so above it.
 */
export default function PreviousBookingsPage() {
  const role = useSessionUser()?.role;
  const { state, loadMore, retry, retryRefresh } = usePreviousJobs();
  const { loaded, hasMore, loadingMore, error, refreshError } = state;
  // Each card shows when its booking finished: listed in that order.
  const jobs = previousJobs(state.rows).sort(lastChangedFirst);

  // The last page's Load more goes away under the focus: it moves to the first booking that page brought.
  const list = useRef<HTMLUListElement>(null);
  const shownBeforeMore = useRef<number | null>(null);
  const showMore = () => {
    shownBeforeMore.current = jobs.length;
    loadMore();
  };
  useEffect(() => {
    if (loadingMore || shownBeforeMore.current === null) return;
    const firstNew = list.current?.children[shownBeforeMore.current]?.querySelector<HTMLElement>('a');
    shownBeforeMore.current = null;
    if (focusIsLost()) firstNew?.focus();
  }, [loadingMore]);

  return (
    <div className="ui-page">
      <PageTitle>Previous Bookings</PageTitle>
      {!loaded && !error ? <Loader label="Loading your bookings…" /> : null}
      {!loaded && error ? (
        <ErrorState message="Your bookings could not be loaded." detail={error.message} onRetry={retry} />
      ) : null}
      {loaded && refreshError ? (
        <ErrorState message="Your bookings could not be refreshed." detail={refreshError} onRetry={retryRefresh} />
      ) : null}
      {loaded && jobs.length === 0 ? <p className="ui-card cust-message ui-muted">You have no previous bookings.</p> : null}
      {jobs.length > 0 ? (
        <ul ref={list} className="ui-list" aria-label="Bookings">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} role={role} variant="previous" />
          ))}
        </ul>
      ) : null}
      {loaded && error ? (
        <ErrorState message="More bookings could not be loaded." detail={error.message} onRetry={retry} />
      ) : null}
      {loaded && !error && hasMore ? (
        <div className="cust-more">
          <button type="button" className="ui-button" onClick={showMore} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
