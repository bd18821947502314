import Decimal from 'decimal.js';
import fc from 'fast-check';
import { formatRupees } from './rupees';

describe('formatRupees', () => {
  it.each([
    ['0', '₹0.00'],
    ['5', '₹5.00'],
    ['1000', '₹1,000.00'],
    ['100000', '₹1,00,000.00'],
    ['12345678.9', '₹1,23,45,678.90'],
    ['-1234.5', '-₹1,234.50'],
    ['-100000', '-₹1,00,000.00'],
    ['999', '₹999.00'],
    ['123456.5', '₹1,23,456.50'],
    ['1000000000', '₹1,00,00,00,000.00'],
  ])('writes %s as %s', (amount, written) => {
    expect(formatRupees(amount)).toBe(written);
  });

  it('rounds to the paisa, halves away from zero, and never prints minus zero', () => {
    expect(formatRupees('2.005')).toBe('₹2.01');
    expect(formatRupees('-2.005')).toBe('-₹2.01');
    expect(formatRupees('2.0049')).toBe('₹2.00');
    expect(formatRupees('-0.004')).toBe('₹0.00');
  });

  it('takes a Decimal as well as decimal text', () => {
    expect(formatRupees(new Decimal('2579.5'))).toBe('₹2,579.50');
  });

  it('keeps every digit of amounts beyond what a JS number holds', () => {
    expect(formatRupees('12345678901234567.89')).toBe('₹12,34,56,78,90,12,34,567.89');
  });

  it.each(['', 'abc', '1e3', '1,000', ' 5', 'Infinity', '0x10', '.5'])('refuses "%s"', (text) => {
    expect(() => formatRupees(text)).toThrow(RangeError);
  });

  it("agrees with the platform's en-IN currency format on any amount in paise", () => {
    const indian = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (paise) => {
        const amount = new Decimal(paise.toString()).dividedBy(100).toFixed(2);
        // Intl formats decimal strings exactly, without going through a JS number.
        const expected = indian.format(amount as Intl.StringNumericLiteral);
        expect(formatRupees(amount)).toBe(expected);
      }),
    );
  });
});
