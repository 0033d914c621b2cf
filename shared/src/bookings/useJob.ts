import { useCallback, useEffect, useState } from 'react';
import { ApiError, fetchJob } from '../api';
import { bus } from '../bus';
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
  const [state, setState] = useState<JobState>(jobId ? { status: 'loading' } : { status: 'missing', message: NO_JOB_CHOSEN });

  const load = useCallback(async () => {
    if (!jobId) {
      setState({ status: 'missing', message: NO_JOB_CHOSEN });
      return;
    }
    setState({ status: 'loading' });
    try {
      const { data } = await fetchJob(jobId, { silent: true });
      setState({ status: 'ready', job: data });
    } catch (error) {
      console.error(error);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 404 || status === 400) setState({ status: 'missing', message: JOB_NOT_FOUND });
      else if (status === 403) setState({ status: 'missing', message: JOB_NOT_YOURS });
      else setState({ status: 'error', message: error instanceof ApiError ? error.message : 'Network Error' });
    }
  }, [jobId]);

  useEffect(() => {
    void load();
    const subscription = bus.on('job/updated').subscribe(({ job }) => {
      if (job.id === jobId) setState({ status: 'ready', job });
    });
    return () => subscription.unsubscribe();
  }, [load, jobId]);

  const replace = useCallback((job: Job) => setState({ status: 'ready', job }), []);
  return { state, reload: load, replace };
}
