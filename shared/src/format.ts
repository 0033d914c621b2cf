import moment from 'moment';

/**
 * Date and price formats of spec section 9. Import the date functions from 'shared/src/format' (not from
 * 'shared'): it is its own federation singleton so that moment (without locales) is loaded only by screens
 * that format dates. `formatPrice` is exported by both.
 */
export const DATE_LONG = 'MMMM Do YYYY, h:mm a';
export const DATE_SHORT = 'MMM Do YY, h:mm a';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  // Strings are ISO 8601 (or SQL's "YYYY-MM-DD HH:mm:ss"); anything else goes through Date, without
  // moment's deprecated free-form parsing.
  let m = typeof value === 'string' ? moment(value, moment.ISO_8601) : moment(value);
  if (!m.isValid() && typeof value === 'string') m = moment(new Date(value));
  return m.isValid() ? m.format(pattern) : '';
}

/** 'MMMM Do YYYY, h:mm a', e.g. "March 5th 2025, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateLong = (value: DateInput): string => format(value, DATE_LONG);

/** 'MMM Do YY, h:mm a', e.g. "Mar 5th 25, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateShort = (value: DateInput): string => format(value, DATE_SHORT);

/** Prices need no moment: also exported from 'shared' itself. */
export { formatPrice } from './price';
