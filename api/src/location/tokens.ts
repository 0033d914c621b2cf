/**
 * Tokens that let a browser read or write the location database (issue 10, items 8 to 10).
 *
 * The rules (api/firebase/database.rules.json) key on three things of the signed-in Firebase user:
 * `auth.uid` (the marketplace user id as a string), `auth.token.role` ('Customer' or 'Provider') and
 * `auth.token.follows` (for a customer, the ids of the providers of their Accepted jobs, comma
 * separated), and, for following, `auth.token.auth_time` within the last hour (the claims are fixed
 * when the token is minted, so a customer must come back for a new token, with the jobs as they are
 * then, at least hourly). The same claims are minted in both modes:
 *
 * - firebase: a Firebase custom token (`firebase-admin`, `createCustomToken(uid, claims)`, signed
 *   locally with the service account's key); the browser exchanges it with `signInWithCustomToken`.
 * - embedded: a JWT signed with HS256 and the secret the embedded firebase-server checks
 *   (`setAuthSecret`); the browser hands it to `connectDatabaseEmulator(..., { mockUserToken })`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema.js';

export type LocationTokenMode = 'embedded' | 'firebase';

export interface LocationClaims {
  role: Role;
  /** Providers this user may follow: ids of the providers of the customer's Accepted jobs, comma separated. */
  follows: string;
}

export interface MintedToken {
  token: string;
  expiresAt: Date;
}

export interface TokenMinter {
  readonly mode: LocationTokenMode;
  mint(uid: string, claims: LocationClaims, now: Date): Promise<MintedToken>;
  close(): Promise<void>;
}

/** Statuses during which the customer follows the provider (Approved is the legacy name of Accepted). */
export const FOLLOWABLE_STATUSES = ['Accepted', 'Approved'] as const;

/** At most this many providers are listed in `follows` (a custom token's claims must stay under 1000 bytes). */
export const MAX_FOLLOWS = 50;

/** An embedded token is valid for an hour, as a Firebase custom token is; the browser asks for a new one before. */
export const EMBEDDED_TOKEN_TTL_SECONDS = 60 * 60;

/** The providers of the customer's Accepted jobs, most recently changed first, without repeats. */
export async function followedProviderIds(db: Kysely<Database>, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('provider_id')
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...FOLLOWABLE_STATUSES])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return [...new Set(rows.map((r) => Number(r.provider_id)))].slice(0, MAX_FOLLOWS);
}

export async function claimsFor(
  db: Kysely<Database>,
  user: { id: number; role: Role },
): Promise<{ claims: LocationClaims; follows: number[] }> {
  const follows = user.role === 'Customer' ? await followedProviderIds(db, user.id) : [];
  return { claims: { role: user.role, follows: follows.join(',') }, follows };
}

// ------------------------------------------------------------------ embedded (HS256)

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

/** A JWT (HS256) as firebase-server's token validator accepts it: `sub` is the uid, `iat`/`exp` bound it. */
export function signEmbeddedToken(
  uid: string,
  claims: LocationClaims,
  secret: string,
  now: Date,
  ttlSeconds = EMBEDDED_TOKEN_TTL_SECONDS,
): MintedToken {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  // auth_time as Firebase ID tokens carry it: the rules let a customer follow for an hour after it.
  const payload = base64url(JSON.stringify({ sub: uid, user_id: uid, iat, exp, auth_time: iat, ...claims }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return { token: `${header}.${payload}.${signature}`, expiresAt: new Date(exp * 1000) };
}

/** Checks an embedded token's signature and times; answers its payload, or null. */
export function verifyEmbeddedToken(token: string, secret: string, now: Date): Record<string, unknown> | null {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (head.alg !== 'HS256') return null;
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const seconds = now.getTime() / 1000;
    if (typeof body.iat !== 'number' || typeof body.exp !== 'number' || seconds < body.iat || seconds > body.exp) return null;
    return body;
  } catch {
    return null;
  }
}

export function embeddedMinter(secret: string): TokenMinter {
  return {
    mode: 'embedded',
    mint: async (uid, claims, now) => signEmbeddedToken(uid, claims, secret, now),
    close: async () => undefined,
  };
}

// ------------------------------------------------------------------ firebase (firebase-admin)

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
}

/** Parses FIREBASE_SERVICE_ACCOUNT (the JSON key file's content); a clear error when it is not one. */
export function parseServiceAccount(json: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('FIREBASE_SERVICE_ACCOUNT must hold the JSON of a Firebase service account key (it is not JSON).');
  }
  const account = parsed as Partial<ServiceAccount> | null;
  const missing = (['project_id', 'client_email', 'private_key'] as const).filter(
    (k) => typeof account?.[k] !== 'string' || !account[k],
  );
  if (missing.length) {
    throw new Error(
      `FIREBASE_SERVICE_ACCOUNT must hold the JSON of a Firebase service account key (missing ${missing.join(', ')}).`,
    );
  }
  return account as ServiceAccount;
}

/** A custom token is valid for one hour for the exchange (Firebase's fixed lifetime). */
const CUSTOM_TOKEN_TTL_MS = 60 * 60 * 1000;
let adminApps = 0;

export function firebaseMinter(serviceAccountJson: string): TokenMinter {
  const account = parseServiceAccount(serviceAccountJson);
  // firebase-admin is loaded on first use only: the embedded default never loads it.
  let auth: Promise<{ createCustomToken(uid: string, claims?: object): Promise<string>; close(): Promise<void> }> | null = null;
  const load = () =>
    (auth ??= (async () => {
      const { initializeApp, cert, deleteApp } = await import('firebase-admin/app');
      const { getAuth } = await import('firebase-admin/auth');
      const app = initializeApp(
        {
          credential: cert({ projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key }),
          projectId: account.project_id,
        },
        `marketplace-location-${adminApps++}`,
      );
      const adminAuth = getAuth(app);
      return {
        createCustomToken: (uid: string, claims?: object) => adminAuth.createCustomToken(uid, claims),
        close: () => deleteApp(app),
      };
    })());
  return {
    mode: 'firebase',
    async mint(uid, claims, now) {
      const token = await (await load()).createCustomToken(uid, { ...claims });
      return { token, expiresAt: new Date(now.getTime() + CUSTOM_TOKEN_TTL_MS) };
    },
    async close() {
      if (auth) await (await auth).close().catch(() => undefined);
    },
  };
}

/** firebase when a service account is configured, the embedded server otherwise. */
export function createTokenMinter(config: { firebaseServiceAccount: string | null; locationTokenSecret: string }): TokenMinter {
  return config.firebaseServiceAccount
    ? firebaseMinter(config.firebaseServiceAccount)
    : embeddedMinter(config.locationTokenSecret);
}
