import { DATE_LONG, DATE_SHORT, formatDateLong, formatDateShort, formatPrice, formatRequestedTime } from './format';

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

describe('date formats: details a regression would change (UTC)', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [31, '31st'],
  ])('writes day %i as %s', (day, ordinal) => {
    const iso = `2025-01-${String(day).padStart(2, '0')}T10:00:00Z`;
    expect(formatDateLong(iso)).toBe(`January ${ordinal} 2025, 10:00 am`);
    expect(formatDateShort(iso)).toBe(`Jan ${ordinal} 25, 10:00 am`);
  });

  it.each([
    [formatDateLong, '2025-06-15T00:00:00Z', 'June 15th 2025, 12:00 am'],
    [formatDateLong, '2025-06-15T00:05:00Z', 'June 15th 2025, 12:05 am'],
    [formatDateLong, '2025-06-15T11:59:00Z', 'June 15th 2025, 11:59 am'],
    [formatDateLong, '2025-06-15T12:00:00Z', 'June 15th 2025, 12:00 pm'],
    [formatDateLong, '2025-06-15T12:45:00Z', 'June 15th 2025, 12:45 pm'],
    [formatDateShort, '2025-06-15T13:00:00Z', 'Jun 15th 25, 1:00 pm'],
  ])('writes midnight and noon as 12, with lowercase am/pm: %p(%s)', (format, iso, expected) => {
    expect(format(iso)).toBe(expected);
  });

  it('pads minutes and two-digit years but not hours', () => {
    expect(formatDateLong('2025-03-05T14:07:00Z')).toBe('March 5th 2025, 2:07 pm');
    expect(formatDateShort('2025-03-05T14:07:00Z')).toBe('Mar 5th 25, 2:07 pm');
    expect(formatDateLong('2025-03-05T09:00:00Z')).toBe('March 5th 2025, 9:00 am');
    expect(formatDateShort('2005-09-05T21:09:00Z')).toBe('Sep 5th 05, 9:09 pm');
  });

  it.each([
    ['2025-03-05T14:07:00.000Z', 'March 5th 2025, 2:07 pm'],
    ['2025-03-05T14:07:00.999Z', 'March 5th 2025, 2:07 pm'],
    ['2025-03-05T14:07:00', 'March 5th 2025, 2:07 pm'],
    ['2025-03-05T14:07', 'March 5th 2025, 2:07 pm'],
    ['2025-03-05T14:07:00+02:00', 'March 5th 2025, 12:07 pm'],
    ['2025-03-05T14:07:00.000+0200', 'March 5th 2025, 12:07 pm'],
    ['2025-01-01T01:15:00+02:00', 'December 31st 2024, 11:15 pm'],
    ['2025-03-05T22:30:00-05:00', 'March 6th 2025, 3:30 am'],
    ['2025-03-05', 'March 5th 2025, 12:00 am'],
  ])('reads ISO 8601 with Z, with an offset, without one (local time), with or without milliseconds: %s', (iso, expected) => {
    expect(formatDateLong(iso)).toBe(expected);
  });

  it("reads SQL's local timestamps", () => {
    expect(formatDateShort('2025-03-05 14:07:00')).toBe('Mar 5th 25, 2:07 pm');
    expect(formatDateLong('2024-12-31 23:59:59')).toBe('December 31st 2024, 11:59 pm');
  });

  it('reads epoch milliseconds and Date objects', () => {
    expect(formatDateLong(0)).toBe('January 1st 1970, 12:00 am');
    // 2025-03-05T14:07:00Z
    expect(formatDateLong(1741183620000)).toBe('March 5th 2025, 2:07 pm');
    expect(formatDateShort(new Date(Date.UTC(2025, 11, 31, 12, 0)))).toBe('Dec 31st 25, 12:00 pm');
  });

  it('answers an empty string for missing values, invalid dates and out-of-range fields', () => {
    for (const format of [formatDateLong, formatDateShort]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
      expect(format('not a date')).toBe('');
      expect(format('2025-13-01')).toBe('');
      expect(format('2025-03-05T25:00')).toBe('');
      expect(format('2025-03-05T14:60')).toBe('');
      expect(format('2025-03-05T14:07:00+02:90')).toBe('');
      expect(format(NaN)).toBe('');
      expect(format(new Date('invalid'))).toBe('');
    }
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

describe("formatRequestedTime: the booking form's date, month, time and custom time", () => {
  const asked = (date: string | null, day: string | null, time: string | null, custom_time: string | null) =>
    formatRequestedTime({ date, day, time, custom_time });

  it('writes the date (else the month) and the time as the app writes dates, then the custom time as typed', () => {
    expect(asked('2026-12-01', '2026-12', '09:30', 'after breakfast')).toBe('December 1st 2026, 9:30 am, after breakfast');
    expect(asked('', '2026-11', '21:05', null)).toBe('November 2026, 9:05 pm');
    expect(asked(null, null, '00:15', ' ')).toBe('12:15 am');
    expect(asked(null, null, null, 'any weekday evening')).toBe('any weekday evening');
  });

  it("shows a value that is not an input's format, or not a real day or time, as it was given", () => {
    expect(asked('2026-02-30', null, '25:00', null)).toBe('2026-02-30, 25:00');
    expect(asked('next Friday', null, '9.30', null)).toBe('next Friday, 9.30');
  });

  it('is null when the customer gave nothing', () => {
    expect(asked('', ' ', null, null)).toBeNull();
  });
});
