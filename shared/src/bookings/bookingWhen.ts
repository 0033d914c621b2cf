/**
 * When a booking is for (the booking form's Select day, Select date, Select Time): each optional, in the
 * formats the browser's month, date and time inputs give, and not in the past. One module for the
 * booking form and the API (POST /api/jobs), so both say the same. The form checks the customer's own
 * day and time of day (`now` in their time zone); the API works them out from the time zone the form
 * sends, and without one passes only the day before its UTC date, as the customer's day may be that far
 * behind in the westernmost time zones. Imported by path
 * ('shared/src/bookings/bookingWhen'), not from the 'shared' entry: only the booking form needs it.
 */

export const BOOKING_WHEN_MESSAGES = {
  dayFormat: 'The day must be a month (YYYY-MM).',
  dateFormat: 'The date must be a date (YYYY-MM-DD).',
  timeFormat: 'The time must be a time of day (HH:MM).',
  dayPast: 'The month may not be in the past.',
  datePast: 'The date may not be in the past.',
  dateOutsideDay: 'The date is not in the month selected.',
  timePast: 'The time may not be in the past.',
} as const;

export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
export const DATE_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** YYYY-MM-DD of a moment in the local time zone (the booking form's `today`). */
export const localDay = (moment: Date) =>
  `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')}`;

/** HH:MM of a moment in the local time zone (the booking form's time of day now). */
export const localTime = (moment: Date) =>
  `${String(moment.getHours()).padStart(2, '0')}:${String(moment.getMinutes()).padStart(2, '0')}`;

/** YYYY-MM-DD of the last day of a YYYY-MM. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * Whether the booking can only be for today: its date is today, or, with no date, its month's only day
 * left is today. A time with neither a date nor a month is not placed on a day, so it is never past.
 */
const onlyToday = (day: string | null | undefined, date: string | null | undefined, today: string) =>
  date ? date === today : day ? lastDayOf(day) === today : false;

/**
 * The first problem with `day`, `date` and `time`, or null: a format first (a browser without a month
 * input, Firefox's or Safari's on a desktop, takes any text in Select day), then a moment past. `today` is
 * YYYY-MM-DD; `timeNow`, HH:MM, when the time of day is known: a time of today earlier than it is past
 * (the minute itself is not), and so is one in a month whose last day is today, with no date.
 */
export function bookingWhenProblem(
  { day, date, time }: { day?: string | null; date?: string | null; time?: string | null },
  today: string,
  timeNow?: string,
): { field: 'day' | 'date' | 'time'; message: string } | null {
  if (day && !new RegExp(MONTH_PATTERN).test(day)) return { field: 'day', message: BOOKING_WHEN_MESSAGES.dayFormat };
  if (date && !(new RegExp(DATE_PATTERN).test(date) && isCalendarDate(date)))
    return { field: 'date', message: BOOKING_WHEN_MESSAGES.dateFormat };
  if (time && !new RegExp(TIME_PATTERN).test(time)) return { field: 'time', message: BOOKING_WHEN_MESSAGES.timeFormat };
  // The date first: choosing a date sets its month, so a past date would otherwise be blamed on the month.
  if (date && date < today) return { field: 'date', message: BOOKING_WHEN_MESSAGES.datePast };
  if (day && day < today.slice(0, 7)) return { field: 'day', message: BOOKING_WHEN_MESSAGES.dayPast };
  if (day && date && !date.startsWith(`${day}-`)) return { field: 'date', message: BOOKING_WHEN_MESSAGES.dateOutsideDay };
  if (time && timeNow && time < timeNow && onlyToday(day, date, today))
    return { field: 'time', message: BOOKING_WHEN_MESSAGES.timePast };
  return null;
}
