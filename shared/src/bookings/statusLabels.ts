import type { JobStatus } from '../contracts';

/**
 * Status labels of spec section 4, with deviations 3 and 4 (docs/deviations.md). One module for both
 * remotes, so a customer and a provider always read the same word for the same job.
 */

/** Active Bookings, job requests, Home status and booking details. */
export function bookingStatusLabel(status: JobStatus): string {
  switch (status) {
    case 'Pending':
      return 'Waiting for Approval';
    case 'Accepted':
      return 'Accepted'; // deviation 3: the original showed an Accepted booking as Rejected
    case 'Approved':
      return 'Approved';
    case 'Completed':
      return 'Completed';
    default:
      return 'Rejected';
  }
}

/** Previous Bookings: Pending, Accepted and Completed (deviation 4) by name, anything else as Rejected. */
export function pastBookingStatusLabel(status: JobStatus): string {
  switch (status) {
    case 'Pending':
      return 'Waiting for Approval';
    case 'Accepted':
      return 'Accepted';
    case 'Completed':
      return 'Completed';
    default:
      return 'Rejected';
  }
}

export type StatusTone = 'waiting' | 'good' | 'done' | 'bad';

/** The colour family of a status badge. */
export function statusTone(status: JobStatus): StatusTone {
  if (status === 'Pending') return 'waiting';
  if (status === 'Accepted' || status === 'Approved') return 'good';
  if (status === 'Completed') return 'done';
  return 'bad';
}
