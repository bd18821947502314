import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  ADJUSTABLE_CODES,
  adjustAllowances,
  type ChargeLineText,
  isAdjustableCode,
  sumOfLines,
} from './charge-adjustment';

const OTHER_CODES = ['BASE', 'EXTRA_KM', 'EXTRA_HOURS', 'FUEL_SURCHARGE'] as const;
const paise = fc.integer({ min: 0, max: 9_999_999 }).map((p) => new Decimal(p).dividedBy(100).toFixed(2));

const line = (code: string, amount: string): ChargeLineText => ({
  code,
  label: `${code} line`,
  quantity: '2',
  unit: 'day',
  rate: new Decimal(amount).dividedBy(2).toFixed(2),
  amount,
});

/** Charges as closing keeps them: distinct codes, the total the sum of the lines. */
const charges = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...OTHER_CODES, ...ADJUSTABLE_CODES), paise), {
    selector: ([code]) => code,
    maxLength: 8,
  })
  .map((pairs) => {
    const lines = pairs.map(([code, amount]) => line(code, amount));
    return { rateCardId: 'card', km: '108', minutes: 555, lines, total: sumOfLines(lines) };
  });

const adjustments = fc.uniqueArray(fc.record({ code: fc.constantFrom(...ADJUSTABLE_CODES), amount: paise }), {
  selector: (a) => a.code,
  maxLength: ADJUSTABLE_CODES.length,
});

describe('adjusting allowances', () => {
  it('never changes a line it was not asked to, and the total is always the sum of the lines (property)', () => {
    fc.assert(
      fc.property(charges, adjustments, (before, asked) => {
        const after = adjustAllowances(before, asked);
        const adjusted = new Set<string>(asked.map((a) => a.code));
        expect(after.lines.filter((l) => !adjusted.has(l.code))).toEqual(
          before.lines.filter((l) => !adjusted.has(l.code)),
        );
        for (const a of asked) {
          const now = after.lines.filter((l) => l.code === a.code);
          expect(now.map((l) => l.amount)).toEqual(new Decimal(a.amount).isZero() ? [] : [a.amount]);
        }
        const sum = after.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
        expect(after.total).toBe(sum.toFixed(2));
        expect({ ...after, lines: [], total: '' }).toEqual({ ...before, lines: [], total: '' });
      }),
    );
  });

  it('keeps an adjusted allowance in its place and label, adds a new one at the end, removes one set to 0', () => {
    const before = {
      lines: [line('BASE', '2000.00'), line('NIGHT_ALLOWANCE', '300.00'), line('SUNDAY_ALLOWANCE', '200.00')],
      total: '2500.00',
    };
    const after = adjustAllowances(before, [
      { code: 'NIGHT_ALLOWANCE', amount: '450.5' },
      { code: 'SUNDAY_ALLOWANCE', amount: '0' },
      { code: 'EARLY_START_ALLOWANCE', amount: '150' },
    ]);
    expect(after.lines.map((l) => [l.code, l.label, l.amount])).toEqual([
      ['BASE', 'BASE line', '2000.00'],
      ['NIGHT_ALLOWANCE', 'NIGHT_ALLOWANCE line', '450.50'],
      ['EARLY_START_ALLOWANCE', 'Early start allowance', '150.00'],
    ]);
    expect(after.total).toBe('2600.50');
  });

  it('names only the allowances as adjustable', () => {
    expect(isAdjustableCode('NIGHT_ALLOWANCE')).toBe(true);
    for (const code of [...OTHER_CODES, 'NO_SHOW', 'MADE_UP_ALLOWANCE'])
      expect(isAdjustableCode(code)).toBe(false);
  });
});
