// Dates and times as people read them everywhere (screens, documents, texts): DD/MM/YYYY and a 24-hour
// HH:mm, an instant on the operator's clock whatever the server's own zone or locale (spec §9).
import { DEFAULT_OPERATOR_TIME_ZONE, wallClock } from '../operator-date';

const two = (n: number) => String(n).padStart(2, '0');
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DD/MM/YYYY in the time zone (the operator's unless told). */
export function formatDate(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): string {
  const w = wallClock(at, timeZone);
  return `${two(w.day)}/${two(w.month)}/${w.year}`;
}

/** DD/MM/YYYY HH:mm (24-hour) in the time zone (the operator's unless told). */
export function formatDateTime(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): string {
  const w = wallClock(at, timeZone);
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY; text that is no such date is left as it is. */
export const formatIsoDate = (iso: string): string => iso.replace(ISO_DATE, '$3/$2/$1');
