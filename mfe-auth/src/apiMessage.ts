import { messageOfError } from 'shared';

/** The server's message of a failed call (ApiError carries it), for screens that toast it. */
export const messageOf = (error: unknown) => messageOfError(error, 'something went wrong');
