import { useCallback, useRef, useState } from 'react';
import { messageOfError, useStillShown, type Job, type JobStatus } from 'shared';
import { changeJobStatus, isConflict } from './jobs';

/** `shown`: the screen that asked is still there (it leads on only then, not from a page left meanwhile). */
export type StatusChangeResult = { ok: true; job: Job | null; shown: boolean } | { ok: false; conflict: boolean };

/**
 * One status change at a time from a screen: `pending` names the status being sent (buttons are
 * disabled while it is set, and a second click is ignored; the screen keeps showing the action while
 * the job's live update, which can come before the answer, already reads the new status), `error` is
 * the server's message of the last failed change, shown on the screen.
 */
export function useStatusChange() {
  const [pending, setPending] = useState<JobStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const mounted = useStillShown();

  const change = useCallback(
    async (jobId: number, status: JobStatus): Promise<StatusChangeResult> => {
      if (inFlight.current) return { ok: false, conflict: false };
      inFlight.current = true;
      setPending(status);
      setError(null);
      try {
        const job = await changeJobStatus(jobId, status);
        return { ok: true, job, shown: mounted.current };
      } catch (err) {
        console.error(err);
        setError(messageOfError(err));
        return { ok: false, conflict: isConflict(err) };
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [mounted],
  );

  return { pending, busy: pending !== null, error, change, clearError: () => setError(null) };
}
