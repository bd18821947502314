import fc from 'fast-check';
import { ISO_DATE_MESSAGE, isIsoDate, isoDateProblem, isoDateSchema, NO_SUCH_DATE_MESSAGE } from './iso-date';

describe('ISO dates', () => {
  it.each(['2025-04-01', '2024-02-29', '2000-02-29', '1999-12-31', '2025-09-22', '0001-01-01', '9999-12-31'])(
    'accepts %s',
    (date) => {
      expect(isIsoDate(date)).toBe(true);
      expect(isoDateSchema.parse(date)).toBe(date);
    },
  );

  it.each([
    ['', ISO_DATE_MESSAGE],
    ['2025-4-1', ISO_DATE_MESSAGE],
    ['01/04/2025', ISO_DATE_MESSAGE],
    ['01-04-2025', ISO_DATE_MESSAGE],
    ['2025-04-01T00:00:00Z', ISO_DATE_MESSAGE],
    ['20250401', ISO_DATE_MESSAGE],
    ['2025-02-29', NO_SUCH_DATE_MESSAGE], // not a leap year
    ['1900-02-29', NO_SUCH_DATE_MESSAGE], // century, not a leap year
    ['2025-04-31', NO_SUCH_DATE_MESSAGE],
    ['2025-13-01', NO_SUCH_DATE_MESSAGE],
    ['2025-00-10', NO_SUCH_DATE_MESSAGE],
    ['2025-01-00', NO_SUCH_DATE_MESSAGE],
    ['2025-01-32', NO_SUCH_DATE_MESSAGE],
    ['0000-01-01', NO_SUCH_DATE_MESSAGE],
  ])('rejects %j: %s', (date, message) => {
    expect(isIsoDate(date)).toBe(false);
    expect(isoDateProblem(date)).toBe(message);
    expect(isoDateSchema.safeParse(date).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('agrees with the JavaScript calendar for every year, month and day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const date = new Date(0);
          date.setUTCFullYear(y, m - 1, d);
          const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
          expect(isIsoDate(text)).toBe(real);
        },
      ),
    );
  });

  it('the schema trims surrounding spaces', () => {
    expect(isoDateSchema.parse(' 2025-04-01 ')).toBe('2025-04-01');
  });
});
