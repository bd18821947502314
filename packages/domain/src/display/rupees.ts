import Decimal from 'decimal.js';

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * An amount in rupees as Indians write it: ₹ before, paise always shown, the last three digits of
 * the rupees grouped and the rest in twos (₹1,23,456.50). Rounded to the paisa, half away from zero,
 * as pricing rounds. Takes exact decimal text or a Decimal, never a JS number.
 */
export function formatRupees(amount: string | Decimal): string {
  if (typeof amount === 'string' && !DECIMAL_TEXT.test(amount)) {
    throw new RangeError(`Not an amount in decimal text: "${amount}"`);
  }
  const paise = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (!paise.isFinite()) throw new RangeError(`Not a finite amount: ${amount.toString()}`);
  const [rupees = '0', fraction = '00'] = paise.abs().toFixed(2).split('.');
  const sign = paise.isNegative() && !paise.isZero() ? '-' : '';
  return `${sign}₹${groupIndian(rupees)}.${fraction}`;
}

function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const thousands = digits.slice(-3);
  const higher = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${higher},${thousands}`;
}
