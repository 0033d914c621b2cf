/**
 * Time zones sent by the app (the browser's IANA name, e.g. 'Asia/Kolkata'), so that what the server
 * writes for a person (a receipt's time) reads in their own time, and a booking's day and time are
 * checked in the customer's.
 */

/** What a formatter is for: a moment as an e-mail says it, or the day and time of day a booking is checked at. */
type FormatKind = 'readable' | 'dayAndTime';

const OPTIONS: Record<FormatKind, Intl.DateTimeFormatOptions> = {
  readable: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'long' },
  dayAndTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/**
 * Formatters made so far, one per kind and zone. Keyed by the name in lower case: Intl takes a name in
 * any case, and a client sending one zone spelled in ever new cases must not grow the cache. Names Intl
 * does not know are never kept.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `kind` in a time zone this server's Intl knows (made once), or null for a name it does not. */
export function formatterFor(timeZone: string, kind: FormatKind): Intl.DateTimeFormat | null {
  const key = `${kind} ${timeZone.toLowerCase()}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...OPTIONS[kind], timeZone });
    } catch {
      return null;
    }
    formats.set(key, format);
  }
  return format;
}

/** True for a time zone name this server's Intl knows (IANA names such as 'Asia/Kolkata', any case). */
export const isTimeZone = (name: string): boolean => formatterFor(name, 'dayAndTime') !== null;

const UTC_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A moment as people read it in an e-mail, in the reader's time zone when it is known, named as people
 * say it: 'June 15, 2025 at 5:30 PM India Standard Time'; without one, 'June 15, 2025 at 12:00 PM UTC'.
 */
export function readableTime(iso: string, timeZone: string | null = null): string {
  const format = timeZone ? formatterFor(timeZone, 'readable') : null;
  return format ? format.format(new Date(iso)) : `${UTC_TIME.format(new Date(iso))} UTC`;
}

/** The day (YYYY-MM-DD) and time of day (HH:MM) a moment is in a time zone (one isTimeZone has accepted). */
export function dayAndTimeIn(timeZone: string, moment: Date): { day: string; time: string } {
  const format = formatterFor(timeZone, 'dayAndTime');
  if (!format) throw new RangeError(`unknown time zone: ${timeZone}`);
  const part = Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, p.value]));
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}
