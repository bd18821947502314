import { DEFAULT_OPERATOR_TIME_ZONE } from '../operator-date';

/** An instant as the operator's wall clock shows it. */
export interface LocalClock {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since the local midnight, 0–1439. */
  minuteOfDay: number;
  /** 0 is Sunday. */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function localClock(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): LocalClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    minuteOfDay: Number(part.hour) * 60 + Number(part.minute),
    weekday: WEEKDAYS.indexOf(part.weekday ?? ''),
  };
}

/** "HH:MM" as minutes since midnight; undefined for anything else. */
export function minutesOfTime(time: string | null | undefined): number | undefined {
  const match = time ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}
