import { useCallback, useEffect, useState } from 'react';
import { bookingTiming, bus, fetchJobs, onCatchUp, type Job } from 'shared';
import { isPreviousJob, lastChangedFirst, PREVIOUS_STATUSES } from 'shared/src/bookings/jobLists';
import { usePagedList } from 'shared/src/lists/usePagedList';

/** Bookings per page of Previous Bookings. */
export const PREVIOUS_PAGE_SIZE = 20;

const fetchPreviousPage = (page: number, perPage: number) =>
  fetchJobs({ page, per_page: perPage, status: PREVIOUS_STATUSES, sort: 'updated' }, { silent: true });

/** `jobs` with each job events brought (`live`) laid over it where the page lacks it or has it older. */
function withLive(jobs: Job[], live: Map<number, Job>): Job[] {
  let merged = jobs;
  live.forEach((job) => {
    const fetched = jobs.find((row) => row.id === job.id);
    if (fetched && fetched.updated_at >= job.updated_at) return;
    const others = merged.filter((row) => row.id !== job.id);
    merged = isPreviousJob(job) ? [...others, job].sort(lastChangedFirst) : others;
  });
  return merged;
}

/**
 * The user's finished bookings (Rejected, Completed, Cancelled, Expired), most recently finished
 * first, a page at a time, however many there are. Kept live: a booking that finishes (`job/updated`)
 * comes in at the top, a change to one shown (its rating) is merged in place, and the first page is
 * fetched again when the realtime channel resubscribes (events may have been missed). What events
 * brought is laid over each first page, which may have been read before them (a booking finished while
 * the loader was showing).
 */
export function usePreviousJobs() {
  const [live] = useState(() => new Map<number, Job>());
  const list = usePagedList<Job>({
    fetchPage: fetchPreviousPage,
    pageSize: PREVIOUS_PAGE_SIZE,
    minFirstLoadMs: bookingTiming.listLoaderMs,
    overFirstPage: useCallback((rows: Job[]) => withLive(rows, live), [live]),
  });
  const { loadFirst, setRows } = list;
  useEffect(() => {
    const updated = bus.on('job/updated').subscribe(({ job }) => {
      live.set(job.id, job);
      setRows((rows) => {
        const others = rows.filter((row) => row.id !== job.id);
        return isPreviousJob(job) ? [...others, job].sort(lastChangedFirst) : others;
      });
    });
    const resubscribed = onCatchUp(() => void loadFirst());
    return () => {
      updated.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [live, loadFirst, setRows]);
  return list;
}
