import { useEffect } from 'react';
import { bus, fetchJobs, type Job } from 'shared';
import { bookingTiming } from 'shared/src/bookings/timing';
import { isPreviousJob, lastChangedFirst, PREVIOUS_STATUSES } from 'shared/src/bookings/jobLists';
import { usePagedList } from 'shared/src/lists/usePagedList';

/** Bookings per page of Previous Bookings. */
export const PREVIOUS_PAGE_SIZE = 20;

const fetchPreviousPage = (page: number, perPage: number) =>
  fetchJobs({ page, per_page: perPage, status: PREVIOUS_STATUSES, sort: 'updated' }, { silent: true });

/**
 * The user's finished bookings (Rejected, Completed, Cancelled, Expired), most recently finished
 * first, a page at a time, however many there are. Kept live: a booking that finishes (`job/updated`)
 * comes in at the top, a change to one shown (its rating) is merged in place, and the first page is
 * fetched again when the realtime channel resubscribes (events may have been missed).
 */
export function usePreviousJobs() {
  const list = usePagedList<Job>({
    fetchPage: fetchPreviousPage,
    pageSize: PREVIOUS_PAGE_SIZE,
    minFirstLoadMs: bookingTiming.listLoaderMs,
  });
  const { loadFirst, setRows } = list;
  useEffect(() => {
    const updated = bus.on('job/updated').subscribe(({ job }) =>
      setRows((rows) => {
        const others = rows.filter((row) => row.id !== job.id);
        return isPreviousJob(job) ? [...others, job].sort(lastChangedFirst) : others;
      }),
    );
    const resubscribed = bus.on('realtime/subscribed').subscribe(() => void loadFirst());
    return () => {
      updated.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [loadFirst, setRows]);
  return list;
}
