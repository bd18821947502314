import type { Field, FieldValue } from '@fleet/domain';

/** 1234567.5 written the Indian way, from its decimal text (never through a JavaScript number). */
export function indianAmount(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** YYYY-MM-DD as DD/MM/YYYY (spec §9). */
export const ddmmyyyy = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

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
      return `₹${indianAmount(text)}`;
    case 'percent':
      return `${text}%`;
    case 'date':
      return ddmmyyyy(text);
    default:
      return text;
  }
}
