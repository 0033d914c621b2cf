import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorState, Loader, PageTitle, useSessionUser } from 'shared';
import { lastChangedFirst, previousJobs } from 'shared/src/bookings/jobLists';
import { LoadMoreButton } from 'shared/src/lists/LoadMoreButton';
import { useFocusFirstLoaded } from 'shared/src/lists/useFocusFirstLoaded';
import { usePreviousJobs } from '../bookings/usePreviousJobs';
import { JobCard } from '../components/JobCard';
import { NoBookings } from '../components/NoBookings';
import '../styles/customer.css';

/** What this page keeps in its own history entry, for the way back from a booking opened from it. */
interface ShownPlace {
  /** The pages shown (Load more). */
  previousPages?: number;
  /** The booking opened last from this list. */
  openedJob?: number;
}

const placeOf = (state: unknown): ShownPlace => {
  if (typeof state !== 'object' || state === null) return {};
  const { previousPages, openedJob } = state as Record<string, unknown>;
  return {
    ...(Number.isInteger(previousPages) && { previousPages: previousPages as number }),
    ...(Number.isInteger(openedJob) && { openedJob: openedJob as number }),
  };
};

/**
 * Previous Bookings (/previousbooking, both roles): a loader, then Rejected jobs and (deviation 10)
 * Completed, Cancelled and Expired ones, most recently finished first, 'Load more' for older ones; a
 * customer's unrated Completed job offers 'Rate this booking', a rated one its stars. A failed refresh
 * (after a missed-events resubscribe) keeps the list and says so above it. Back from a booking opened
 * here shows as many pages as were shown, with the focus on that booking.
 */
export default function PreviousBookingsPage() {
  const role = useSessionUser()?.role;
  const { state, loadMore, retry, retryRefresh } = usePreviousJobs();
  const { loaded, hasMore, loadingMore, error, refreshError } = state;
  // Each card shows when its booking finished: listed in that order.
  const jobs = previousJobs(state.rows).sort(lastChangedFirst);

  // The pages shown and the booking opened are kept in this page's history entry: Back from that booking
  // (from the 30th, say, after Load more) finds it again instead of the first 20 only.
  const location = useLocation();
  const navigate = useNavigate();
  // The entry's state as it is now (a card's click may come before its closure saw the last change).
  const entryState = useRef<unknown>(location.state);
  useEffect(() => {
    entryState.current = location.state;
  });
  const remember = (changes: ShownPlace) => {
    entryState.current = { ...(entryState.current as object | null), ...changes };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: entryState.current });
  };
  const pagesShown = state.page;
  const rememberPages = useEffectEvent((pages: number) => {
    if (pages > (placeOf(entryState.current).previousPages ?? 1)) remember({ previousPages: pages });
  });
  useEffect(() => rememberPages(pagesShown), [pagesShown]);
  const backTo = useRef(placeOf(location.state));
  useEffect(() => {
    const wanted = backTo.current;
    if (!loaded || (!wanted.previousPages && !wanted.openedJob)) return;
    if (!error && !loadingMore && hasMore && pagesShown < (wanted.previousPages ?? 1)) return void loadMore();
    if (loadingMore) return;
    backTo.current = {};
    // Unless the customer has gone on to a control meanwhile (the page itself has the focus after Back).
    const onControl = document.activeElement?.closest('a, button, input, select, textarea');
    if (wanted.openedJob && !onControl) document.getElementById(`cust-job-${wanted.openedJob}`)?.closest('a')?.focus();
  }, [loaded, error, loadingMore, hasMore, pagesShown, loadMore]);

  const { listRef, showMore } = useFocusFirstLoaded<HTMLUListElement>(loadingMore, loadMore);

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
      {loaded && jobs.length === 0 ? <NoBookings message="You have no previous bookings." role={role} /> : null}
      {jobs.length > 0 ? (
        <ul ref={listRef} className="ui-list" aria-label="Bookings">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} role={role} variant="previous" onOpen={() => remember({ openedJob: job.id })} />
          ))}
        </ul>
      ) : null}
      {loaded && error ? (
        <ErrorState message="More bookings could not be loaded." detail={error.message} onRetry={retry} />
      ) : null}
      {loaded && !error && hasMore ? (
        <div className="cust-more">
          <LoadMoreButton loading={loadingMore} onLoadMore={showMore} />
        </div>
      ) : null}
    </div>
  );
}
