/** The server's message of a failed call (ApiError carries it), for screens that toast it. */
export function messageOf(error: unknown, fallback = 'something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
