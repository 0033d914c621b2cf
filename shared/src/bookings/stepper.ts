import type { JobStatus } from '../contracts';

/** The steps of the customer's booking stepper (spec section 2), in order. */
export const BOOKING_STEPS = [
  'On the move',
  'Reached your location',
  'On the way to drop address',
  'Reached to the destination.',
] as const;

/**
 * Index of the current step: fixed at step 2 while Accepted (as the spec says), every step done once
 * Completed, and none (-1) while the job waits or was rejected.
 */
export function activeStepIndex(status: JobStatus): number {
  if (status === 'Accepted' || status === 'Approved') return 1;
  if (status === 'Completed') return BOOKING_STEPS.length - 1;
  return -1;
}
