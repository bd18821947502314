import { type Field, type FieldValue, formatIsoDate, formatRupees } from '@fleet/domain';

/** YYYY-MM-DD as DD/MM/YYYY (spec §9): the domain's formatter, which services write their texts with. */
export const ddmmyyyy = formatIsoDate;

/**
 * A field's value as a list cell shows it; refs show the names of what they point at. The value is the
 * field's own (`FieldValue`): text for amounts and dates, a number, a flag, a list.
 */
export function cellText(field: Field, value: FieldValue<Field>, refNames: readonly string[] = []): string {
  if (field.type === 'ref' || field.type === 'refs') return refNames.join(', ') || '—';
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return `${value.length}`;
  const text = String(value);
  switch (field.type) {
    case 'choice':
      return field.labels?.[text] ?? text;
    case 'money':
      return formatRupees(text);
    case 'percent':
      return `${text}%`;
    case 'date':
      return ddmmyyyy(text);
    default:
      return text;
  }
}
