import type { JobStatus } from '../db/schema.js';

export const JOB_STATUSES: readonly JobStatus[] = ['Pending', 'Accepted', 'Approved', 'Rejected', 'Completed'];

/**
 * The job state machine (spec section 4). Only the job's provider moves a job:
 *  - Pending  -> Accepted | Rejected   (delivery confirmation screen)
 *  - Accepted -> Pending               (the approve toggle)
 *  - Accepted -> Completed             (Finish Job)
 * Everything else, including a "change" to the same status, is refused (409).
 */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  Pending: ['Accepted', 'Rejected'],
  Accepted: ['Pending', 'Completed'],
  Approved: [],
  Rejected: [],
  Completed: [],
};

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

export function transitionRefusal(from: JobStatus, to: JobStatus): string {
  return `A job cannot change from ${from} to ${to}.`;
}
