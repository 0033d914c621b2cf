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

  it('refuses a past time with only a month when today is its last day: no day of it is left', () => {
    const lastOfNovember = new Date('2026-11-30T01:00:00.000Z'); // November 30th, 6:30 am in Kolkata
    const today = localDay(lastOfNovember);
    const now = localTime(lastOfNovember);
    const timePast = { field: 'time', message: BOOKING_WHEN_MESSAGES.timePast };
    expect(bookingWhenProblem({ day: '2026-11', date: null, time: '06:29' }, today, now)).toEqual(timePast);
    expect(bookingWhenProblem({ day: '2026-11', date: null, time: '06:30' }, today, now)).toBeNull();
    expect(bookingWhenProblem({ day: '2026-12', date: null, time: '00:05' }, today, now)).toBeNull();
    // Earlier in the month, a later day of it may still be meant.
    const midNovember = localDay(new Date('2026-11-15T01:00:00.000Z'));
    expect(bookingWhenProblem({ day: '2026-11', date: null, time: '00:05' }, midNovember, now)).toBeNull();
    // February's last day, in a leap year and not.
    expect(bookingWhenProblem({ day: '2028-02', time: '00:05' }, '2028-02-29', now)).toEqual(timePast);
    expect(bookingWhenProblem({ day: '2027-02', time: '00:05' }, '2027-02-28', now)).toEqual(timePast);
    expect(bookingWhenProblem({ day: '2028-02', time: '00:05' }, '2028-02-28', now)).toBeNull();
  });
});

describe('a day, date or time typed as text (a browser without the month, date or time input)', () => {
  const today = '2026-11-28';

  it('is refused for its format, before any check of the past', () => {
    expect(bookingWhenProblem({ day: '12/2026' }, today)).toEqual({ field: 'day', message: BOOKING_WHEN_MESSAGES.dayFormat });
    expect(bookingWhenProblem({ day: 'December 2026' }, today)).toEqual({
      field: 'day',
      message: BOOKING_WHEN_MESSAGES.dayFormat,
    });
    expect(bookingWhenProblem({ date: '28/11/2026' }, today)).toEqual({
      field: 'date',
      message: BOOKING_WHEN_MESSAGES.dateFormat,
    });
    expect(bookingWhenProblem({ date: '2026-02-30' }, today)).toEqual({
      field: 'date',
      message: BOOKING_WHEN_MESSAGES.dateFormat,
    });
    expect(bookingWhenProblem({ time: '6pm' }, today)).toEqual({ field: 'time', message: BOOKING_WHEN_MESSAGES.timeFormat });
    expect(bookingWhenProblem({ day: '2026-12', date: '2026-12-01', time: '18:00' }, today)).toBeNull();
  });
});
