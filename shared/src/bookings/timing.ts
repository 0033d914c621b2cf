/**
 * Loader times of spec section 9: job lists show their loader for about 800 ms even when the API is
 * faster. Mutable only so that unit tests can set it to 0 (`bookingTiming.listLoaderMs = 0`).
 */
export const bookingTiming = { listLoaderMs: 800 };

export const waitAtLeast = (startedAt: number, ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, startedAt + ms - Date.now())));
