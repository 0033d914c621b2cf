import type { Job, JobNavState, JobStatus, PersonSummary, Role } from '../contracts';

/** Which jobs each list shows (spec section 4, deviations 10 and 28). */
export const ACTIVE_STATUSES: readonly JobStatus[] = ['Pending', 'Accepted'];
export const PREVIOUS_STATUSES: readonly JobStatus[] = ['Rejected', 'Completed', 'Cancelled', 'Expired'];

/** A customer may cancel their booking only while it waits for the provider (an Accepted one: chat instead). */
export const canCustomerCancel = (job: Pick<Job, 'status'>) => job.status === 'Pending';

export const isActiveJob = (job: Job) => ACTIVE_STATUSES.includes(job.status);
export const isPreviousJob = (job: Job) => PREVIOUS_STATUSES.includes(job.status);

/** Newest first: by creation time, then by id (the API's own order). */
export function newestFirst(a: Job, b: Job): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

/** Most recently changed first (a finished booking's time is when it finished), then by id. */
export function lastChangedFirst(a: Job, b: Job): number {
  if (a.updated_at !== b.updated_at) return a.updated_at < b.updated_at ? 1 : -1;
  return b.id - a.id;
}

/**
 * Whether a booking's details screen shows it as a past booking: opened from Previous Bookings, or
 * from its address (a new tab, a bookmark: no navigation state) when the booking is finished.
 */
export const showsPastBooking = (navState: unknown, job: Job | null): boolean =>
  (navState as Partial<JobNavState> | null)?.page === 'previousBooking' ||
  (navState == null && job !== null && isPreviousJob(job));

export const activeJobs = (jobs: readonly Job[]) => jobs.filter(isActiveJob);
export const previousJobs = (jobs: readonly Job[]) => jobs.filter(isPreviousJob);
/** Job requests: only Pending. */
export const pendingRequests = (jobs: readonly Job[]) => jobs.filter((j) => j.status === 'Pending');

/** The customer's newest on-going booking (Pending or Accepted), or null. */
export const newestOngoing = (jobs: readonly Job[]): Job | null => [...activeJobs(jobs)].sort(newestFirst)[0] ?? null;

/** The provider's newest Accepted job, or null. */
export const newestAccepted = (jobs: readonly Job[]): Job | null =>
  [...jobs].filter((j) => j.status === 'Accepted').sort(newestFirst)[0] ?? null;

/** The list with `job` in it: replaced where its id already is, else added; newest first. */
export function upsertJob(jobs: readonly Job[], job: Job): Job[] {
  const others = jobs.filter((j) => j.id !== job.id);
  return [...others, job].sort(newestFirst);
}

/** The other party of a job: the provider for its customer, the customer for its provider. */
export function counterpartOf(job: Job, role: Role | null | undefined): PersonSummary {
  return role === 'Provider' ? job.customer : job.provider;
}
