/**
 * The Idempotency-Key of a booking attempt (the API books and charges a key once). A Submit & Pay whose
 * outcome is unknown (no answer, or a server fault a gateway may send for a booking that was made) keeps
 * its key in this tab, per driver and service, until an answer settles it: the form opened again, or the
 * page reloaded, sends that key, so the API answers the booking already made instead of making a second
 * one (or, sent with other choices, says that the first went through).
 */

const storageName = (providerId: number, serviceId: number) => `bookingAttemptUnsettled:${providerId}:${serviceId}`;

export function newAttemptKey(): string {
  return `booking-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The key of an attempt at this booking whose outcome is unknown, or a new one. */
export function attemptKeyFor(providerId: number, serviceId: number): string {
  try {
    const kept = sessionStorage.getItem(storageName(providerId, serviceId));
    if (kept) return kept;
  } catch {
    /* storage unavailable: a new key, as when nothing is kept */
  }
  return newAttemptKey();
}

/** Keeps the key of an attempt whose outcome is unknown, for the next attempt at this booking. */
export function keepUnsettledAttempt(providerId: number, serviceId: number, key: string): void {
  try {
    sessionStorage.setItem(storageName(providerId, serviceId), key);
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
