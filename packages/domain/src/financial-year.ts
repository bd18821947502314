import { isIsoDate } from './validation/iso-date';

// The Indian financial year runs from 1 April to 31 March; invoices, contracts and document numbers
// (DT/25-26/…) are counted within it.

export interface FinancialYear {
  /** 1 April, YYYY-MM-DD. */
  start: string;
  /** 31 March of the next year, YYYY-MM-DD. */
  end: string;
  /** As written on documents: "2025-26". */
  label: string;
  /** As document number prefixes carry it: "25-26". */
  short: string;
}

function yearStarting(first: number): FinancialYear {
  const label = `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
  return { start: `${first}-04-01`, end: `${first + 1}-03-31`, label, short: label.slice(2) };
}

/** The financial year a YYYY-MM-DD date falls in, and the one before it. */
export function financialYearOf(date: string): FinancialYear & { previous: FinancialYear } {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const year = Number(date.slice(0, 4));
  const first = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return { ...yearStarting(first), previous: yearStarting(first - 1) };
}
