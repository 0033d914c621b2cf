import type { Job, JobStatus } from '../contracts';

/**
 * Status labels of spec section 4, with deviations 9, 10 and 28 (docs/deviations.md). One module for both
 * remotes, so a customer and a provider always read the same word for the same job.
 */

/** The label of a rejected booking whose payment was given back (the customer's side). */
export const REJECTED_REFUNDED_LABEL = 'Rejected — refunded';

/**
 * Active Bookings, job requests, Home status and booking details. `refunded` (the customer's view of
 * `job.refunded`) turns a Rejected booking into 'Rejected — refunded'.
 */
export function bookingStatusLabel(status: JobStatus, refunded = false): string {
  switch (status) {
    case 'Pending':
      return 'Waiting for Approval';
    case 'Accepted':
      return 'Accepted'; // deviation 9: the original showed an Accepted booking as Rejected
    case 'Approved':
      return 'Approved';
    case 'Completed':
      return 'Completed';
    case 'Cancelled':
      return 'Cancelled';
    case 'Expired':
      return 'Expired';
    case 'Rejected':
      return refunded ? REJECTED_REFUNDED_LABEL : 'Rejected';
  }
}

/** Previous Bookings: Pending, Accepted, Completed, Cancelled and Expired by name (deviations 10, 28), else Rejected (Approved, as the spec says). */
export function pastBookingStatusLabel(status: JobStatus, refunded = false): string {
  return status === 'Approved' ? 'Rejected' : bookingStatusLabel(status, refunded);
}

/** What the customer reads for their own booking (the refund shows on a rejected one). */
export const customerBookingLabel = (job: Pick<Job, 'status' | 'refunded'>) => bookingStatusLabel(job.status, job.refunded);

export type StatusTone = 'waiting' | 'good' | 'done' | 'bad' | 'closed';

/** The colour family of a status badge. */
export function statusTone(status: JobStatus): StatusTone {
  if (status === 'Pending') return 'waiting';
  if (status === 'Accepted' || status === 'Approved') return 'good';
  if (status === 'Completed') return 'done';
  if (status === 'Cancelled' || status === 'Expired') return 'closed';
  return 'bad';
}
