/** Where operators are until their business settings say otherwise. */
export const DEFAULT_OPERATOR_TIME_ZONE = 'Asia/Kolkata';

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone, by default the operator's. */
export function operatorDate(at: Date, timeZone: string = DEFAULT_OPERATOR_TIME_ZONE): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
