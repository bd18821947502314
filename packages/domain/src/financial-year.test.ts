import { financialYearOf } from './financial-year';

describe('the Indian financial year', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf('2026-03-31')).toEqual({
      start: '2025-04-01',
      end: '2026-03-31',
      label: '2025-26',
      short: '25-26',
      previous: { start: '2024-04-01', end: '2025-03-31', label: '2024-25', short: '24-25' },
    });
    expect(financialYearOf('2026-04-01')).toMatchObject({
      start: '2026-04-01',
      end: '2027-03-31',
      label: '2026-27',
      short: '26-27',
    });
  });

  it('writes the century turn with two digits', () => {
    expect(financialYearOf('2099-12-31').label).toBe('2099-00');
    expect(financialYearOf('2000-01-01').label).toBe('1999-00');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => financialYearOf('2026-02-30')).toThrow(RangeError);
    expect(() => financialYearOf('31/03/2026')).toThrow(RangeError);
  });
});
