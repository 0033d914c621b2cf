import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

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

/** Prices need no date library: also exported from 'shared' itself. */
export { formatPrice } from './price';
