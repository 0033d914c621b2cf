/**
 * Pure helpers of the Pusher protocol (version 7) and of the Pusher HTTP API's request signing.
 * Kept free of I/O so that they can be reasoned about and tested on their own.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Channel names Pusher accepts (same rule as the `pusher` SDK's validateChannel). */
const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]+$/;
export const MAX_CHANNEL_NAME_LENGTH = 200;
export const MAX_EVENT_NAME_LENGTH = 200;
/** Pusher's own limit for an event's data. */
export const DEFAULT_MAX_EVENT_BYTES = 10 * 1024;
/** The Pusher HTTP API refuses requests whose auth_timestamp is more than 600 s off. */
export const MAX_CLOCK_SKEW_SECONDS = 600;
/** Pusher's limit of channels in one publish. */
export const MAX_CHANNELS_PER_EVENT = 100;
/** Pusher's limit of events in one batch. */
export const MAX_BATCH_EVENTS = 10;

/**
 * The text of a WebSocket message as `ws` hands it over: a Buffer (the default binaryType), an
 * ArrayBuffer, or the fragments of one message.
 */
export function messageText(raw: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME.test(name);
}

export function isPrivateChannel(name: string): boolean {
  return name.startsWith('private-');
}

export function isPresenceChannel(name: string): boolean {
  return name.startsWith('presence-');
}

export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

export function md5Hex(data: string | Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

/** Constant-time comparison of two strings (length differences are not hidden, as in Pusher's SDKs). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}

/**
 * Checks the `auth` value a client sends with `pusher:subscribe` for a private channel:
 * `key:HMAC-SHA256(secret, "socket_id:channel_name")` (what `pusher.authorizeChannel` returns).
 */
export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon < 0) return false;
  const authKey = auth.slice(0, colon);
  const signature = auth.slice(colon + 1);
  const expected = hmacSha256Hex(secret, `${socketId}:${channel}`);
  // Compare both parts without short-circuiting on the key, so the timing says nothing about either.
  const keyOk = safeEqual(authKey, key);
  const sigOk = safeEqual(signature, expected);
  return keyOk && sigOk;
}

/** Signs a channel the way the `pusher` SDK's authorizeChannel does (used by tests and the bench). */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmacSha256Hex(secret, `${socketId}:${channel}`)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Verifies a signed Pusher HTTP API request (auth_version 1.0):
 * auth_signature = HMAC-SHA256(secret, "METHOD\nPATH\nsorted query without auth_signature"),
 * body_md5 = md5(raw body) when there is a body, auth_key = the app key, auth_timestamp within 600 s.
 */
export function verifyHttpSignature(args: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  key: string;
  secret: string;
  nowSeconds?: number;
}): SignatureCheck {
  const { method, path, query, body, key, secret } = args;
  const signature = query.get('auth_signature');
  const authKey = query.get('auth_key');
  const timestamp = query.get('auth_timestamp');
  const version = query.get('auth_version');
  if (!signature || !authKey || !timestamp || !version) return { ok: false, reason: 'Missing authentication parameters' };
  if (version !== '1.0') return { ok: false, reason: 'Unsupported auth_version' };
  if (!safeEqual(authKey, key)) return { ok: false, reason: 'Unknown auth_key' };
  const ts = Number(timestamp);
  const now = args.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (!Number.isFinite(ts) || Math.abs(now - ts) > MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'Timestamp expired' };
  }
  const bodyMd5 = query.get('body_md5');
  if (body.length > 0) {
    if (!bodyMd5 || !safeEqual(bodyMd5, md5Hex(body))) return { ok: false, reason: 'Invalid body_md5' };
  } else if (bodyMd5 !== null && !safeEqual(bodyMd5, md5Hex(body))) {
    return { ok: false, reason: 'Invalid body_md5' };
  }
  // Query keys are lower-cased and sorted; every parameter but auth_signature is signed, unescaped.
  const pairs: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const [k, v] of query) {
    const lk = k.toLowerCase();
    if (lk === 'auth_signature') continue;
    if (seen.has(lk)) return { ok: false, reason: 'Duplicate query parameter' };
    seen.add(lk);
    pairs.push([lk, v]);
  }
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const queryString = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const expected = hmacSha256Hex(secret, `${method.toUpperCase()}\n${path}\n${queryString}`);
  if (!safeEqual(signature, expected)) return { ok: false, reason: 'Invalid signature' };
  return { ok: true };
}

/** Socket ids have the form "digits.digits" (what pusher-js and the SDK validate). */
export function isValidSocketId(id: unknown): id is string {
  return typeof id === 'string' && /^\d+\.\d+$/.test(id) && id.length <= 64;
}

/** A Pusher frame: `data` is a JSON string for Pusher's own events, as the real service sends it. */
export function frame(event: string, data: unknown, channel?: string): string {
  const payload: { event: string; channel?: string; data: string } = {
    event,
    data: typeof data === 'string' ? data : JSON.stringify(data),
  };
  if (channel !== undefined) payload.channel = channel;
  return JSON.stringify(payload);
}
