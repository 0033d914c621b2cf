import { useCallback, useEffect, useState } from 'react';
import { useStillShown } from '../ui/stillShown';
import { fetchJobs } from '../api';
import { bus } from '../bus';
import { onCatchUp } from '../catchUp';
import { failureText } from '../errorText';
import type { Job } from '../contracts';
import { ACTIVE_STATUSES, newestFirst, upsertJob } from './jobLists';
import { bookingTiming, waitAtLeast } from './timing';

export type JobsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; jobs: Job[] };

/** The largest page the API serves. */
const PER_PAGE = 100;
/** Pages of active jobs one load reads at most (a runaway guard: 5 000 open bookings). */
const MOST_ACTIVE_PAGES = 50;

/** The requests one load of the list makes: the newest page, and the active jobs however old (one page of them or fewer). */
export const REQUESTS_OF_ONE_LOAD = 2;

/**
 * Every active job (Pending or Accepted), page after page, newest first. Each page starts after the last
 * job of the one before (not by page number: a job leaving the active ones in between would shift the
 * next page, and one job would be missed).
 */
async function fetchActiveJobs(config: { silent: true }): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let page = 1; page <= MOST_ACTIVE_PAGES; page += 1) {
    const last = jobs.at(-1);
    const answer = await fetchJobs(
      { per_page: PER_PAGE, status: ACTIVE_STATUSES, ...(last ? { starting_after: last.id } : {}) },
      config,
    );
    jobs.push(...answer.data);
    if (!answer.meta?.has_more || answer.data.length === 0) break;
  }
  return jobs;
}

/**
 * The user's newest 100 jobs, and with them every active one (Pending or Accepted) however old: a
 * booking still waiting or accepted behind newer ones would otherwise be missing from Active Bookings
 * and Job Requests, never to be answered or finished. Newest first, each job once.
 */
export async function fetchMyJobs(config: { silent: true }): Promise<Job[]> {
  const [newest, active] = await Promise.all([fetchJobs({ per_page: PER_PAGE }, config), fetchActiveJobs(config)]);
  const byId = new Map<number, Job>();
  for (const job of [...newest.data, ...active]) byId.set(job.id, job);
  return [...byId.values()].sort(newestFirst);
}

/** `jobs` as fetched, laid over with the jobs events brought that it lacks or has older (by updated_at). */
function withLive(jobs: Job[], live: Map<number, Job>): Job[] {
  let merged = jobs;
  live.forEach((job) => {
    const fetched = jobs.find((j) => j.id === job.id);
    if (!fetched || fetched.updated_at < job.updated_at) merged = upsertJob(merged, job);
  });
  return merged;
}

/**
 * The signed-in user's own jobs (as customer or as provider), newest first, kept live: every
 * `job/updated` on the bus (the other party's action, or this browser's own) is merged in place.
 * `withLoader` holds the loader for the spec's ~800 ms on the first load.
 *
 * A job event that arrives while the list is being fetched (during the loader, or a refresh) is not
 * lost: a list fetched is laid over with the jobs the events brought, where it lacks them or has them
 * older (by updated_at).
 *
 * After the realtime channel (re)connects the list is fetched again quietly; if that fails the list
 * shown stays and `refreshError` says why until `refresh` (the screen's Retry) or a later one succeeds.
 */
export function useMyJobs({ withLoader = false }: { withLoader?: boolean } = {}) {
  const [state, setState] = useState<JobsState>({ status: 'loading' });
  /** The latest event of each job. */
  const [live] = useState(() => new Map<number, Job>());
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const shown = useStillShown();

  /** The list's state once the API has answered. */
  const fetchedState = useCallback(async (): Promise<JobsState> => {
    const startedAt = Date.now();
    try {
      const jobs = await fetchMyJobs({ silent: true });
      if (withLoader) await waitAtLeast(startedAt, bookingTiming.listLoaderMs);
      return { status: 'ready', jobs: withLive(jobs, live) };
    } catch (error) {
      console.error(error);
      return { status: 'error', message: failureText(error) };
    }
  }, [withLoader, live]);

  /**
   * Fetches the list again without a loader; the list shown stays if that fails. Answered while the first
   * load is still on its way (the channel subscribes during the loader), its jobs are kept like events',
   * to lay over that load's answer, which may have been read before them.
   */
  const refresh = useCallback(() => {
    fetchMyJobs({ silent: true }).then(
      (jobs) => {
        if (!shown.current) return;
        setRefreshError(null);
        for (const job of jobs) {
          const known = live.get(job.id);
          if (!known || known.updated_at < job.updated_at) live.set(job.id, job);
        }
        setState((current) => (current.status === 'loading' ? current : { status: 'ready', jobs: withLive(jobs, live) }));
      },
      (error: unknown) => {
        console.warn('jobs refresh failed', error);
        if (shown.current) setRefreshError(failureText(error));
      },
    );
  }, [live, shown]);

  useEffect(() => {
    let mounted = true;
    void fetchedState().then((next) => {
      if (mounted) setState(next);
    });
    const subscription = bus.on('job/updated').subscribe(({ job }) => {
      live.set(job.id, job);
      setState((current) => (current.status === 'ready' ? { status: 'ready', jobs: upsertJob(current.jobs, job) } : current));
    });
    // Jobs changed while the realtime channel was (re)connecting were missed: fetch the list again quietly.
    const resubscribed = onCatchUp(refresh);
    return () => {
      mounted = false;
      subscription.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [fetchedState, live, refresh]);

  const reload = useCallback(async () => {
    setRefreshError(null);
    setState({ status: 'loading' });
    setState(await fetchedState());
  }, [fetchedState]);
  /** The screen's Retry after a failed refresh: the message goes at once and comes back only if this one fails too. */
  const retryRefresh = useCallback(() => {
    setRefreshError(null);
    refresh();
  }, [refresh]);
  return { state, reload, refreshError, refresh: retryRefresh };
}
