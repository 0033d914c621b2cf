import { cardBrand, luhnValid } from './luhn.js';

export interface CardInput {
  card_name: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** 'ok' or the decline code the test number stands for (see TEST_CARD_BEHAVIOR). */
  behavior: string;
}

/**
 * Test numbers with a special behaviour, as card processors document them. They tokenise
 * normally (they are valid cards); the charge is what fails, exactly as with Stripe.
 */
export const TEST_CARD_BEHAVIOR: Readonly<Record<string, string>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000127': 'incorrect_cvc',
};

export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  incorrect_cvc: "Your card's security code is incorrect.",
  expired_card: 'Your card has expired.',
};

/** The last time zone on Earth (UTC-12): a month has ended everywhere once it has ended there. */
const LAST_ZONE_OFFSET_MS = -12 * 60 * 60 * 1000;

/**
 * True when a card valid through the end of month/year is expired at `now`. The month ends where the
 * cardholder is, which the processor does not know: a card is refused only once its month has ended
 * everywhere, so nobody west of Greenwich is told on the evening of the 30th that it has expired.
 */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const lastZone = new Date(now.getTime() + LAST_ZONE_OFFSET_MS);
  const year = lastZone.getUTCFullYear();
  const month = lastZone.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/**
 * Checks a card like a processor does when it tokenises one: Luhn, expiry, CVC length for the brand.
 * Answers per-field errors, or the card's brand, last four and behaviour (never the number).
 */
export function checkCard(input: CardInput, now: Date): { errors: Record<string, string[]> } | { card: CheckedCard } {
  const errors: Record<string, string[]> = {};
  const number = input.card_number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !luhnValid(number)) errors.card_number = ['Your card number is incorrect.'];
  const month = Number(input.exp_month);
  let year = Number(input.exp_year);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    errors.exp_month = ["Your card's expiration month is invalid."];
  } else if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) {
    errors.exp_year = ["Your card's expiration year is invalid."];
  } else if (isExpired(month, year, now)) {
    errors.exp_year = ['Your card has expired.'];
  }
  const brand = cardBrand(number);
  const cvcLength = brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) errors.cvc = ["Your card's security code is invalid."];
  if (Object.keys(errors).length > 0) return { errors };
  return {
    card: { brand, last4: number.slice(-4), exp_month: month, exp_year: year, behavior: TEST_CARD_BEHAVIOR[number] ?? 'ok' },
  };
}
