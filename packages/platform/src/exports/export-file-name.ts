import { isIsoDate } from '@fleet/domain';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The name an export downloads as: what it holds and the date filter it applied, in characters every
 * file system and Content-Disposition header takes: `invoices_2026-04-01_2026-04-30.xlsx` for a period,
 * `invoices_from_2026-04-01.xlsx` or `invoices_to_2026-04-30.xlsx` for one side of one, and
 * `invoices_all.xlsx` when no date filter was applied. The kind is lower-cased and anything but letters
 * and digits becomes a hyphen (`Channel duties` is `channel-duties`), so the underscores only ever
 * separate the parts.
 */
export function exportFileName(
  kind: string,
  from: string | undefined,
  to: string | undefined,
  ext: ExportFormat,
): string {
  const safeKind = kind
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (safeKind === '') throw new RangeError(`An export's kind needs a letter or digit: "${kind}"`);
  for (const date of [from, to]) {
    if (date !== undefined && !isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: "${date}"`);
  }
  if (from !== undefined && to !== undefined && from > to) {
    throw new RangeError(`An export's period cannot end (${to}) before it starts (${from})`);
  }
  if (ext !== 'csv' && ext !== 'xlsx') throw new RangeError(`Not an export format: "${String(ext)}"`);
  const period =
    from !== undefined && to !== undefined
      ? `${from}_${to}`
      : from !== undefined
        ? `from_${from}`
        : to !== undefined
          ? `to_${to}`
          : 'all';
  return `${safeKind}_${period}.${ext}`;
}
