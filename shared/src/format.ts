import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Job } from './contracts';

// advancedFormat brings the `Do` ordinal token (5th, 21st) to dayjs; English is dayjs's built-in locale.
// customParseFormat reads the booking form's values strictly, in their inputs' formats.
dayjs.extend(advancedFormat);
dayjs.extend(customParseFormat);

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
  // "2025-03-05T14:60") as other dates, where Date answers an invalid date. A bare date is the exception:
  // Date reads "2025-03-05" as midnight UTC, the evening of March 4th west of Greenwich; it is a day of
  // the calendar, so it is read as that day's local midnight.
  const d =
    typeof value !== 'string' ? dayjs(value) : BARE_DATE.test(value) ? dayjs(value, 'YYYY-MM-DD', true) : dayjs(new Date(value));
  return d.isValid() ? d.format(pattern) : '';
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'MMMM Do YYYY, h:mm a', e.g. "March 5th 2025, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateLong = (value: DateInput): string => format(value, DATE_LONG);

/** 'MMM Do YY, h:mm a', e.g. "Mar 5th 25, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateShort = (value: DateInput): string => format(value, DATE_SHORT);

type RequestedFields = Pick<Job, 'date' | 'day' | 'time' | 'custom_time'>;

/**
 * A booking form value as the app writes it, when it is exactly in its input's format (`inputs`, tried in
 * order) and a real day or time; otherwise as given. Strict parsing rejects "2026-02-30" and "25:00".
 */
function asWritten(value: string, inputs: [input: string, written: string][]): string {
  for (const [input, written] of inputs) {
    const parsed = dayjs(value, input, true);
    if (parsed.isValid()) return parsed.format(written);
  }
  return value;
}

const DAY_INPUTS: [string, string][] = [
  ['YYYY-MM-DD', 'MMMM Do YYYY'],
  ['YYYY-MM', 'MMMM YYYY'],
];
const TIME_INPUT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * "21:05" as 'h:mm a' ("9:05 pm"), written from its digits: a time of day has no date, and dayjs would
 * parse it as that time today, which does not exist on the day clocks go forward (02:30 in Los Angeles
 * on March 8th 2026), and showed the value as typed on that day only.
 */
function asWrittenTime(value: string): string {
  const match = TIME_INPUT.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
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
  const parts = [day && asWritten(day, DAY_INPUTS), time && asWrittenTime(time), given(job.custom_time)];
  const shown = parts.filter((part): part is string => Boolean(part));
  return shown.length ? shown.join(', ') : null;
}

/** Prices need no date library: also exported from 'shared' itself. */
export { formatPrice } from './price';
