import type { JobStatus } from '../contracts/entities';

/** The API's 409 to a customer cancelling an Accepted booking (issue 13, item 2). */
export const CANCEL_ACCEPTED_MESSAGE =
  'This booking has already been accepted and can no longer be cancelled in the app. Please chat with your provider.';

/**
 * Why a booking that is now `status` can no longer be cancelled: the API's answer to PATCH
 * { status: 'Cancelled' }, and what an open 'Cancel this booking?' dialog says when the booking changes
 * under it (the provider answers, it expires, another tab cancels it). One text for both.
 */
export function cancelRefusal(status: JobStatus): string {
  if (status === 'Accepted') return CANCEL_ACCEPTED_MESSAGE;
  if (status === 'Expired') return 'This request expired before it was answered.';
  return `This booking has already been ${status.toLowerCase()}.`;
}
