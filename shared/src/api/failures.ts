import { ApiError } from './client';

/**
 * Whether a failed call may still go through, or may even have been carried out: there was no answer
 * (not reached, the connection dropped, it timed out), the server was busy (408, 429) or failed (5xx,
 * which a gateway also answers for a server that did the work and whose answer it lost). Sent again, such a
 * call needs the same Idempotency-Key. Any other 4xx refuses the request itself: it needs a change first.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
