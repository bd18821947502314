/**
 * A date typed as DD/MM/YYYY (spec §9; '.' or '-' also separate, day and month may be one digit) as
 * the ISO YYYY-MM-DD the forms keep, or null while it is not yet a whole, real date. Typed ISO dates
 * are taken as they are. Day first always: 01/04/2026 is the 1st of April, never the 4th of January.
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const [day, month, year] = dmy
    ? [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])]
    : ymd
      ? [Number(ymd[3]), Number(ymd[2]), Number(ymd[1])]
      : [0, 0, 0];
  if (!year || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
