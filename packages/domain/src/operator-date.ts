import { isIsoDate } from './validation/iso-date';

/** Where operators are until their business settings say otherwise. */
export const DEFAULT_OPERATOR_TIME_ZONE = 'Asia/Kolkata';

// Building an Intl.DateTimeFormat costs far more than formatting with one: keep one per time zone.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone, by default the operator's. */
export function operatorDate(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/** The calendar date `days` after (or, when negative, before) a YYYY-MM-DD date: 2024-02-28 + 2 is 2024-03-01. */
export function addCalendarDays(date: string, days: number): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
