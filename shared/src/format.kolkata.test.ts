/** @jest-environment-options {"timezone": "Asia/Kolkata"} */
import { formatDateLong, formatDateShort, formatRequestedTime } from './format';

// The same functions as format.test.ts, for a user in Kolkata (UTC+5:30, no daylight saving).

describe('a moment (created or updated time, a message, a payment) in Kolkata time', () => {
  it('is written in the local time, on the local day', () => {
    expect(formatDateLong('2026-11-27T11:35:04.529Z')).toBe('November 27th 2026, 5:05 pm');
    // Twenty to seven in the evening UTC is already the next day in Kolkata.
    expect(formatDateLong('2026-11-27T18:40:00.000Z')).toBe('November 28th 2026, 12:10 am');
    expect(formatDateShort('2026-11-27T18:40:00.000Z')).toBe('Nov 28th 26, 12:10 am');
  });

  it('reads a bare date as that day', () => {
    expect(formatDateLong('2026-11-28')).toBe('November 28th 2026, 12:00 am');
  });
});

describe("the booking form's date and time, as the customer typed them", () => {
  it('keeps the day and the time near midnight', () => {
    expect(formatRequestedTime({ date: '2026-11-28', day: '2026-11', time: '23:30', custom_time: 'late' })).toBe(
      'November 28th 2026, 11:30 pm, late',
    );
    expect(formatRequestedTime({ date: '2026-11-28', day: null, time: '00:15', custom_time: null })).toBe(
      'November 28th 2026, 12:15 am',
    );
  });
});
