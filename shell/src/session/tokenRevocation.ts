import { apiClient, isRetryableFailure } from 'shared';
import { KEPT_REVOCATIONS_KEY as KEY } from './keptRevocations';

/**
 * Tokens of sessions signed out here whose revocation got no answer (offline, a server fault): kept in this
 * browser, where the session's token was kept until then, and revoked when it can be, so that a Logout made
 * offline does not leave its token valid on the server until it expires.
 */
/** A few at most: each one is a Logout made while the API could not be reached. */
const MAX_KEPT = 5;

function readKept(): string[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((token): token is string => typeof token === 'string' && token !== '') : [];
  } catch {
    return [];
  }
}

function writeKept(tokens: string[]): void {
  try {
    if (tokens.length > 0) localStorage.setItem(KEY, JSON.stringify(tokens.slice(-MAX_KEPT)));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the token stays valid until it expires, as without this */
  }
}

const keep = (token: string) => writeKept([...readKept().filter((kept) => kept !== token), token]);
const forget = (token: string) => writeKept(readKept().filter((kept) => kept !== token));

/** Revokes a signed-out session's token; kept to be tried again when the API could not answer. */
export async function revokeToken(token: string): Promise<void> {
  try {
    await apiClient.post('/api/auth/logout', undefined, {
      silent: true,
      ignoreSessionExpiry: true,
      headers: { Authorization: `Bearer ${token}` },
    });
    forget(token);
  } catch (error) {
    // A refusal (401: the token is already over) needs nothing more.
    if (isRetryableFailure(error)) keep(token);
    else forget(token);
  }
}

/** Tries again the revocations that got no answer (the app started again, the browser back online). */
export function revokeKeptTokens(): Promise<void> {
  return Promise.all(readKept().map(revokeToken)).then(() => undefined);
}
