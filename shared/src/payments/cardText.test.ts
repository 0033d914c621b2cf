import { cardExpiry, cardFullName, cardLabel } from './cardText';

describe('saved card texts', () => {
  const card = { id: 1, card_brand: 'Visa', card_last4: '4242', exp_month: 3, exp_year: 2031 };

  it('names a card by brand and last four, and its expiry as printed on it', () => {
    expect(cardLabel(card)).toBe('Visa •••• 4242');
    expect(cardExpiry(card)).toBe('03/31');
    expect(cardFullName(card)).toBe('Visa •••• 4242 (expires 03/31)');
  });

  it('leaves the expiry out when the card provider did not give it', () => {
    const unknown = { ...card, exp_month: null, exp_year: null };
    expect(cardExpiry(unknown)).toBeNull();
    expect(cardFullName(unknown)).toBe('Visa •••• 4242');
  });
});
