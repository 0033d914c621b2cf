import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import secureJsonParse from 'secure-json-parse';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Transporter } from 'nodemailer';
import { loadConfig, type Config } from './config.js';
import { trustProxyFunction } from './http/trustProxy.js';
import { createDb, type Db, type DbOptions } from './db/index.js';
import { migrateToLatest } from './db/migrations.js';
import { systemClock, type Clock } from './domain/clock.js';
import { Throttle } from './domain/throttle.js';
import { openRateLimitStore } from './services/rateLimitStore.js';
import { OTP_MAX_REQUESTS, OTP_REQUEST_WINDOW_MS } from './domain/otp.js';
import { registerAuth } from './http/auth.js';
import { HttpError, registerErrorHandling } from './http/errors.js';
import { registerInputGuards } from './http/inputGuard.js';
import { registerMultipart } from './http/multipart.js';
import { securityHeaders } from './http/securityHeaders.js';
import { createMailer, defaultTransporter } from './services/mailer.js';
import { PusherPublisher, type Publisher } from './services/publisher.js';
import { createGateway, SandboxGateway, type PaymentGateway } from './services/payments.js';
import type { AppContext } from './context.js';
import authRoutes from './routes/auth.js';
import servicesRoutes from './routes/services.js';
import jobsRoutes from './routes/jobs.js';
import ratingsRoutes from './routes/ratings.js';
import paymentsRoutes from './routes/payments.js';
import sandboxRoutes from './routes/sandbox.js';
import chatsRoutes from './routes/chats.js';
import broadcastingRoutes from './routes/broadcasting.js';
import notificationsRoutes from './routes/notifications.js';
import contactRoutes from './routes/contact.js';
import locationRoutes from './routes/location.js';
import uploadsRoutes from './routes/uploads.js';
import devRoutes from './routes/dev.js';
import cspReportRoutes from './routes/cspReports.js';
import healthRoutes from './routes/health.js';

export interface BuildAppOptions {
  /** Overrides of the environment's configuration (loadConfig()). */
  config?: Partial<Config>;
  /** An already opened database; the caller keeps ownership (buildApp does not close it). */
  db?: Db;
  /** Where to open the database when `db` is not given (defaults: config.databaseUrl, then config.sqlitePath). */
  database?: DbOptions;
  /** Run the migrations before answering (default true). */
  migrate?: boolean;
  clock?: Clock;
  /** A nodemailer transporter to send mail with (default: SMTP_URL, else the outbox table). */
  mailTransport?: Transporter;
  /** Whether booking e-mails go in the background (default: when they go to an SMTP server). */
  mailInBackground?: boolean;
  publisher?: Publisher;
  payments?: PaymentGateway;
  /** Fastify logger option; default: info level with secrets redacted, off when NODE_ENV=test. */
  logger?: FastifyServerOptions['logger'];
}

export const INVALID_JSON_MESSAGE = "Body is not valid JSON but content-type is set to 'application/json'";
export const EMPTY_JSON_MESSAGE = "Body cannot be empty when content-type is set to 'application/json'";
export const FORBIDDEN_KEY_MESSAGE = 'The body may not contain a "__proto__" key, nor a "constructor" key holding "prototype".';
export const COMPRESSED_BODY_MESSAGE = 'Compressed request bodies are not accepted: send the body without a Content-Encoding.';

/** Whether a request's body comes compressed (any Content-Encoding but identity). */
const isEncoded = (headers: IncomingHttpHeaders) => {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  return encoding !== undefined && encoding !== '' && encoding !== 'identity';
};
const compressedBody = () => new HttpError(415, COMPRESSED_BODY_MESSAGE);

/** Builds the API as a Fastify instance, ready to `listen` or to `inject` into. Does not listen. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...options.config };
  const clock = options.clock ?? systemClock;

  const app = Fastify({
    logger:
      options.logger ??
      (config.env === 'test'
        ? false
        : {
            level: config.logLevel,
            // Never log credentials: no bodies are logged, and these headers are masked.
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          }),
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs,
    // Node's server takes the timeout only when it is made (set afterwards, as Fastify does, it never fires),
    // and looks for overdue requests on an interval (30 s by default, coarse beside a short timeout).
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(config.requestTimeoutMs / 4))),
    },
    trustProxy: trustProxyFunction(config.trustProxy) ?? false,
    // Errors Fastify answers before any hook or handler (a malformed %-escape in the URL): in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'The URL is malformed (an invalid %-escape).'
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'A part of the URL is too long.'
            : error.message;
      void (reply as FastifyReply).status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ message });
    },
    ajv: { customOptions: { allErrors: true, verbose: true, keywords: ['x-messages'] } },
  });

  const ownDb = !options.db;
  const handle = options.db ?? createDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, ...options.database });
  app.addHook('onClose', async () => {
    if (ownDb) await handle.destroy();
  });
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle);
    } catch (err) {
      if (ownDb) await handle.destroy();
      throw err;
    }
  }

  // The throttles' counters: in the database (every instance on it shares them), or Redis when REDIS_URL is set.
  const rateLimits = await openRateLimitStore({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    db: handle.db,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await rateLimits.close();
  });

  const transporter = options.mailTransport ?? defaultTransporter(config.smtpUrl, handle.db, clock);
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    clock,
    mailer: createMailer(transporter, config.mailFrom, {
      inBackground: options.mailInBackground ?? (options.mailTransport === undefined && config.smtpUrl !== null),
      onBackgroundFailure: (err, message) => app.log.error({ err, subject: message.subject }, 'e-mail not sent'),
    }),
    publisher: options.publisher ?? new PusherPublisher(config.pusher, app.log),
    payments:
      options.payments ??
      createGateway(config.stripeSecretKey, clock, { ledgerPath: config.sandboxLedgerPath, latencyMs: config.sandboxLatencyMs }),
    loginThrottle: new Throttle(rateLimits, 'login', 5, 60_000, clock),
    otpThrottle: new Throttle(rateLimits, 'otp', OTP_MAX_REQUESTS, OTP_REQUEST_WINDOW_MS, clock),
    cspReportThrottle: new Throttle(rateLimits, 'csp-report', 60, 60_000, clock),
    signupThrottle: new Throttle(rateLimits, 'signup', config.signupsPerAddressPerHour, 3_600_000, clock),
    sandboxTokenThrottle: new Throttle(rateLimits, 'sandbox-token', config.sandboxTokensPerAddressPerMinute, 60_000, clock),
    log: app.log,
  };
  app.addHook('onClose', async () => {
    if (ctx.payments instanceof SandboxGateway) ctx.payments.ledger.close();
  });
  app.decorate('ctx', ctx);
  if (!options.publisher) {
    // Publishes still queued go out before the process does (bounded: see services/publishQueue.ts).
    app.addHook('onClose', async () => {
      await ctx.publisher.close?.();
    });
  }

  registerErrorHandling(app, config.maxUploadBytes);
  registerAuth(app);

  registerInputGuards(app);

  // Security headers: helmet's, worked out once from its options and set on every response (http/securityHeaders.ts).
  const applySecurityHeaders = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply.raw);
    done();
  });
  await app.register(cors, {
    origin: config.appOrigins,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Requested-With', 'X-Socket-Id', 'Idempotency-Key'],
    maxAge: 600,
  });

  // JSON as Fastify parses it (secure-json-parse, a `__proto__` key refused), but saying which is wrong:
  // the JSON itself, the forbidden key, or a compressed body (nothing here inflates one).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isEncoded(request.headers)) return done(compressedBody(), undefined);
    if (body === '') return done(new HttpError(400, EMPTY_JSON_MESSAGE), undefined);
    try {
      done(null, secureJsonParse(body, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const poisoned = (error as Error).message.includes('forbidden prototype property');
      done(new HttpError(400, poisoned ? FORBIDDEN_KEY_MESSAGE : INVALID_JSON_MESSAGE), undefined);
    }
  });
  // Forms (pusher-js posts socket_id and channel_name as application/x-www-form-urlencoded).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (isEncoded(request.headers)) return done(compressedBody(), undefined);
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.decorateRequest('uploadedFiles', null);
  registerMultipart(app, { fileSize: config.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 });

  if (!config.isProduction) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Marketplace API',
          version: '1.0.0',
          description: 'The API of the driver, delivery and shipping marketplace.',
        },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(authRoutes);
  await app.register(servicesRoutes);
  await app.register(jobsRoutes);
  await app.register(ratingsRoutes);
  await app.register(paymentsRoutes);
  if (ctx.payments.name === 'sandbox') await app.register(sandboxRoutes);
  await app.register(chatsRoutes);
  await app.register(broadcastingRoutes);
  await app.register(notificationsRoutes);
  await app.register(contactRoutes);
  await app.register(locationRoutes);
  await app.register(uploadsRoutes);
  await app.register(cspReportRoutes);
  await app.register(healthRoutes);
  if (!config.isProduction) await app.register(devRoutes);

  return app;
}
