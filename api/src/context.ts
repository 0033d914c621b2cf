import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database, UserRow } from './db/schema.js';
import type { Dialect } from './db/index.js';
import type { Clock } from './domain/clock.js';
import type { Throttle } from './domain/throttle.js';
import type { Mailer } from './services/mailer.js';
import type { Publisher } from './services/publisher.js';
import type { PaymentGateway } from './services/payments.js';

/** Everything the routes share, built once by buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  publisher: Publisher;
  payments: PaymentGateway;
  loginThrottle: Throttle;
  otpThrottle: Throttle;
  /** Content-Security-Policy reports, per client address (routes/cspReports.ts). */
  cspReportThrottle: Throttle;
  /** Sign-ups, per client address (each costs a password hash). */
  signupThrottle: Throttle;
  /** Cards tokenised at the sandbox processor, per client address. */
  sandboxTokenThrottle: Throttle;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook: requires a valid bearer token and sets request.authUser. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authUser: UserRow | null;
    tokenHash: string | null;
    /** Files of a multipart request, by field name (content already read and size-checked). */
    uploadedFiles: Record<string, Buffer> | null;
  }
}
