/** @jest-environment-options {"timezone": "America/Los_Angeles"} */
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { BookingModal } from './BookingModal';
import { renderScreen } from '../testing/renderScreen';
import { fakeApi, ok } from '../testing/fakeApi';
import { ravi, visa } from '../testing/fixtures';
import { setupScreenTest } from '../testing/screenTest';

// The Booking Details dialog left open across midnight, with nothing typed (no redraw): the date picker's
// and the month picker's first choosable day follow the local day, at local midnight. In Los Angeles, where
// the local day is not the UTC day, and across the night the clocks go forward (March 8th 2026: that day
// has 23 hours, so a timer of 24 hours would be an hour late).

function Opener() {
  const [open, setOpen] = useState(true);
  return open ? (
    <BookingModal
      serviceId={1}
      provider={ravi}
      onClose={() => setOpen(false)}
      onDone={() => setOpen(false)}
      readDriverAgain={() => undefined}
    />
  ) : null;
}

const minimums = () => {
  const dialog = screen.getByRole('dialog', { name: 'Booking Details' });
  return {
    day: within(dialog).getByLabelText('Select day').getAttribute('min'),
    date: within(dialog).getByLabelText('Select date').getAttribute('min'),
  };
};

const passes = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

describe('Booking Details left open past midnight in Los Angeles', () => {
  setupScreenTest();
  afterEach(() => jest.useRealTimers());

  it('moves the earliest day and month at local midnight, without a redraw, and on the 23-hour day as well', async () => {
    jest.useFakeTimers({ now: new Date(2026, 1, 28, 23, 59, 30) }); // February 28th, 11:59:30 pm local
    fakeApi({ 'GET /api/payment-methods': ok([visa]) });
    renderScreen(<Opener />, { path: '/providerprofile', state: { serviceId: 1, providerId: ravi.id } });
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(minimums()).toEqual({ day: '2026-02', date: '2026-02-28' });

    passes(29 * SECOND);
    expect(minimums()).toEqual({ day: '2026-02', date: '2026-02-28' });
    passes(1 * SECOND);
    expect(minimums()).toEqual({ day: '2026-03', date: '2026-03-01' });

    // A week on, at midnight of March 8th, the day the clocks go forward at 2 am.
    passes(7 * 24 * HOUR);
    expect(minimums()).toEqual({ day: '2026-03', date: '2026-03-08' });
    passes(23 * HOUR - SECOND);
    expect(minimums()).toEqual({ day: '2026-03', date: '2026-03-08' });
    passes(SECOND);
    expect(minimums()).toEqual({ day: '2026-03', date: '2026-03-09' });
  });

  it('a tab shown again after a night asleep (its timers held back) moves to the day it is at once', async () => {
    jest.useFakeTimers({ now: new Date(2026, 4, 31, 22, 0) }); // May 31st, 10 pm local
    fakeApi({ 'GET /api/payment-methods': ok([visa]) });
    renderScreen(<Opener />, { path: '/providerprofile', state: { serviceId: 1, providerId: ravi.id } });
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(minimums()).toEqual({ day: '2026-05', date: '2026-05-31' });
    // The phone slept: the clock moved on to the morning, but no timer has fired yet.
    jest.setSystemTime(new Date(2026, 5, 1, 7, 30));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(minimums()).toEqual({ day: '2026-06', date: '2026-06-01' });
  });
});
