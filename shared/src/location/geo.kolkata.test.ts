/** @jest-environment-options {"timezone": "Asia/Kolkata"} */
import { formatClock } from './geo';

// The map's 'last update' time is the customer's own clock time, not UTC's (geo.test.ts runs in UTC,
// where the two cannot be told apart).
it("shows the provider's last update in the customer's time zone", () => {
  expect(formatClock(Date.UTC(2025, 5, 15, 9, 5, 7))).toBe('2:35:07 pm');
  expect(formatClock(Date.UTC(2025, 5, 15, 18, 45, 0))).toBe('12:15:00 am');
});
