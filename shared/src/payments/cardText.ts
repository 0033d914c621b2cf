import type { PaymentMethod } from '../contracts';

/**
 * How a saved card is named on every screen. Imported by path (shared/src/payments/cardText): only
 * the screens that show cards load it.
 */

/** 'Visa •••• 4242': a saved card by its brand and masked last four. */
export const cardLabel = (card: Pick<PaymentMethod, 'card_brand' | 'card_last4'>) => `${card.card_brand} •••• ${card.card_last4}`;

/** '12/30': the card's expiry as printed on it (month and year), or null when the card provider did not say. */
export function cardExpiry(card: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string | null {
  const { exp_month: month, exp_year: year } = card;
  if (!month || !year) return null;
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** 'Visa •••• 4242 (expires 12/30)': the card named so that two cards of one brand and last four differ. */
export function cardFullName(card: PaymentMethod): string {
  const expiry = cardExpiry(card);
  return expiry ? `${cardLabel(card)} (expires ${expiry})` : cardLabel(card);
}
