/** @jest-environment-options {"timezone": "America/Los_Angeles"} */
import { formatDateLong, formatDateShort, formatRequestedTime } from './format';

// The same functions as format.test.ts, for a user in Los Angeles (UTC-8, UTC-7 from March 8th to
// November 1st 2026): moments are shown in their time, what a customer typed exactly as typed.

const asked = (date: string | null, time: string | null) => formatRequestedTime({ date, day: null, time, custom_time: null });

afterEach(() => {
  jest.useRealTimers();
});

describe('a moment (created or updated time, a message, a payment) in Los Angeles time', () => {
  it('is written in the local time, on the local day', () => {
    expect(formatDateLong('2026-11-27T11:35:04.529Z')).toBe('November 27th 2026, 3:35 am');
    // Half past five in the morning UTC is still the evening before in Los Angeles.
    expect(formatDateLong('2026-11-28T05:30:00.000Z')).toBe('November 27th 2026, 9:30 pm');
    expect(formatDateShort('2026-11-28T05:30:00.000Z')).toBe('Nov 27th 26, 9:30 pm');
  });

  it('follows daylight saving time on both days the clocks change', () => {
    expect(formatDateLong('2026-03-08T09:59:00.000Z')).toBe('March 8th 2026, 1:59 am');
    expect(formatDateLong('2026-03-08T10:00:00.000Z')).toBe('March 8th 2026, 3:00 am');
    expect(formatDateLong('2026-11-01T08:30:00.000Z')).toBe('November 1st 2026, 1:30 am');
    expect(formatDateLong('2026-11-01T09:30:00.000Z')).toBe('November 1st 2026, 1:30 am');
  });

  it('reads a bare date as that day, not as the evening before (Date reads "YYYY-MM-DD" as UTC)', () => {
    expect(formatDateLong('2026-11-28')).toBe('November 28th 2026, 12:00 am');
    expect(formatDateShort('2026-01-01')).toBe('Jan 1st 26, 12:00 am');
    expect(formatDateLong('2026-02-30')).toBe('');
  });
});

describe("the booking form's date and time, as the customer typed them", () => {
  it('keeps the day and the time near midnight', () => {
    expect(asked('2026-11-28', '00:15')).toBe('November 28th 2026, 12:15 am');
    expect(asked('2026-11-28', '23:30')).toBe('November 28th 2026, 11:30 pm');
    expect(formatRequestedTime({ date: null, day: '2026-12', time: null, custom_time: null })).toBe('December 2026');
  });

  it('writes every time the same on the day the clocks go forward, the hour that day skips included', () => {
    jest.useFakeTimers({ now: new Date('2026-03-08T12:00:00-07:00') });
    expect(asked(null, '01:59')).toBe('1:59 am');
    expect(asked(null, '02:00')).toBe('2:00 am');
    expect(asked(null, '02:30')).toBe('2:30 am');
    expect(asked('2026-03-08', '02:59')).toBe('March 8th 2026, 2:59 am');
    expect(asked(null, '03:00')).toBe('3:00 am');
  });

  it('writes every time the same on the day the clocks go back', () => {
    jest.useFakeTimers({ now: new Date('2026-11-01T12:00:00-08:00') });
    expect(asked('2026-11-01', '01:30')).toBe('November 1st 2026, 1:30 am');
    expect(asked(null, '00:00')).toBe('12:00 am');
    expect(asked(null, '12:00')).toBe('12:00 pm');
  });
});
