import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import type { Job } from './contracts';

// advancedFormat brings the `Do` ordinal token (5th, 21st) to dayjs; English is dayjs's built-in locale.
dayjs.extend(advancedFormat);

/**
 * Date and price formats of spec section 9. Import the date functions from 'shared/src/format' (not from
 * 'shared'): it is its own federation singleton so that the date library (dayjs) is loaded only by screens
 * that format dates. `formatPrice` is exported by both.
 */
export const DATE_LONG = 'MMMM Do YYYY, h:mm a';
export const DATE_SHORT = 'MMM Do YY, h:mm a';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  // The API sends ISO 8601 (toISOString); JavaScript's Date reads it, and SQL's "YYYY-MM-DD HH:mm:ss" as
  // local time. dayjs's own string parser is not used: it reads out-of-range fields ("2025-13-01",
  // "2025-03-05T14:60") as other dates, where Date answers an invalid date.
  const d = dayjs(typeof value === 'string' ? new Date(value) : value);
  return d.isValid() ? d.format(pattern) : '';
}

/** 'MMMM Do YYYY, h:mm a', e.g. "March 5th 2025, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateLong = (value: DateInput): string => format(value, DATE_LONG);

/** 'MMM Do YY, h:mm a', e.g. "Mar 5th 25, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateShort = (value: DateInput): string => format(value, DATE_SHORT);

type RequestedFields = Pick<Job, 'date' | 'day' | 'time' | 'custom_time'>;

/** The local day, month or time the booking form's inputs give ("2026-12-01", "2026-12", "09:30"), if real. */
function localDate(year: string, month: string, day = '1', hours = '0', minutes = '0') {
  const [y, m, d, h, min] = [year, month, day, hours, minutes].map(Number);
  const value = dayjs(new Date(y, m - 1, d, h, min));
  // Date rolls an out-of-range field into the next one (February 30th is March 2nd): not a real value then.
  const real = value.year() === y && value.month() === m - 1 && value.date() === d && value.hour() === h;
  return real && value.minute() === min ? value : null;
}

function requestedDay(value: string): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  const asDate = date ? localDate(date[1], date[2], date[3]) : null;
  const asMonth = month ? localDate(month[1], month[2]) : null;
  return asDate?.format('MMMM Do YYYY') ?? asMonth?.format('MMMM YYYY') ?? value;
}

function requestedClock(value: string): string {
  const time = /^(\d{2}):(\d{2})$/.exec(value);
  return (time && localDate('2000', '01', '1', time[1], time[2])?.format('h:mm a')) ?? value;
}

/**
 * When the customer asked for the job: the booking form's date (else its month), time and custom time,
 * as the app writes dates ("December 1st 2026, 9:30 am, after breakfast"); a value that is not an
 * input's format is shown as given. Null when the customer gave none.
 */
export function formatRequestedTime(job: RequestedFields): string | null {
  const given = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  const day = given(job.date) ?? given(job.day);
  const time = given(job.time);
  const parts = [day && requestedDay(day), time && requestedClock(time), given(job.custom_time)];
  const shown = parts.filter((part): part is string => Boolean(part));
  return shown.length ? shown.join(', ') : null;
}

/** Prices need no date library: also exported from 'shared' itself. */
export { formatPrice } from './price';
