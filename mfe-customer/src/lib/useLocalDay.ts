import { useEffect, useRef, useState } from 'react';
import { localDay } from 'shared/src/bookings/bookingWhen';

/** The local midnight that ends `day` (YYYY-MM-DD): by the calendar, as a day may have 23 or 25 hours. */
export function midnightAfter(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + 1);
}

/**
 * Today's local day (YYYY-MM-DD), moved on at local midnight by a timer: a form left open overnight offers
 * the new day as its earliest without waiting for a redraw. The timer is set again for each next midnight;
 * one that fires early (the day has not changed yet) waits again, one that fires late (a sleeping tab)
 * moves to the day it is then. A tab shown again (a phone woken in the morning, whose timers may still
 * be held back) checks the day at once.
 */
export function useLocalDay(): string {
  const [day, setDay] = useState(() => localDay(new Date()));
  const shown = useRef(day);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const now = new Date();
      const current = localDay(now);
      if (current !== shown.current) {
        shown.current = current;
        setDay(current);
      }
      timer = setTimeout(wait, midnightAfter(current).getTime() - now.getTime());
    };
    // At once when the day already changed since it was first read.
    timer = setTimeout(wait, Math.max(0, midnightAfter(shown.current).getTime() - Date.now()));
    const shownAgain = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      wait();
    };
    document.addEventListener('visibilitychange', shownAgain);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shownAgain);
    };
  }, []);
  return day;
}
