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
