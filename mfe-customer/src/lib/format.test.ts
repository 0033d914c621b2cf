import { defaultCard, ratingText } from './format';

describe('customer formatting', () => {
  it('shows the real average rating with one decimal, else the spec placeholder 4.0', () => {
    expect(ratingText(null)).toBe('4.0');
    expect(ratingText(undefined)).toBe('4.0');
    expect(ratingText(4.333)).toBe('4.3');
    expect(ratingText(5)).toBe('5.0');
  });

  it('takes the card the API marks as default, else the first, else none', () => {
    const a = { id: 1, card_brand: 'Visa', card_last4: '4242' };
    const b = { id: 2, card_brand: 'Mastercard', card_last4: '4444', is_default: true };
    expect(defaultCard([a, b])).toBe(b);
    expect(defaultCard([a])).toBe(a);
    expect(defaultCard([])).toBeNull();
  });
});
