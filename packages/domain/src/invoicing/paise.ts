// Exact integer arithmetic for invoice figures. Amounts are held as BigInt paise and rates as BigInt
// hundredths of a percent while an invoice is computed: decimal.js keeps 20 significant digits by
// default, and a proportional share (₹99,99,99,999.99 × ₹99,99,99,999.99 ÷ …) needs more than that.
import Decimal from 'decimal.js';

/** `value` × 10^places as an exact integer, or undefined when `value` has more places than that. */
export function scaled(value: Decimal, places: number): bigint | undefined {
  if (!value.isFinite() || value.decimalPlaces() > places) return undefined;
  const [whole = '0', fraction = ''] = value.abs().toFixed(places).split('.');
  const magnitude = BigInt(`${whole}${fraction}`);
  return value.isNegative() ? -magnitude : magnitude;
}

/** An integer count of 10^-places units as a Decimal: fromScaled(125n, 2) is 1.25. */
export function fromScaled(units: bigint, places: number): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places === 0 ? '' : `.${digits.slice(digits.length - places)}`;
  return new Decimal(`${negative ? '-' : ''}${whole}${fraction}`);
}

export const fromPaise = (paise: bigint) => fromScaled(paise, 2);

/** numerator ÷ denominator rounded half up, for a non-negative numerator and a positive denominator. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) {
    throw new RangeError('divideHalfUp takes a non-negative numerator and a positive denominator');
  }
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * Splits `total` paise over `weights` in proportion, by largest remainder: every part is the floor of
 * its exact share, and the paise left over go one each to the parts with the largest remainders (the
 * earlier part first on a tie), so the parts always sum to `total`. When `total` is at most the sum of
 * the weights no part exceeds its weight.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n || weights.some((w) => w < 0n)) throw new RangeError('allocate takes non-negative values');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('Cannot spread an amount over nothing');
  }
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts;
}

export const sumOf = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
