import { BOOKING_STATUSES } from '@fleet/domain';
import Decimal from 'decimal.js';
import {
  dateText,
  dateTimeText,
  durationText,
  dutyNumber,
  rupees,
  slipMediumText,
  statusColour,
  timeText,
} from './duty-format';

describe('how the Duties screens write things', () => {
  it('shows booking numbers as 8 digits', () => {
    expect(dutyNumber(123)).toBe('00000123');
    expect(dutyNumber(12345678)).toBe('12345678');
  });

  it('writes instants as the operator reads them in Asia/Kolkata, DD/MM/YYYY and 24-hour HH:MM', () => {
    const lateUtc = new Date('2026-03-31T20:00:00Z');
    expect(dateText(lateUtc)).toBe('01/04/2026');
    expect(timeText(lateUtc)).toBe('01:30');
    expect(dateTimeText(new Date('2026-11-25T02:30:00Z'))).toBe('25/11/2026 08:00');
    expect(dateTimeText(null)).toBe('—');
  });

  it('writes rupees with Indian grouping and paise from the Decimal’s own digits', () => {
    expect(rupees(new Decimal('1234567.5'))).toBe('₹12,34,567.50');
    expect(rupees(new Decimal('2579.5'))).toBe('₹2,579.50');
    expect(rupees(new Decimal('0.1').plus('0.2'))).toBe('₹0.30');
    expect(rupees(new Decimal('99999999999.99'))).toBe('₹99,99,99,99,999.99');
    expect(rupees(new Decimal('-450'))).toBe('-₹450.00');
  });

  it('says how long a duty ran in hours and minutes', () => {
    expect(durationText(555)).toBe('9 h 15 min');
    expect(durationText(480)).toBe('8 h');
    expect(durationText(45)).toBe('45 min');
    expect(durationText(0)).toBe('0 min');
  });

  it('names how a slip arrived, and a dash until it has', () => {
    expect(slipMediumText('HARD_COPY')).toBe('Hard copy');
    expect(slipMediumText(null)).toBe('—');
  });

  it('gives every status a badge colour', () => {
    for (const status of BOOKING_STATUSES) expect(typeof statusColour(status)).toBe('string');
    expect(statusColour('CLOSED')).toBe('green');
    expect(statusColour('CANCELLED')).toBe('red');
  });
});
