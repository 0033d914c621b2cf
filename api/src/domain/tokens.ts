import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 256 random bits, base64url. Only its SHA-256 is stored. */
export function newBearerToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
