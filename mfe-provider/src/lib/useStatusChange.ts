import { useCallback, useRef, useState } from 'react';
import { bus, fetchJob, isRetryableFailure, messageOfError, useStillShown, type Job, type JobStatus } from 'shared';
import { useFocusBackAfter } from 'shared/src/ui/focus';
import { changeJobStatus, isConflict } from './jobs';

/** The job as it is now, if it is in `status` (read again after a change whose answer was lost); else null. */
async function changedAfterAll(jobId: number, status: JobStatus): Promise<Job | null> {
  try {
    const { data } = await fetchJob(jobId, { silent: true });
    return data?.status === status ? data : null;
  } catch {
    return null;
  }
}

/** `shown`: the screen that asked is still there (it leads on only then, not from a page left meanwhile). */
export type StatusChangeResult = { ok: true; job: Job | null; shown: boolean } | { ok: false; conflict: boolean };

/**
 * One status change at a time from a screen: `pending` names the status being sent (buttons are
 * disabled while it is set, and a second click is ignored; the screen keeps showing the action while
 * the job's live update, which can come before the answer, already reads the new status), `error` is
 * the server's message of the last failed change, shown on the screen. The button pressed is disabled
 * while its change is sent, which drops the keyboard's focus to the page: when the screen stays (a failed
 * change), the focus goes back to it. A change whose answer was lost (no answer, a gateway's 5xx) may have
 * been made all the same: the job is read again, and if it is in the status asked for, the change went
 * through (the error said meanwhile is taken back, and the screen leads on as after an answer).
 * `shownStatus`, the job's status as the screen shows it: a change that failed (no answer) but happened
 * after all, as the job's live update says, is no longer an error.
 */
export function useStatusChange(shownStatus?: JobStatus) {
  const [pending, setPending] = useState<JobStatus | null>(null);
  /** `to`: the status a change with no answer asked for (it may have happened); null for a refusal. */
  const [failure, setFailure] = useState<{ message: string; to: JobStatus | null } | null>(null);
  const error = failure && failure.to !== shownStatus ? failure.message : null;
  const inFlight = useRef(false);
  const mounted = useStillShown();
  const rememberFocus = useFocusBackAfter(pending !== null);

  const change = useCallback(
    async (jobId: number, status: JobStatus): Promise<StatusChangeResult> => {
      if (inFlight.current) return { ok: false, conflict: false };
      inFlight.current = true;
      rememberFocus();
      setPending(status);
      setFailure(null);
      try {
        const job = await changeJobStatus(jobId, status);
        return { ok: true, job, shown: mounted.current };
      } catch (err) {
        const changed = isRetryableFailure(err) ? await changedAfterAll(jobId, status) : null;
        if (changed) {
          bus.emit({ type: 'alert/clear' });
          bus.emit({ type: 'job/updated', job: changed });
          return { ok: true, job: changed, shown: mounted.current };
        }
        console.error(err);
        const conflict = isConflict(err);
        setFailure({ message: messageOfError(err), to: conflict ? null : status });
        return { ok: false, conflict };
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [mounted, rememberFocus],
  );

  return { pending, busy: pending !== null, error, change, clearError: () => setFailure(null) };
}
