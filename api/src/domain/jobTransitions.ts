import { CANCEL_ACCEPTED_MESSAGE, cancelRefusal } from 'shared/src/bookings/cancelRefusal';
import type { JobStatus } from '../db/schema.js';

export const JOB_STATUSES: readonly JobStatus[] = [
  'Pending',
  'Accepted',
  'Approved',
  'Rejected',
  'Completed',
  'Cancelled',
  'Expired',
];

/** Who moves a job: one of its two parties, or the API itself (the expiry timer). */
export type JobActor = 'provider' | 'customer' | 'system';

/** What a transition does to the booking payment (10.00 INR, charged when the booking was made). */
export type PaymentEffect = 'none' | 'refund';

export interface JobTransition {
  from: JobStatus;
  to: JobStatus;
  actor: JobActor;
  payment: PaymentEffect;
}

/**
 * The job state machine (spec section 4, grown by issue 13; deviation 28), with each transition's
 * payment effect in one place:
 *  - Pending  -> Accepted   provider  (delivery confirmation screen)
 *  - Pending  -> Rejected   provider  refund
 *  - Pending  -> Cancelled  customer  refund (booking details, after a confirmation)
 *  - Pending  -> Expired    system    refund (not answered within REQUEST_EXPIRY_SECONDS)
 *  - Accepted -> Pending    provider  (the approve toggle)
 *  - Accepted -> Completed  provider  (Finish Job)
 * Everything else, including a "change" to the same status, is refused. Approved (a legacy value the
 * API never writes), Rejected, Completed, Cancelled and Expired are final.
 */
export const JOB_TRANSITIONS: readonly JobTransition[] = [
  { from: 'Pending', to: 'Accepted', actor: 'provider', payment: 'none' },
  { from: 'Pending', to: 'Rejected', actor: 'provider', payment: 'refund' },
  { from: 'Pending', to: 'Cancelled', actor: 'customer', payment: 'refund' },
  { from: 'Pending', to: 'Expired', actor: 'system', payment: 'refund' },
  { from: 'Accepted', to: 'Pending', actor: 'provider', payment: 'none' },
  { from: 'Accepted', to: 'Completed', actor: 'provider', payment: 'none' },
];

export { CANCEL_ACCEPTED_MESSAGE };

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}

export function findTransition(from: JobStatus, to: JobStatus): JobTransition | undefined {
  return JOB_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** Whether `actor` may move a job from `from` to `to`. */
export function canTransition(from: JobStatus, to: JobStatus, actor: JobActor = 'provider'): boolean {
  return findTransition(from, to)?.actor === actor;
}

/** Which statuses an actor ever moves a job to. */
export function targetsOf(actor: JobActor): JobStatus[] {
  return [...new Set(JOB_TRANSITIONS.filter((t) => t.actor === actor).map((t) => t.to))];
}

/**
 * Why a move does not exist from the job's current status, in the words of what happened meanwhile: the
 * usual cause is a screen that is out of date (another tab answered or finished the job, the customer
 * cancelled it, it expired), so the answer says that rather than naming two statuses.
 */
export function transitionRefusal(from: JobStatus, to: JobStatus): string {
  if (from === to) return `This job is already ${from === 'Pending' ? 'waiting for approval' : from}.`;
  if (from === 'Cancelled') return 'The customer cancelled this booking.';
  if (from === 'Expired') return 'This request expired before it was answered.';
  if (to === 'Accepted' || to === 'Rejected') return `This request has already been answered: ${from}.`;
  if (to === 'Cancelled') return `This booking has already been ${from.toLowerCase()}.`;
  if (from === 'Completed') return 'This job has already been finished.';
  if (from === 'Rejected') return 'This request has already been rejected.';
  if (from === 'Pending' && to === 'Completed') return 'This job is waiting for approval. Accept it before finishing it.';
  return `A job cannot change from ${from} to ${to}.`;
}

function notYoursToSet(to: JobStatus, actor: Exclude<JobActor, 'system'>): string {
  if (to === 'Expired') return 'A request expires on its own when it is not answered in time.';
  if (actor === 'provider') return 'Only the customer can cancel a booking.';
  return "Only the job's provider can change its status.";
}

export type TransitionCheck = { ok: true; transition: JobTransition } | { ok: false; status: 403 | 409; message: string };

/**
 * The answer to a party asking to move a job: allowed (with its payment effect); 403 when the status
 * is someone else's to set (a customer only cancels; a provider never cancels; nobody expires a
 * request by hand); otherwise 409, the move does not exist from the job's current status.
 */
export function checkTransition(from: JobStatus, to: JobStatus, actor: Exclude<JobActor, 'system'>): TransitionCheck {
  const transition = findTransition(from, to);
  if (transition?.actor === actor) return { ok: true, transition };
  const someoneElses = actor === 'customer' || targetsOf('customer').includes(to) || targetsOf('system').includes(to);
  if (!targetsOf(actor).includes(to) && someoneElses) return { ok: false, status: 403, message: notYoursToSet(to, actor) };
  // Worded as the customer's open booking screen words it when the booking changes under its dialog.
  if (actor === 'customer' && to === 'Cancelled') return { ok: false, status: 409, message: cancelRefusal(from) };
  return { ok: false, status: 409, message: transitionRefusal(from, to) };
}
