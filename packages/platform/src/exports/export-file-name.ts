import { isIsoDate } from '@fleet/domain';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The name an export downloads as: what it holds and the dates it covers, in characters every file
 * system and Content-Disposition header takes (`invoices_2026-04-01_2026-04-30.xlsx`). The kind is
 * lower-cased and anything but letters and digits becomes a hyphen (`Channel duties` is
 * `channel-duties`), so the underscores only ever separate the parts.
 */
export function exportFileName(kind: string, from: string, to: string, ext: ExportFormat): string {
  const safeKind = kind
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (safeKind === '') throw new RangeError(`An export's kind needs a letter or digit: "${kind}"`);
  for (const date of [from, to]) {
    if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: "${date}"`);
  }
  if (from > to) throw new RangeError(`An export's period cannot end (${to}) before it starts (${from})`);
  if (ext !== 'csv' && ext !== 'xlsx') throw new RangeError(`Not an export format: "${String(ext)}"`);
  return `${safeKind}_${from}_${to}.${ext}`;
}
