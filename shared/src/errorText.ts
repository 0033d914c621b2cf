/** What to tell the user about a failed call: its message (an ApiError carries the server's), else `fallback`. */
export const messageOfError = (error: unknown, fallback = 'Network Error'): string =>
  error instanceof Error && error.message ? error.message : fallback;
