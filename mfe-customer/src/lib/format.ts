import type { PaymentMethod } from 'shared';

/** The placeholder rating of spec section 9, shown when there is no real one. */
export const PLACEHOLDER_RATING = 4.0;

/** A rating with one decimal, e.g. "4.0" or "4.3": the real value when there is one, else 4.0. */
export function ratingText(rating: number | null | undefined): string {
  const value = typeof rating === 'number' && Number.isFinite(rating) && rating > 0 ? rating : PLACEHOLDER_RATING;
  return value.toFixed(1);
}

/** The default card: the one the API marks as default, else the first (spec section 9). */
export function defaultCard(cards: readonly PaymentMethod[]): PaymentMethod | null {
  return cards.find((c) => c.is_default) ?? cards[0] ?? null;
}
