import { createHash } from 'node:crypto';

/** What a customer chose in a booking: the same Idempotency-Key sent with other choices is another booking. */
export interface BookingChoices {
  provider_id: number;
  service_id: number;
  address: string;
  destination_address: string;
  day?: string | null;
  date?: string | null;
  time?: string | null;
  custom_time?: string | null;
  lat?: number | null;
  lng?: number | null;
  destination_lat?: number | null;
  destination_lng?: number | null;
  payment_method_id: number;
}

/**
 * A digest of a booking's choices, kept with its charge. The CVV, the price seen and the time zone are
 * left out: a retry may carry another CVV typed again, and neither changes what is booked.
 */
export function bookingFingerprint(choices: BookingChoices): string {
  const text = (value: string | null | undefined) => value?.trim() || null;
  const chosen = [
    choices.provider_id,
    choices.service_id,
    choices.address.trim(),
    choices.destination_address.trim(),
    text(choices.day),
    text(choices.date),
    text(choices.time),
    text(choices.custom_time),
    choices.lat ?? null,
    choices.lng ?? null,
    choices.destination_lat ?? null,
    choices.destination_lng ?? null,
    choices.payment_method_id,
  ];
  return createHash('sha256').update(JSON.stringify(chosen)).digest('base64url');
}
