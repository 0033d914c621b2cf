import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, fetchJob } from '../api';
import { bus } from '../bus';
import { onCatchUp } from '../catchUp';
import { failureText } from '../errorText';
import type { Job } from '../contracts';

export type JobState =
  | { status: 'loading' }
  /** No job chosen, not found, or not the user's: a clear message and nothing to retry. */
  | { status: 'missing'; message: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; job: Job };

export const NO_JOB_CHOSEN = 'No booking was chosen. Open one from your bookings.';
export const JOB_NOT_FOUND = 'This booking could not be found.';
export const JOB_NOT_YOURS = 'This booking is not yours.';

/**
 * One of the user's jobs by id (from navigation state), kept live through `job/updated`.
 * `replace` puts the answer of this browser's own action (accept, finish, ...) in place.
 */
export function useJob(jobId: number | null) {
  const [state, setState] = useState<JobState>(() => startState(jobId));
  // Another job asked for: start over while rendering (not in an effect, which would show the old job once).
  const [stateFor, setStateFor] = useState(jobId);
  /** Why the quiet fetch after a reconnection failed, while the job shown stays (cleared by a later answer). */
  const [refreshError, setRefreshError] = useState<string | null>(null);
  if (stateFor !== jobId) {
    setStateFor(jobId);
    setState(startState(jobId));
    setRefreshError(null);
  }

  const refreshRef = useRef<() => void>(() => undefined);

  /** The job's state once the API has answered. */
  const fetchedState = useCallback(async (): Promise<JobState> => {
    if (!jobId) return startState(jobId);
    try {
      const { data } = await fetchJob(jobId, { silent: true });
      return { status: 'ready', job: data };
    } catch (error) {
      console.error(error);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 404 || status === 400) return { status: 'missing', message: JOB_NOT_FOUND };
      if (status === 403) return { status: 'missing', message: JOB_NOT_YOURS };
      return { status: 'error', message: failureText(error) };
    }
  }, [jobId]);

  useEffect(() => {
    let current = true;
    void fetchedState().then((next) => {
      if (current) setState((shown) => newerOf(shown, next));
    });
    const subscription = bus.on('job/updated').subscribe(({ job }) => {
      if (job.id !== jobId) return;
      // The whole job as it is now: nothing missed is left to show.
      setRefreshError(null);
      setState({ status: 'ready', job });
    });
    // A change published while the realtime channel was (re)connecting was missed: fetch the job again
    // quietly (a shown job stays on screen if that fails, and refreshError says why).
    const resubscribed = onCatchUp(() => void refreshNow());
    async function refreshNow() {
      const next = await fetchedState();
      if (!current) return;
      if (next.status === 'ready') {
        setRefreshError(null);
        setState((shown) => newerOf(shown, next));
      } else if (next.status === 'missing') {
        // Gone, or no longer the user's, since it was shown: said instead of the job.
        setRefreshError(null);
        setState(next);
      } else if (next.status === 'error') setRefreshError(next.message);
    }
    refreshRef.current = () => void refreshNow();
    return () => {
      current = false;
      subscription.unsubscribe();
      resubscribed.unsubscribe();
    };
  }, [fetchedState, jobId]);

  const reload = useCallback(async () => {
    setRefreshError(null);
    setState(startState(jobId));
    setState(await fetchedState());
  }, [fetchedState, jobId]);
  const replace = useCallback((job: Job) => setState({ status: 'ready', job }), []);
  /**
   * Fetches the job again quietly (Retry after a failed refresh): the failure's message goes at once, so
   * the press shows, and comes back only if this one fails too.
   */
  const refresh = useCallback(() => {
    setRefreshError(null);
    refreshRef.current();
  }, []);
  return { state, reload, replace, refreshError, refresh };
}

/**
 * The state to show when a fetch answers: its job, unless the job shown came live (job/updated) while the
 * fetch was on its way and is at least as new (by updated_at): the fetch read it before that change.
 */
const newerOf = (shown: JobState, fetched: JobState): JobState =>
  shown.status === 'ready' && fetched.status === 'ready' && shown.job.updated_at >= fetched.job.updated_at ? shown : fetched;

const startState = (jobId: number | null): JobState =>
  jobId ? { status: 'loading' } : { status: 'missing', message: NO_JOB_CHOSEN };
