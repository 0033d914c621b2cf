/** A failed API call: the message to show, the HTTP status (0: no answer) and the field errors of a 400/422. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The call was refused for want of a valid session (401): the shell has ended the session and says so
 * on /login, and forms hold what was typed (session/heldForLogin.ts); a screen adds nothing of its own.
 */
export const isSessionRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
