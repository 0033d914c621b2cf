/** Where tokenRevocation.ts keeps the tokens whose revocation is still to be made. */
export const KEPT_REVOCATIONS_KEY = 'tokensToRevoke';

/**
 * Whether a Logout's revocation is still to be made: asked at start-up and when the browser is back online,
 * so that the code that makes it (and the API client) is loaded only then.
 */
export function hasKeptRevocations(): boolean {
  try {
    return localStorage.getItem(KEPT_REVOCATIONS_KEY) !== null;
  } catch {
    return false;
  }
}
