import { addCalendarDays, operatorDate } from './operator-date';

describe('the operator’s calendar', () => {
  it('gives the date an instant falls on in the operator’s time zone', () => {
    // 20:00 UTC is already the next day in India (UTC+05:30).
    expect(operatorDate(new Date('2026-05-10T20:00:00Z'))).toBe('2026-05-11');
    expect(operatorDate(new Date('2026-05-10T20:00:00Z'), 'UTC')).toBe('2026-05-10');
  });

  it('adds and takes away calendar days across months, leap days and years', () => {
    expect(addCalendarDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addCalendarDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addCalendarDays('2026-01-05', -10)).toBe('2025-12-26');
    expect(addCalendarDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('refuses what is not a calendar date or a whole number of days', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addCalendarDays('2026-05-10', 1.5)).toThrow(RangeError);
  });
});
