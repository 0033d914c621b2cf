/**
 * Time zones sent by the app (the browser's IANA name, e.g. 'Asia/Kolkata'), so that what the server
 * writes for a person (a receipt's time) reads in their own time.
 */

/** True for a time zone name this server's Intl knows (IANA names such as 'Asia/Kolkata', any case). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const UTC_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const zoned = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as people read it in an e-mail, in the reader's time zone when it is known, named as people
 * say it: 'June 15, 2025 at 5:30 PM India Standard Time'; without one, 'June 15, 2025 at 12:00 PM UTC'.
 */
export function readableTime(iso: string, timeZone: string | null = null): string {
  let format = timeZone ? zoned.get(timeZone) : undefined;
  if (!format) {
    if (!timeZone || !isTimeZone(timeZone)) return `${UTC_TIME.format(new Date(iso))} UTC`;
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'long',
    });
    zoned.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const dayAndTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The day (YYYY-MM-DD) and time of day (HH:MM) a moment is in a time zone this server's Intl knows. */
export function dayAndTimeIn(timeZone: string, moment: Date): { day: string; time: string } {
  let format = dayAndTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dayAndTimeFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, p.value]));
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}
