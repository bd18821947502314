import { formatDate, formatDateTime, formatIsoDate } from './date-time';

describe('document dates and times', () => {
  it("prints an instant in the operator's zone, which may be another day than UTC", () => {
    expect(formatDateTime(new Date('2026-03-31T20:00:00Z'), 'Asia/Kolkata')).toBe('01/04/2026 01:30');
    expect(formatDate(new Date('2026-03-31T20:00:00Z'), 'Asia/Kolkata')).toBe('01/04/2026');
    expect(formatDateTime(new Date('2026-03-31T20:00:00Z'), 'UTC')).toBe('31/03/2026 20:00');
  });

  it('writes midnight as 00:00 and the afternoon on a 24-hour clock', () => {
    expect(formatDateTime(new Date('2026-01-14T18:30:00Z'), 'Asia/Kolkata')).toBe('15/01/2026 00:00');
    expect(formatDateTime(new Date('2026-01-15T09:35:00Z'), 'Asia/Kolkata')).toBe('15/01/2026 15:05');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => formatDateTime(new Date(), 'Asia/Nowhere')).toThrow(RangeError);
  });

  it('writes a calendar date DD/MM/YYYY, and an instant on the operator’s clock unless told', () => {
    expect(formatIsoDate('2026-11-30')).toBe('30/11/2026');
    expect(formatIsoDate('')).toBe('');
    expect(formatDate(new Date('2026-11-29T19:00:00Z'))).toBe('30/11/2026');
  });
});
