/**
 * The mark an expired session leaves for the user's other tabs. They hear of the end through authType
 * (saved signed out), which cannot say why: without the mark they showed /login with no word, as after a
 * Logout. Written before authType is, read when it changes; a few seconds old at most.
 */
const KEY = 'sessionExpiredFor';
const FRESH_FOR_MS = 10_000;

export function markSessionExpired(userId: number): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ userId, at: Date.now() }));
  } catch {
    /* storage unavailable: the other tabs sign out without the message */
  }
}

/** Whether `userId`'s session was just ended as expired (in any tab of this browser). */
export function sessionJustExpiredFor(userId: number): boolean {
  try {
    const mark = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { userId?: unknown; at?: unknown } | null;
    return mark?.userId === userId && typeof mark.at === 'number' && Date.now() - mark.at < FRESH_FOR_MS;
  } catch {
    return false;
  }
}
