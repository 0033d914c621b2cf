/** @jest-environment-options {"timezone": "America/Los_Angeles"} */
import { BOOKING_WHEN_MESSAGES, bookingWhenProblem, localDay } from './bookingWhen';

// In Los Angeles (UTC-8) the evening is already tomorrow in UTC: a check on the UTC date would refuse
// today's booking made after 4 pm. Only a test in this zone can tell.

describe("the booking form's day in Los Angeles", () => {
  const lateEvening = new Date('2026-11-28T07:50:00.000Z'); // November 27th, 11:50 pm in Los Angeles

  it('is the local day, still the 27th while UTC is on the 28th', () => {
    expect(localDay(lateEvening)).toBe('2026-11-27');
  });

  it("takes today's date and month late in the evening", () => {
    expect(bookingWhenProblem({ date: '2026-11-27', day: '2026-11' }, localDay(lateEvening))).toBeNull();
    expect(bookingWhenProblem({ date: '2026-11-26' }, localDay(lateEvening))).toEqual({
      field: 'date',
      message: BOOKING_WHEN_MESSAGES.datePast,
    });
  });

  it('is the local day on the days clocks change', () => {
    expect(localDay(new Date('2026-03-08T07:59:00.000Z'))).toBe('2026-03-07'); // 11:59 pm PST
    expect(localDay(new Date('2026-03-08T08:00:00.000Z'))).toBe('2026-03-08'); // midnight PST
    expect(localDay(new Date('2026-11-02T07:59:00.000Z'))).toBe('2026-11-01'); // 11:59 pm PST
    expect(localDay(new Date('2026-11-02T08:00:00.000Z'))).toBe('2026-11-02'); // midnight PST
  });
});
