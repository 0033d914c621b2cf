/** @jest-environment-options {"timezone": "Asia/Kolkata"} */
import { BOOKING_WHEN_MESSAGES, bookingWhenProblem, localDay, localTime } from './bookingWhen';

// The booking form's 'today' is the customer's own day. In Kolkata (UTC+5:30) it starts five and a half
// hours before UTC's: a check on the UTC date (toISOString) would let yesterday through, and only a test
// in this zone can tell.

describe("the booking form's day in Kolkata", () => {
  const justAfterMidnight = new Date('2026-11-27T18:40:00.000Z'); // November 28th, 12:10 am in Kolkata

  it('is the local day, already the 28th while UTC is still on the 27th', () => {
    expect(localDay(justAfterMidnight)).toBe('2026-11-28');
    expect(localDay(new Date('2026-11-27T18:29:59.999Z'))).toBe('2026-11-27');
  });

  it('refuses the day that has just ended and takes the new one', () => {
    const today = localDay(justAfterMidnight);
    expect(bookingWhenProblem({ date: '2026-11-27' }, today)).toEqual({ field: 'date', message: BOOKING_WHEN_MESSAGES.datePast });
    expect(bookingWhenProblem({ date: '2026-11-28', day: '2026-11' }, today)).toBeNull();
  });

  it("refuses a time of today before the local time of day, not the minute itself nor another day's", () => {
    const today = localDay(justAfterMidnight);
    const now = localTime(justAfterMidnight);
    expect(now).toBe('00:10');
    const timePast = { field: 'time', message: BOOKING_WHEN_MESSAGES.timePast };
    expect(bookingWhenProblem({ date: '2026-11-28', time: '00:09' }, today, now)).toEqual(timePast);
    expect(bookingWhenProblem({ date: '2026-11-28', time: '00:10' }, today, now)).toBeNull();
    expect(bookingWhenProblem({ date: '2026-11-29', time: '00:00' }, today, now)).toBeNull();
    expect(bookingWhenProblem({ date: null, time: '00:00' }, today, now)).toBeNull();
  });
});
