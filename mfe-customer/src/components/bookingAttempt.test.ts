import { attemptKeyFor, keepUnsettledAttempt, settleAttempt, UNSETTLED_ATTEMPT_KEPT_MS } from './bookingAttempt';

describe('the key of a booking attempt whose outcome is unknown', () => {
  afterEach(() => {
    sessionStorage.clear();
    jest.restoreAllMocks();
  });

  it('is given to the next attempt at the same driver and service only, until settled', () => {
    keepUnsettledAttempt(20, 1, 'booking-lost-answer');
    expect(attemptKeyFor(20, 1)).toBe('booking-lost-answer');
    expect(attemptKeyFor(20, 2)).not.toBe('booking-lost-answer');
    expect(attemptKeyFor(21, 1)).not.toBe('booking-lost-answer');
    settleAttempt(20, 1);
    expect(attemptKeyFor(20, 1)).toMatch(/^booking-[a-z0-9-]{8,}$/);
    expect(attemptKeyFor(20, 1)).not.toBe('booking-lost-answer');
  });

  it('is not given any more once the customer has long moved on', () => {
    const sent = Date.now();
    keepUnsettledAttempt(20, 1, 'booking-lost-answer');
    jest.spyOn(Date, 'now').mockReturnValue(sent + UNSETTLED_ATTEMPT_KEPT_MS - 1000);
    expect(attemptKeyFor(20, 1)).toBe('booking-lost-answer');
    jest.spyOn(Date, 'now').mockReturnValue(sent + UNSETTLED_ATTEMPT_KEPT_MS + 1000);
    expect(attemptKeyFor(20, 1)).not.toBe('booking-lost-answer');
  });
});
