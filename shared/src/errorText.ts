import { ApiError } from './api/apiError';

/** A call that got no answer at all: the connection or the server is down (not a timeout, which says so). */
export const NO_CONNECTION_MESSAGE = 'The server cannot be reached. Check your connection and retry.';

/** A fault answered without a message of the API's own (a gateway's HTML 502 page, say). */
export const serverFaultMessage = (status: number): string =>
  `The server could not complete this just now (error ${status}). Please try again.`;

/** What to tell the user about a failed call: its message (an ApiError carries the server's), else `fallback`. */
export const messageOfError = (error: unknown, fallback = NO_CONNECTION_MESSAGE): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * What to say of a failed API call: an ApiError's message (the server's, or the client's sentence for no
 * answer or a fault), else that the server cannot be reached; never the text of an unexpected exception.
 */
export const failureText = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : NO_CONNECTION_MESSAGE;
