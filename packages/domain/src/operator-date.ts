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

/**
 * The instant a wall-clock date and time ("2026-12-01", "07:30") name in a time zone, by default the
 * operator's: the zone's offset at that moment is read from Intl, so a zone with summer time is right on
 * either side of its change.
 */
export function operatorInstant(
  date: string,
  time: string,
  timeZone: string = DEFAULT_OPERATOR_TIME_ZONE,
): Date {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new RangeError(`Not a time of day: ${time}`);
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => wallClockMs(new Date(instant), timeZone) - instant;
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** An instant as a wall clock in a time zone shows it. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 is Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant's reading on the wall clock of a time zone (by default the operator's), whatever the
 * server's own zone or locale: the one place an instant becomes a local date and time.
 */
export function wallClock(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): WallClock {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      // h23, not hour12: false, which some engines print as "24:00" at midnight.
      hourCycle: 'h23',
    });
    wallFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  return {
    year: Number(part.year),
    month: Number(part.month),
    day: Number(part.day),
    hour: Number(part.hour),
    minute: Number(part.minute),
    second: Number(part.second),
    weekday: WEEKDAYS.indexOf(part.weekday ?? ''),
  };
}

/** An instant's wall-clock reading in a zone, as milliseconds of the same reading in UTC. */
function wallClockMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}
