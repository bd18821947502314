import fc from 'fast-check';
import { isPhoneNumber, PHONE_MESSAGE, phoneSchema } from './phone';

describe('phone numbers', () => {
  it.each(['+919812345678', '+1', '+442079460000', '+123456789012345'])('accepts %s', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
    expect(phoneSchema.parse(phone)).toBe(phone);
  });

  it.each([
    '',
    '+',
    '5812345678', // no country code, and no Indian mobile
    '98123456789', // 11 digits without a country code
    '919812345678', // no plus sign
    '+1234567890123456', // 16 digits
    '+91 98123 45678',
    '+91-9812345678',
    '++919812345678',
    '+91981234567a',
    '+９１９８１２３４５６７８', // full-width digits
  ])('rejects %j with the country-code message', (phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
    const result = phoneSchema.safeParse(phone);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
  });

  it('takes a 10-digit Indian mobile without a country code as +91 and that number', () => {
    expect(phoneSchema.parse('9812345678')).toBe('+919812345678');
    expect(phoneSchema.parse(' 6012345678 ')).toBe('+916012345678');
    expect(isPhoneNumber('9812345678')).toBe(false);
  });

  it('the schema trims surrounding spaces; the predicate does not', () => {
    expect(phoneSchema.parse(' +919812345678 ')).toBe('+919812345678');
    expect(isPhoneNumber(' +919812345678 ')).toBe(false);
  });

  it('is exactly a plus sign and 1 to 15 digits', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'0123456789'), { minLength: 0, maxLength: 20 }), (digits) => {
        expect(isPhoneNumber(`+${digits.join('')}`)).toBe(digits.length >= 1 && digits.length <= 15);
      }),
    );
  });

  it('has the message the spec asks for', () => {
    expect(PHONE_MESSAGE).toBe('Enter the phone number with country code, e.g. +919812345678');
  });
});
