// Documents print instants in the operator's time zone, DD/MM/YYYY and a 24-hour HH:mm, whatever the
// server's own zone or locale (the domain's wall clock reads them).
import { wallClock } from '@fleet/domain';

const two = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY in the time zone. */
export function formatDate(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${two(w.day)}/${two(w.month)}/${w.year}`;
}

/** DD/MM/YYYY HH:mm (24-hour) in the time zone. */
export function formatDateTime(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}
