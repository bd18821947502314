import { DEFAULT_OPERATOR_TIME_ZONE, wallClock } from '../operator-date';

/** An instant as the operator's wall clock shows it. */
export interface LocalClock {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since the local midnight, 0–1439. */
  minuteOfDay: number;
  /** 0 is Sunday. */
  weekday: number;
}

export function localClock(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): LocalClock {
  const w = wallClock(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${w.year}-${two(w.month)}-${two(w.day)}`,
    minuteOfDay: w.hour * 60 + w.minute,
    weekday: w.weekday,
  };
}

/** "HH:MM" as minutes since midnight; undefined for anything else. */
export function minutesOfTime(time: string | null | undefined): number | undefined {
  const match = time ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}
