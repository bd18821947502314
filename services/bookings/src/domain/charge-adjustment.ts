// Adjusting a closed duty's allowances (DOMAIN.md, Duty slip: adjustments change allowances charged to
// the customer, paid to the driver, and paid to the supplier). An adjustment names an allowance and the
// amount it now comes to: an allowance already charged keeps its place and label with the new amount,
// a new one is added at the end, and 0 removes it. No other line changes; the total is the sum of the
// lines, in decimals, to the paisa.
import { CHARGE_CODES } from '@fleet/domain';
import Decimal from 'decimal.js';

/** A charge line as a closed duty keeps it: decimal text. */
export interface ChargeLineText {
  code: string;
  label: string;
  quantity: string;
  unit: string;
  rate: string;
  amount: string;
}

export interface AllowanceAdjustment {
  code: string;
  /** Decimal text, e.g. 250 or 250.50. */
  amount: string;
}

/** The allowance codes an adjustment may name. */
export const ADJUSTABLE_CODES = CHARGE_CODES.filter((code) => code.endsWith('_ALLOWANCE'));

export const isAdjustableCode = (code: string) => (ADJUSTABLE_CODES as readonly string[]).includes(code);

const labelOf = (code: string) =>
  code
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());

const adjustedLine = (code: string, label: string, amount: Decimal): ChargeLineText => ({
  code,
  label,
  quantity: '1',
  unit: 'occasion',
  rate: amount.toFixed(2),
  amount: amount.toFixed(2),
});

/** The lines after the adjustments, and their total. Codes are checked by the caller. */
export function adjustAllowances<C extends { lines: ChargeLineText[]; total: string }>(
  charges: C,
  adjustments: readonly AllowanceAdjustment[],
): C {
  const wanted = new Map(adjustments.map((a) => [a.code, new Decimal(a.amount).toDecimalPlaces(2)]));
  const lines = charges.lines.flatMap((line) => {
    const amount = wanted.get(line.code);
    if (amount === undefined) return [line];
    wanted.delete(line.code);
    return amount.isZero() ? [] : [adjustedLine(line.code, line.label, amount)];
  });
  for (const [code, amount] of wanted) {
    if (!amount.isZero()) lines.push(adjustedLine(code, labelOf(code), amount));
  }
  return { ...charges, lines, total: sumOfLines(lines) };
}

export const sumOfLines = (lines: readonly ChargeLineText[]) =>
  lines.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2);
