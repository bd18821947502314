import type { Field } from '@fleet/domain';
import type { MasterRow } from './master-api';

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

/** A field's value as a list cell shows it. */
export function cellText(name: string, field: Field, row: MasterRow): string {
  const value = row.values[name];
  if (field.type === 'ref' || field.type === 'refs') return (row.refNames[name] ?? []).join(', ') || '—';
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'choice':
      return field.labels?.[String(value)] ?? String(value);
    case 'money':
      return `₹${indianAmount(String(value))}`;
    case 'percent':
      return `${String(value)}%`;
    case 'date':
      return ddmmyyyy(String(value));
    case 'rows':
      return `${(value as unknown[]).length}`;
    default:
      return String(value);
  }
}
