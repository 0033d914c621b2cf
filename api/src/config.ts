import path from 'node:path';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** Root of the api package (api/), whatever the working directory. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULT_APP_ORIGINS = [3000, 3001, 3002, 3003, 3004].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export interface PusherConfig {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
}

export interface Config {
  env: string;
  isProduction: boolean;
  /**
   * Whether an empty database gets the demo accounts (public password) at start: outside production by
   * default; in production only when SEED_DEMO=true asks for it.
   */
  seedDemoWhenEmpty: boolean;
  /** Sign-ups one client address may make in an hour (each costs a password hash). */
  signupsPerAddressPerHour: number;
  /** Cards one client address may tokenise at the sandbox processor in a minute. */
  sandboxTokensPerAddressPerMinute: number;
  host: string;
  port: number;
  /** PostgreSQL connection string; when set it wins over SQLite. */
  databaseUrl: string | null;
  sqlitePath: string;
  uploadsDir: string;
  appOrigins: string[];
  pusher: PusherConfig;
  realtimePort: number;
  /**
   * Most simultaneous realtime connections from one client address (REALTIME_MAX_CONNECTIONS_PER_IP,
   * default 50; 0: no per-address limit, only the server's overall one). Behind a proxy the address is
   * the X-Forwarded-For client only when TRUST_PROXY trusts that proxy.
   */
  realtimeMaxConnectionsPerIp: number;
  firebasePort: number;
  /** Start the embedded Pusher-protocol server with the API (off when using Pusher Channels). */
  embeddedRealtime: boolean;
  /** Start the embedded firebase-server with the API (off when using Firebase). */
  embeddedLocation: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  stripeSecretKey: string | null;
  logLevel: string;
  /** Secret for keyed hashes (OTP codes). Set APP_KEY in production. */
  appKey: string;
  /** Largest upload (avatar, chat attachment), bytes. */
  maxUploadBytes: number;
  /** Largest JSON/form body, bytes. */
  bodyLimit: number;
  /**
   * A request whose headers and body have not all arrived this long after it began is answered 408 and
   * its connection closed (REQUEST_TIMEOUT_SECONDS, default 120): a client trickling bytes holds no
   * connection for ever. Long enough for the largest upload on a slow phone network.
   */
  requestTimeoutMs: number;
  /** A bearer token stops working this long after it was issued (SESSION_LIFETIME_DAYS, default 30). */
  sessionLifetimeMs: number;
  /** ... or after this long unused (SESSION_IDLE_DAYS, default 7). */
  sessionIdleMs: number;
  /** Redis for the login and password-reset throttles; when null they live in the database. */
  redisUrl: string | null;
  /** Prefix of every Redis key this API writes (REDIS_PREFIX). */
  redisPrefix: string;
  /**
   * Whom to believe about the client's address (X-Forwarded-For), for the login throttle's per-IP
   * key behind a load balancer (TRUST_PROXY): false (default), true, a number of proxy hops, or the
   * proxies' addresses/CIDRs separated by commas.
   */
  trustProxy: boolean | number | string;
  /**
   * A Firebase service account's JSON (FIREBASE_SERVICE_ACCOUNT): when set, POST /api/location/token
   * mints Firebase custom tokens for a real Firebase project; when null, tokens for the embedded server.
   */
  firebaseServiceAccount: string | null;
  /**
   * Secret the embedded location server (firebase-server) checks its clients' tokens with
   * (FIREBASE_EMBEDDED_SECRET; by default derived from APP_KEY, so the API and the server agree).
   */
  locationTokenSecret: string;
  /** The sandbox card processor's own ledger file (SANDBOX_LEDGER_PATH; default beside the SQLite file). */
  sandboxLedgerPath: string;
  /** How long the sandbox processor takes to answer (SANDBOX_LATENCY_MS, default 0). */
  sandboxLatencyMs: number;
  /** A Pending request not answered this long after it was made expires (REQUEST_EXPIRY_SECONDS, default 24 h). */
  requestExpiryMs: number;
  /** How often the API looks for expired requests and unfinished refunds (JOB_SWEEP_INTERVAL_SECONDS, default 60). */
  jobSweepIntervalMs: number;
  /**
   * A processor charge our database has no record of, this old, was cut off by a crash before its booking
   * was saved, and is refunded (ORPHAN_CHARGE_GRACE_SECONDS, default 300).
   */
  orphanChargeGraceMs: number;
  /** The web app's address, for links in e-mails (APP_URL; default the first of APP_ORIGINS). */
  appUrl: string;
}

function trustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  // A whole number is how many proxies stand in front (the client is that many hops back in X-Forwarded-For).
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/**
 * APP_ORIGINS as the browser sends its Origin header (scheme, host and port, lower case, no path or
 * trailing slash), so `http://LOCALHOST:3000/` matches what the browser says; anything else is refused
 * at start rather than silently never matching.
 */
function appOriginsFrom(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        /* reported below */
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
        throw new Error(`APP_ORIGINS must be comma-separated origins such as http://localhost:3000, got "${entry}"`);
      }
      return url.origin;
    });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A positive number of days (fractions allowed: 0.5 is 12 hours), as milliseconds. */
function days(value: string | undefined, fallbackDays: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallbackDays * DAY_MS;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of days, got "${value}"`);
  return Math.round(n * DAY_MS);
}

function seconds(value: string | undefined, fallbackSeconds: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallbackSeconds * 1000;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of seconds, got "${value}"`);
  return Math.round(n * 1000);
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function str(value: string | undefined, fallback: string): string {
  return value === undefined || value === '' ? fallback : value;
}

function optional(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/** The embedded location server's token secret: FIREBASE_EMBEDDED_SECRET, else derived from APP_KEY. */
function locationSecret(env: NodeJS.ProcessEnv, appKey: string): string {
  return optional(env.FIREBASE_EMBEDDED_SECRET) ?? createHmac('sha256', appKey).update('embedded-location-server').digest('hex');
}

/** Defaults that are public (they are in this repository): fine on a developer's machine, never in production. */
const PUBLIC_SECRETS = { APP_KEY: 'marketplace-development-key', PUSHER_SECRET: 'app-secret' } as const;

/**
 * In production, the secrets must be set: with the public APP_KEY anyone could sign location tokens, and
 * with the public PUSHER_SECRET sign a subscription to any user's private channel (their messages, jobs,
 * notifications). The API refuses to start rather than run open.
 */
function refusePublicSecrets(env: NodeJS.ProcessEnv): void {
  const unset = (Object.keys(PUBLIC_SECRETS) as Array<keyof typeof PUBLIC_SECRETS>).filter(
    (name) => str(env[name], PUBLIC_SECRETS[name]) === PUBLIC_SECRETS[name],
  );
  if (unset.length > 0) {
    throw new Error(
      `NODE_ENV=production needs ${unset.join(' and ')} set to a long random secret (the default is public); see docs/security.md`,
    );
  }
}

/** Reads the configuration from the environment (documented in the README's configuration table). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = str(env.NODE_ENV, 'development');
  if (nodeEnv === 'production') refusePublicSecrets(env);
  const sqlitePath = path.resolve(str(env.SQLITE_PATH, path.join(API_ROOT, 'data', 'app.db')));
  const appOrigins = optional(env.APP_ORIGINS) ? appOriginsFrom(env.APP_ORIGINS!) : DEFAULT_APP_ORIGINS;
  const realtimePort = int(env.REALTIME_PORT, 6001, 'REALTIME_PORT');
  return {
    env: nodeEnv,
    isProduction: nodeEnv === 'production',
    seedDemoWhenEmpty: env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? nodeEnv !== 'production' : env.SEED_DEMO === 'true',
    signupsPerAddressPerHour: int(env.SIGNUPS_PER_ADDRESS_PER_HOUR, 20, 'SIGNUPS_PER_ADDRESS_PER_HOUR'),
    sandboxTokensPerAddressPerMinute: int(env.SANDBOX_TOKENS_PER_ADDRESS_PER_MINUTE, 30, 'SANDBOX_TOKENS_PER_ADDRESS_PER_MINUTE'),
    host: str(env.HOST, '0.0.0.0'),
    // PORT, else API_PORT (the name `npm start` and the README give the API's port), else 4000.
    port: env.PORT ? int(env.PORT, 4000, 'PORT') : int(env.API_PORT, 4000, 'API_PORT'),
    databaseUrl: optional(env.DATABASE_URL),
    sqlitePath,
    uploadsDir: path.resolve(str(env.UPLOADS_DIR, path.join(API_ROOT, 'uploads'))),
    appOrigins,
    pusher: {
      appId: str(env.PUSHER_APP_ID, 'app-id'),
      key: str(env.PUSHER_KEY, 'app-key'),
      secret: str(env.PUSHER_SECRET, PUBLIC_SECRETS.PUSHER_SECRET),
      host: str(env.PUSHER_HOST, '127.0.0.1'),
      // Unset: the embedded realtime server, wherever REALTIME_PORT puts it.
      port: int(env.PUSHER_PORT, realtimePort, 'PUSHER_PORT'),
    },
    realtimePort,
    realtimeMaxConnectionsPerIp: int(env.REALTIME_MAX_CONNECTIONS_PER_IP, 50, 'REALTIME_MAX_CONNECTIONS_PER_IP'),
    firebasePort: int(env.FIREBASE_PORT, 9000, 'FIREBASE_PORT'),
    embeddedRealtime: env.EMBEDDED_REALTIME !== 'false',
    embeddedLocation: env.EMBEDDED_LOCATION !== 'false',
    smtpUrl: optional(env.SMTP_URL),
    mailFrom: str(env.MAIL_FROM, 'Marketplace <no-reply@marketplace.local>'),
    stripeSecretKey: optional(env.STRIPE_SECRET_KEY),
    logLevel: str(env.LOG_LEVEL, 'info'),
    appKey: str(env.APP_KEY, PUBLIC_SECRETS.APP_KEY),
    maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 5 * 1024 * 1024, 'MAX_UPLOAD_BYTES'),
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    requestTimeoutMs: seconds(env.REQUEST_TIMEOUT_SECONDS, 120, 'REQUEST_TIMEOUT_SECONDS'),
    sessionLifetimeMs: days(env.SESSION_LIFETIME_DAYS, 30, 'SESSION_LIFETIME_DAYS'),
    sessionIdleMs: days(env.SESSION_IDLE_DAYS, 7, 'SESSION_IDLE_DAYS'),
    redisUrl: optional(env.REDIS_URL),
    redisPrefix: str(env.REDIS_PREFIX, 'marketplace:'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    firebaseServiceAccount: optional(env.FIREBASE_SERVICE_ACCOUNT),
    locationTokenSecret: locationSecret(env, str(env.APP_KEY, PUBLIC_SECRETS.APP_KEY)),
    sandboxLedgerPath: path.resolve(str(env.SANDBOX_LEDGER_PATH, path.join(path.dirname(sqlitePath), 'sandbox-ledger.db'))),
    sandboxLatencyMs: int(env.SANDBOX_LATENCY_MS, 0, 'SANDBOX_LATENCY_MS'),
    requestExpiryMs: seconds(env.REQUEST_EXPIRY_SECONDS, 24 * 60 * 60, 'REQUEST_EXPIRY_SECONDS'),
    jobSweepIntervalMs: seconds(env.JOB_SWEEP_INTERVAL_SECONDS, 60, 'JOB_SWEEP_INTERVAL_SECONDS'),
    orphanChargeGraceMs: int(env.ORPHAN_CHARGE_GRACE_SECONDS, 300, 'ORPHAN_CHARGE_GRACE_SECONDS') * 1000,
    appUrl: str(env.APP_URL, appOrigins[0] ?? 'http://localhost:3000').replace(/\/+$/, ''),
  };
}
