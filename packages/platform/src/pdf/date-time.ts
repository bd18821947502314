// Documents print instants in the operator's time zone, DD/MM/YYYY and a 24-hour HH:mm, whatever the
// server's own zone or locale.

// Building an Intl.DateTimeFormat costs far more than formatting with one: keep one per time zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which some engines print as "24:00" at midnight.
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

function partsOf(at: Date, timeZone: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = formatIn(timeZone).formatToParts(at);
  return (type) => parts.find((part) => part.type === type)?.value ?? '';
}

/** DD/MM/YYYY in the time zone. */
export function formatDate(at: Date, timeZone: string): string {
  const part = partsOf(at, timeZone);
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** DD/MM/YYYY HH:mm (24-hour) in the time zone. */
export function formatDateTime(at: Date, timeZone: string): string {
  const part = partsOf(at, timeZone);
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
