import { parseDateText } from './date-text';

describe('parseDateText', () => {
  it('reads DD/MM/YYYY day first', () => {
    expect(parseDateText('01/04/2026')).toBe('2026-04-01');
    expect(parseDateText('31/03/2027')).toBe('2027-03-31');
    expect(parseDateText(' 5.6.2024 ')).toBe('2024-06-05');
    expect(parseDateText('15-06-2024')).toBe('2024-06-15');
  });

  it('takes ISO dates as they are', () => {
    expect(parseDateText('2026-04-01')).toBe('2026-04-01');
  });

  it('refuses what is not yet a whole, real date', () => {
    for (const text of ['', '15/06/202', '15/06', '31/02/2026', '29/02/2025', '00/01/2026', '12/13/2026']) {
      expect(parseDateText(text)).toBeNull();
    }
    expect(parseDateText('29/02/2024')).toBe('2024-02-29');
  });
});
