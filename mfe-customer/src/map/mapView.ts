/**
 * Which map a user gets for a job (issue 10, items 4, 6 and 7): only the customer of an Accepted job
 * follows its provider; for any other status the screen says why there is nothing to follow; the
 * job's provider sees their own position and the pick-up address; anyone else is told the job is not
 * theirs.
 */
import { JOB_NOT_YOURS, type Job, type JobStatus } from 'shared';

export type MapView =
  { kind: 'follow' } | { kind: 'provider' } | { kind: 'nothing'; message: string } | { kind: 'notYours'; message: string };

/** Statuses during which the customer follows the provider (Approved is the legacy name of Accepted). */
export const FOLLOWABLE: readonly JobStatus[] = ['Accepted', 'Approved'];

export const NOTHING_TO_FOLLOW: Record<Exclude<JobStatus, 'Accepted' | 'Approved'>, string> = {
  Pending:
    'This booking is waiting for the provider to accept it. You can follow the provider on the map once the booking is Accepted.',
  Rejected: 'This booking was rejected, so there is no provider to follow.',
  Completed: 'This booking is completed, so there is nothing to follow any more.',
  Cancelled: 'This booking was cancelled, so there is no provider to follow.',
  Expired: 'This booking expired before a provider accepted it, so there is no provider to follow.',
};

export function nothingToFollow(status: JobStatus): string | null {
  return FOLLOWABLE.includes(status)
    ? null
    : (NOTHING_TO_FOLLOW[status as keyof typeof NOTHING_TO_FOLLOW] ?? NOTHING_TO_FOLLOW.Pending);
}

export function mapViewFor(job: Job, user: { id: number; role: string } | null): MapView {
  if (user && job.provider_id === user.id) return { kind: 'provider' };
  if (!user || job.customer_id !== user.id) return { kind: 'notYours', message: JOB_NOT_YOURS };
  const nothing = nothingToFollow(job.status);
  return nothing ? { kind: 'nothing', message: nothing } : { kind: 'follow' };
}
