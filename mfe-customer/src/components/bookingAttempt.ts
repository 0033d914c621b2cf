/**
 * The Idempotency-Key of a booking attempt (the API books and charges a key once). An attempt is kept
 * in this tab, per driver and service, from the moment it is sent until an answer settles it: one whose
 * outcome is unknown (no answer, a server fault a gateway may send for a booking that was made, or the
 * page reloaded or closed while it was on its way) gives its key to the next attempt at that booking,
 * in the form opened again or the page reloaded, so the API answers the booking already made instead of
 * making a second one (or, sent with other choices, says that the first went through). After a while
 * the customer is taken to have moved on, and a new booking gets a new key.
 */

/** How long an unsettled attempt's key is given to the next attempt at the same booking. */
export const UNSETTLED_ATTEMPT_KEPT_MS = 60 * 60 * 1000;

const storageName = (providerId: number, serviceId: number) => `bookingAttemptUnsettled:${providerId}:${serviceId}`;

export function newAttemptKey(): string {
  return `booking-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The key of an attempt at this booking whose outcome is unknown and still kept, else null. */
function keptAttemptKey(providerId: number, serviceId: number): string | null {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(storageName(providerId, serviceId)) ?? 'null');
    if (kept && typeof kept === 'object') {
      const { key, at } = kept as { key?: unknown; at?: unknown };
      if (typeof key === 'string' && typeof at === 'number' && Date.now() - at < UNSETTLED_ATTEMPT_KEPT_MS) return key;
    }
  } catch {
    /* storage unavailable or unreadable: as when nothing is kept */
  }
  return null;
}

/** The key of an attempt at this booking whose outcome is unknown, or a new one. */
export function attemptKeyFor(providerId: number, serviceId: number): string {
  return keptAttemptKey(providerId, serviceId) ?? newAttemptKey();
}

/** Whether an attempt at this booking was sent and never answered (the page was left, or no answer came). */
export function hasUnsettledAttempt(providerId: number, serviceId: number): boolean {
  return keptAttemptKey(providerId, serviceId) !== null;
}

/** Keeps the key of an attempt being sent (its outcome unknown until answered) for the next attempt at this booking. */
export function keepUnsettledAttempt(providerId: number, serviceId: number, key: string): void {
  try {
    sessionStorage.setItem(storageName(providerId, serviceId), JSON.stringify({ key, at: Date.now() }));
  } catch {
    /* storage unavailable: the open form still keeps the key */
  }
}

/** The attempt at this booking was answered (booked, or refused): its key is not sent again. */
export function settleAttempt(providerId: number, serviceId: number): void {
  try {
    sessionStorage.removeItem(storageName(providerId, serviceId));
  } catch {
    /* storage unavailable: nothing was kept */
  }
}
