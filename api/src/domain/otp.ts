import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** At most this many OTP requests per email within OTP_REQUEST_WINDOW_MS. */
export const OTP_MAX_REQUESTS = 3;
export const OTP_REQUEST_WINDOW_MS = 15 * 60 * 1000;

/** A 6-digit code from a CSPRNG, zero-padded. */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Keyed hash of a code, bound to the reset record's user, so a leaked table does not leak codes. */
export function hashOtp(code: string, userId: number, secret: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

export interface OtpRecord {
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
}

export type OtpCheck = 'ok' | 'expired' | 'used' | 'locked' | 'mismatch';

/** Decides a submitted code against the latest reset record. Does not mutate; the caller records the outcome. */
export function checkOtp(record: OtpRecord, submittedHash: string, now: Date): OtpCheck {
  if (record.used_at) return 'used';
  if (new Date(record.expires_at).getTime() <= now.getTime()) return 'expired';
  if (record.attempts >= OTP_MAX_ATTEMPTS) return 'locked';
  const a = Buffer.from(record.code_hash, 'hex');
  const b = Buffer.from(submittedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'mismatch';
}
