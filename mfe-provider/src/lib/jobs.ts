import { ApiError, bus, updateJobStatus, type Job, type JobStatus } from 'shared';

/** True for the API's 409: the job was not in the state this screen thought (answered or changed elsewhere). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Why a request can no longer be answered, when nobody answered it (issue 13), word for word. */
export const CLOSED_REQUEST_LINES = {
  Cancelled: 'The customer cancelled this booking.',
  Expired: 'This request expired before it was answered.',
} as const satisfies Partial<Record<JobStatus, string>>;

/** The line of a cancelled or expired request; null for any other status. */
export function closedRequestLine(status: JobStatus): string | null {
  return status === 'Cancelled' || status === 'Expired' ? CLOSED_REQUEST_LINES[status] : null;
}

/**
 * Moves one job to `status` (PATCH /api/jobs/{job.id}: always the job's own id, deviation 8). Not silent:
 * the client raises the spec's global alert (the server's success message, or its error). The answer is
 * the provider's job list: it is stored as the session's `jobs` (spec section 7, `job/changed`) and the
 * changed job is announced (`job/updated`) so every open list and block of this browser updates at once.
 * Resolves to the changed job as the API answered it (null if the list no longer holds it).
 */
export async function changeJobStatus(jobId: number, status: JobStatus): Promise<Job | null> {
  const { data } = await updateJobStatus(jobId, status);
  const jobs = Array.isArray(data) ? data : [];
  bus.emit({ type: 'job/changed', jobs });
  const changed = jobs.find((j) => j.id === jobId) ?? null;
  if (changed) bus.emit({ type: 'job/updated', job: changed });
  return changed;
}
