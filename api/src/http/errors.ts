import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type FieldErrors = Record<string, string[]>;

/** An error the client caused or is allowed to see: answered as `{ message, errors? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
/** 400 with one field's error; the message is that error, as the client shows the message. */
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });
export const unauthorized = (message = 'Unauthenticated.') => new HttpError(401, message);
export const paymentDeclined = (message: string) => new HttpError(402, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
  /** The value that failed (Ajv's verbose option, app.ts). */
  data?: unknown;
}

/** The message for a value of the wrong type: `type` is the schema's, e.g. 'integer' or ['string', 'null']. */
export function typeMessage(field: string, type: string | readonly string[]): string {
  const text = (typeof type === 'string' ? type.split(',') : type).join(' or ');
  return `The ${field} must be ${/^[aeiou]/.test(text) ? 'an' : 'a'} ${text}.`;
}

const GENERIC: Record<string, (field: string, e: AjvError) => string> = {
  required: (f) => `The ${f} field is required.`,
  type: (f, e) => (f === 'body' ? 'The request body must be a JSON object or a form.' : typeMessage(f, String(e.params.type))),
  minLength: (f, e) =>
    e.params.limit === 1 ? `The ${f} field is required.` : `The ${f} must be at least ${String(e.params.limit)} characters.`,
  maxLength: (f, e) => `The ${f} may not be greater than ${String(e.params.limit)} characters.`,
  minimum: (f, e) => `The ${f} must be at least ${String(e.params.limit)}.`,
  maximum: (f, e) => `The ${f} may not be greater than ${String(e.params.limit)}.`,
  enum: (f, e) => `The ${f} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}.`,
  format: (f) => `The ${f} format is invalid.`,
  pattern: (f) => `The ${f} format is invalid.`,
};

/**
 * Turns the validator's errors into `{ field: [messages] }`. A property schema may carry
 * `x-messages: { required, minLength, format, ... }` with the exact texts of spec section 5.
 */
export function fieldErrorsFromValidation(validation: AjvError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const e of validation) {
    let field: string;
    let messages: Record<string, string> | undefined;
    if (e.keyword === 'required') {
      field = String(e.params.missingProperty);
      const props = e.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined;
      messages = props?.[field]?.['x-messages'] as Record<string, string> | undefined;
    } else {
      field = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      messages = e.parentSchema?.['x-messages'] as Record<string, string> | undefined;
    }
    // One message per field, the first the validator found (for an empty value, "required").
    if (errors[field]) continue;
    // An empty string is a missing value, as the forms of spec section 5 read it: 'Password is required', not its length.
    const keyword = e.keyword === 'minLength' && e.data === '' && messages?.required ? 'required' : e.keyword;
    errors[field] = [messages?.[keyword] ?? GENERIC[keyword]?.(field, e) ?? `The ${field} is invalid.`];
  }
  return errors;
}

function firstMessage(errors: FieldErrors): string {
  for (const list of Object.values(errors)) if (list.length) return list[0];
  return 'The given data was invalid.';
}

/**
 * PostgreSQL's "data exception" class (22xxx: out of range, invalid text, NUL in text, ...) and
 * SQLite's equivalents: the client's value, not the server, is at fault.
 */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH';
}

/**
 * PostgreSQL gave up one of two transactions that waited for each other (deadlock, serialization
 * failure): nobody's mistake, and the same request again succeeds.
 */
function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Answered while the database cannot be reached; the browser app then waits for /api/health to say it is back. */
export const DATABASE_UNREACHABLE_MESSAGE = 'The database is not reachable.';

/** The answer while the database cannot be reached: 503, to be asked again in a few seconds. */
export function replyDatabaseUnreachable(reply: FastifyReply): FastifyReply {
  return reply.status(503).header('Retry-After', '5').send({ message: DATABASE_UNREACHABLE_MESSAGE });
}

/**
 * The database could not be reached or its session ended (refused, timed out connecting, restarting,
 * terminated by an operator): the request did nothing, and the same request later can succeed.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
      return true;
    // PostgreSQL's class 08 (connection exception) and 57P01-57P03 (shutdown, crash, cannot connect now).
    if (/^08|^57P0[123]$/.test(code)) return true;
  }
  return typeof message === 'string' && /^(timeout exceeded when trying to connect|Connection terminated)/.test(message);
}

export function registerErrorHandling(app: FastifyInstance, maxUploadBytes: number): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const fe = error;
    if (fe.validation) {
      const errors = fieldErrorsFromValidation(fe.validation);
      return reply.status(400).send({ message: firstMessage(errors), errors });
    }
    if (isDataError(error)) {
      // A value the database cannot store reached it: input the validation should have refused.
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(400).send({ message: 'The given data was invalid.' });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'the database is not reachable');
      return replyDatabaseUnreachable(reply);
    }
    if (isTransientConflict(error)) {
      request.log.warn({ err: error }, 'transaction gave way to a concurrent one');
      return reply.status(503).header('Retry-After', '1').send({ message: 'The server is busy. Please try again.' });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's and the plugins' own client errors: bad JSON, body or file too large, bad media type.
      const message =
        fe.code === 'FST_REQ_FILE_TOO_LARGE'
          ? `The file may not be greater than ${Math.round(maxUploadBytes / 1024 / 1024)} MB.`
          : fe.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Server Error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: 'Not Found' });
  });
}
