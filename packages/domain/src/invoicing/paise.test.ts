import Decimal from 'decimal.js';
import fc from 'fast-check';
import { allocate, divideHalfUp, fromScaled, scaled } from './paise';

describe('exact paise', () => {
  it('reads and writes decimals exactly, beyond the 20 digits decimal.js keeps by default', () => {
    expect(scaled(new Decimal('2579.5'), 2)).toBe(257950n);
    expect(scaled(new Decimal('0.125'), 2)).toBeUndefined();
    expect(scaled(new Decimal('-1.05'), 2)).toBe(-105n);
    expect(fromScaled(5n, 2).toFixed(2)).toBe('0.05');
    expect(fromScaled(-5n, 4).toFixed()).toBe('-0.0005');
    expect(fromScaled(12345678901234567890123n, 2).toFixed(2)).toBe('123456789012345678901.23');
  });

  it('rounds half up', () => {
    // ₹2,579.50 × 5% = ₹128.975 → ₹128.98
    expect(divideHalfUp(257950n * 500n, 10_000n)).toBe(12898n);
    expect(divideHalfUp(50n, 100n)).toBe(1n);
    expect(divideHalfUp(49n, 100n)).toBe(0n);
    expect(divideHalfUp(149n, 100n)).toBe(1n);
    expect(divideHalfUp(150n, 100n)).toBe(2n);
  });
});

describe('allocate: largest remainder', () => {
  it('gives the paise left over to the largest remainders, earlier first on a tie', () => {
    // 100 paise over three equal weights: 33.33 each, one paisa left over, to the first.
    expect(allocate(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    // 10 paise over 1:2:3 → 1.67, 3.33, 5 → 2, 3, 5.
    expect(allocate(10n, [1n, 2n, 3n])).toEqual([2n, 3n, 5n]);
    expect(allocate(0n, [0n, 0n])).toEqual([0n, 0n]);
    expect(() => allocate(1n, [0n, 0n])).toThrow('over nothing');
  });

  it('parts sum to the total exactly, each within a paisa of its exact share, none above its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 99_99_99_999_99n }), { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (weights, wanted) => {
          const sum = weights.reduce((a, b) => a + b, 0n);
          fc.pre(sum > 0n);
          const total = wanted % (sum + 1n);
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
          parts.forEach((part, i) => {
            const weight = weights[i] ?? 0n;
            // |part − total × weight ÷ sum| < 1, scaled by sum to stay in integers
            const gap = part * sum - total * weight;
            expect(gap < sum && gap > -sum).toBe(true);
            expect(part <= weight).toBe(true);
          });
        },
      ),
    );
  });
});
