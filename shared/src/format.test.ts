import { DATE_LONG, DATE_SHORT, formatDateLong, formatDateShort, formatPrice } from './format';

describe('date formats of spec section 9 (UTC)', () => {
  it('uses the exact patterns', () => {
    expect(DATE_LONG).toBe('MMMM Do YYYY, h:mm a');
    expect(DATE_SHORT).toBe('MMM Do YY, h:mm a');
  });

  it("formats like 'MMMM Do YYYY, h:mm a'", () => {
    expect(formatDateLong('2025-03-05T14:07:00Z')).toBe('March 5th 2025, 2:07 pm');
    expect(formatDateLong('2024-11-22T00:30:00Z')).toBe('November 22nd 2024, 12:30 am');
  });

  it("formats like 'MMM Do YY, h:mm a'", () => {
    expect(formatDateShort('2025-03-01T09:05:00Z')).toBe('Mar 1st 25, 9:05 am');
    expect(formatDateShort(new Date(Date.UTC(2023, 0, 23, 23, 59)))).toBe('Jan 23rd 23, 11:59 pm');
  });

  it('answers an empty string for a missing or invalid date instead of "Invalid date"', () => {
    expect(formatDateLong(null)).toBe('');
    expect(formatDateLong(undefined)).toBe('');
    expect(formatDateShort('not a date')).toBe('');
  });
});

describe('prices of spec section 9', () => {
  it('prefixes prices with $', () => {
    expect(formatPrice(500)).toBe('$500');
    expect(formatPrice(20)).toBe('$20');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice('10.00')).toBe('$10');
  });

  it('shows $0 for a missing price', () => {
    expect(formatPrice(null)).toBe('$0');
    expect(formatPrice('abc')).toBe('$0');
  });
});

describe('API date strings', () => {
  it('reads SQL-style timestamps too', () => {
    expect(formatDateLong('2025-03-05 14:07:00')).toBe('March 5th 2025, 2:07 pm');
  });
});
