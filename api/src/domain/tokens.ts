import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 256 random bits, base64url. Only its SHA-256 is stored. */
export function newBearerToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a bearer token lives: an absolute lifetime from its issue, and an idle timeout from its last use. */
export interface SessionPolicy {
  lifetimeMs: number;
  idleMs: number;
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

const toMs = (t: Date | string): number => (t instanceof Date ? t.getTime() : Date.parse(t));

/** When a token stops working: the earlier of its lifetime's end and its idle timeout's end. */
export function sessionExpiresAt(
  token: { created_at: Date | string; last_used_at: Date | string | null },
  policy: SessionPolicy,
): number {
  const created = toMs(token.created_at);
  const lastUsed = token.last_used_at === null ? created : toMs(token.last_used_at);
  return Math.min(created + policy.lifetimeMs, lastUsed + policy.idleMs);
}

/**
 * Whether a use of the token at `now` should be recorded: at most once a minute (or a tenth of the
 * idle timeout when that is shorter), so the idle clock is exact to that and reads stay reads.
 */
export function shouldRecordUse(
  lastUsed: Date | string | null,
  created: Date | string,
  now: number,
  policy: SessionPolicy,
): boolean {
  const last = lastUsed === null ? toMs(created) : toMs(lastUsed);
  return now - last >= Math.min(60_000, policy.idleMs / 10);
}
