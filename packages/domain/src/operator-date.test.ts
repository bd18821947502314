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

describe('operatorInstant', () => {
  it('reads a wall-clock time in the operator’s zone, or another', async () => {
    const { operatorInstant } = await import('./operator-date');
    expect(operatorInstant('2026-12-01', '07:30').toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(operatorInstant('2026-12-01', '00:15').toISOString()).toBe('2026-11-30T18:45:00.000Z');
    // London on either side of its clocks going forward (29 March 2026).
    expect(operatorInstant('2026-03-28', '12:00', 'Europe/London').toISOString()).toBe(
      '2026-03-28T12:00:00.000Z',
    );
    expect(operatorInstant('2026-03-30', '12:00', 'Europe/London').toISOString()).toBe(
      '2026-03-30T11:00:00.000Z',
    );
    expect(() => operatorInstant('2026-02-30', '07:30')).toThrow(RangeError);
  });
});
