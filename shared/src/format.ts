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

// The ISO 8601 strings moment.ISO_8601 read (this module used moment before), in extended or basic form:
// calendar dates ("2025-03-05", "20250305", "+002025-03-05"; "2025-03", "202503" and "2025" without a
// time), ordinal dates ("2025-064") and week dates ("2025-W10-3"; "2025-W10" without a time). A time follows
// after T or a space ("14:07:00.123", "140700", "14"; fraction after . or ,), then optionally an offset (Z,
// ±HH, ±HHmm, ±HH:mm). Without an offset the time is local: SQL's "2025-03-05 14:07:00" is one of these.
const ISO_EXTENDED =
  /^\s*((?:[+-]\d{6}|\d{4})-(?:\d\d-\d\d|W\d\d-\d|W\d\d|\d\d\d|\d\d))(?:[T ](\d\d(?::\d\d(?::\d\d(?:[.,]\d+)?)?)?)(\s*Z|[+-]\d\d(?::?\d\d)?)?)?$/;
const ISO_BASIC =
  /^\s*((?:[+-]\d{6}|\d{4})(?:\d\d\d\d|W\d\d\d|W\d\d|\d\d\d|\d\d|))(?:[T ](\d\d(?:\d\d(?:\d\d(?:[.,]\d+)?)?)?)(\s*Z|[+-]\d\d(?::?\d\d)?)?)?$/;
const ISO_DATE = /^([+-]\d{6}|\d{4})-?(?:(\d\d)-?(\d\d)|W(\d\d)-?(\d)?|(\d{3})|(\d\d))?$/;
const ISO_TIME = /^(\d\d):?(\d\d)?:?(\d\d)?(?:[.,](\d+))?$/;
const ISO_OFFSET = /([+-])(\d\d):?(\d\d)?/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAY_MS = 86_400_000;
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Midnight UTC of the Monday of ISO week 1 (the week of January 4th). */
function isoWeekOne(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  return jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
}

/** The instant of an ISO 8601 string; null when it is not one or a field is out of range, as moment judged. */
function parseIso(value: string): Date | null {
  const match = ISO_EXTENDED.exec(value) ?? ISO_BASIC.exec(value);
  const dateParts = match && ISO_DATE.exec(match[1]);
  if (!match || !dateParts) return null;
  const [, , timeText, offsetText] = match;
  const [, yearText, mm, dd, week, weekday, ordinal, monthOnly] = dateParts;
  // A time only after a full date. Years of six digits only in full calendar dates: moment's readings of the
  // others were garbage ("+002025-03" as March of the year 20); they go through Date like other strings.
  if (timeText !== undefined && dd === undefined && weekday === undefined && ordinal === undefined) return null;
  if (yearText.length > 4 && dd === undefined) return null;

  // Years 0-99 are computed 400 years later (the same calendar), as Date reads them as 1900-1999.
  const year = Number(yearText);
  const shift = year >= 0 && year < 100 ? 400 : 0;
  let y = year + shift;
  let month = 0;
  let day = 1;
  if (dd !== undefined) {
    month = Number(mm) - 1;
    day = Number(dd);
    const days = month === 1 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[month];
    if (month < 0 || month > 11 || day < 1 || day > days) return null;
  } else if (ordinal !== undefined || week !== undefined) {
    let dayMs: number;
    if (ordinal !== undefined) {
      if (Number(ordinal) < 1 || Number(ordinal) > (isLeapYear(y) ? 366 : 365)) return null;
      dayMs = Date.UTC(y, 0, Number(ordinal));
    } else {
      const weeks = (isoWeekOne(y + 1) - isoWeekOne(y)) / (7 * DAY_MS);
      const dow = weekday === undefined ? 1 : Number(weekday);
      if (Number(week) < 1 || Number(week) > weeks || dow < 1 || dow > 7) return null;
      dayMs = isoWeekOne(y) + ((Number(week) - 1) * 7 + dow - 1) * DAY_MS;
    }
    const utcDay = new Date(dayMs);
    [y, month, day] = [utcDay.getUTCFullYear(), utcDay.getUTCMonth(), utcDay.getUTCDate()];
  } else if (monthOnly !== undefined) {
    month = Number(monthOnly) - 1;
    if (month < 0 || month > 11) return null;
  }

  const [, hh = '0', mi = '0', ss = '0', fraction] = (timeText === undefined ? null : ISO_TIME.exec(timeText)) ?? [];
  const [hour, minute, second] = [Number(hh), Number(mi), Number(ss)];
  // Milliseconds from the fraction, cut (not rounded) to three digits.
  const ms = fraction === undefined ? 0 : Math.trunc(Number(`0.${fraction}`) * 1000);
  // 24:00 is the end of the day: 00:00 a day later (a local calendar day, or 24 hours with an offset, as
  // moment). No other time past 23:59:59.
  if (hour > 24 || (hour === 24 && (minute > 0 || second > 0 || ms > 0)) || minute > 59 || second > 59) return null;
  const nextDay = hour === 24;

  let date: Date;
  if (offsetText === undefined) {
    date = new Date(y, month, day, nextDay ? 0 : hour, minute, second, ms);
    if (shift) date.setFullYear(y - shift);
    if (nextDay) date.setDate(date.getDate() + 1);
  } else {
    // Z, or an offset of at most -12:00 / +14:00 with minutes 00-59.
    const [, sign, offsetHours = '0', offsetMinutes = '0'] = ISO_OFFSET.exec(offsetText) ?? [];
    const minutes = Number(offsetHours) * 60 + Number(offsetMinutes);
    if (Number(offsetMinutes) > 59 || minutes > (sign === '+' ? 14 * 60 : 12 * 60)) return null;
    date = new Date(Date.UTC(y, month, day, nextDay ? 0 : hour, minute, second, ms));
    if (shift) date.setUTCFullYear(y - shift);
    if (nextDay) date.setUTCDate(date.getUTCDate() + 1);
    date.setUTCMinutes(date.getUTCMinutes() - (sign === '-' ? -minutes : minutes));
  }
  return date;
}

/** Years before 10 as moment wrote them ("05", "-0001"; dayjs: "5", "00-1"). */
function yearsAsMoment(pattern: string, year: number): string {
  if (year >= 10) return pattern;
  const pad = (n: number, width: number) => (n < 0 ? '-' : '') + String(Math.abs(n)).padStart(width, '0');
  return pattern.replace(/YYYY|YY/, (token) => `[${token === 'YY' ? pad(year % 100, 2) : pad(year, 4)}]`);
}

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  // Strings are ISO 8601 (or SQL's "YYYY-MM-DD HH:mm:ss", local time); anything else goes through Date, as
  // before. dayjs's own string parsing is not used: it reads out-of-range fields ("2025-13-45",
  // "2025-03-05T14:60") as other dates and rejects some ISO forms ("20250305T140700Z").
  const d = dayjs(typeof value === 'string' ? (parseIso(value) ?? new Date(value)) : value);
  return d.isValid() ? d.format(yearsAsMoment(pattern, d.year())) : '';
}

/** 'MMMM Do YYYY, h:mm a', e.g. "March 5th 2025, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateLong = (value: DateInput): string => format(value, DATE_LONG);

/** 'MMM Do YY, h:mm a', e.g. "Mar 5th 25, 2:07 pm"; empty for a missing or invalid date. */
export const formatDateShort = (value: DateInput): string => format(value, DATE_SHORT);

/** Prices need no date library: also exported from 'shared' itself. */
export { formatPrice } from './price';
