import { createHash } from 'node:crypto';
import type { BookingChoices } from './bookingFingerprint.js';

/** What makes two of a customer's bookings the same one: the driver, the service, the time and the addresses. */
export type SameBookingChoices = Pick<
  BookingChoices,
  'provider_id' | 'service_id' | 'address' | 'destination_address' | 'day' | 'date' | 'time' | 'custom_time'
>;

/**
 * An address as the same-booking guard compares it: letters of either case, and runs of spaces, commas and
 * full stops, are one ('12 Main St.,  Pune' is '12 main st pune'), so a retyped address is still the same.
 */
export function addressForComparison(address: string): string {
  return address
    .toLocaleLowerCase('en')
    .replace(/[\s.,]+/g, ' ')
    .trim();
}

/** A digest of the choices that make a booking the same one (a booking being paid for is found by it). */
export function sameBookingKey(choices: SameBookingChoices): string {
  const chosen = [
    choices.provider_id,
    choices.service_id,
    choices.day ?? null,
    choices.date ?? null,
    choices.time ?? null,
    choices.custom_time ?? null,
    addressForComparison(choices.address),
    addressForComparison(choices.destination_address),
  ];
  return createHash('sha256').update(JSON.stringify(chosen)).digest('base64url');
}
