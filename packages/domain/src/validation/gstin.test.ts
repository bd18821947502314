import fc from 'fast-check';
import {
  buildGstin,
  GSTIN_CHECKSUM_MESSAGE,
  GSTIN_MESSAGE,
  GSTIN_STATE_CODES,
  GSTIN_STATE_MESSAGE,
  gstinCheckCharacter,
  gstinPan,
  gstinProblem,
  gstinSchema,
  gstinStateCode,
  isGstin,
} from './gstin';
import { PAN_HOLDER_TYPES } from './pan';

// An independent check-character calculation: Luhn mod N as usually written, walking from the
// right with the factor starting at 2.
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function luhnMod36(payload: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = payload.length - 1; i >= 0; i -= 1) {
    const addend = factor * CODE_POINTS.indexOf(payload.charAt(i));
    sum += Math.floor(addend / 36) + (addend % 36);
    factor = factor === 2 ? 1 : 2;
  }
  return CODE_POINTS.charAt((36 - (sum % 36)) % 36);
}
const withCheck = (first14: string): string => first14 + luhnMod36(first14);

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const entity = fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const first14 = fc
  .tuple(
    fc.constantFrom(...GSTIN_STATE_CODES),
    fc.array(upper, { minLength: 5, maxLength: 5 }),
    fc.array(digit, { minLength: 4, maxLength: 4 }),
    upper,
    entity,
  )
  .map(([state, letters, digits, last, e]) => `${state}${letters.join('')}${digits.join('')}${last}${e}Z`);

describe('gstinCheckCharacter', () => {
  it('agrees with a known GSTIN', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('agrees with an independent Luhn mod 36 implementation', () => {
    fc.assert(fc.property(first14, (body) => expect(gstinCheckCharacter(body)).toBe(luhnMod36(body))));
  });

  it('refuses input that is not 14 characters of 0-9 and A-Z', () => {
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27aapfu0939f1z')).toThrow(RangeError);
  });
});

describe('isGstin', () => {
  it.each([
    '27AAPFU0939F1ZV',
    withCheck('29AABCT1332L1Z'),
    withCheck('07AAACH7409R1Z'),
    withCheck('33ABCPE1234F2Z'),
    withCheck('38AAAAA0000A1Z'),
    withCheck('97AAACW1234K1Z'),
    withCheck('99AAACW1234KAZ'),
  ])('accepts %s', (gstin) => {
    expect(isGstin(gstin)).toBe(true);
    expect(gstinProblem(gstin)).toBeUndefined();
  });

  it.each([
    ['', GSTIN_MESSAGE],
    ['27AAPFU0939F1Z', GSTIN_MESSAGE], // too short
    ['27AAPFU0939F1ZVX', GSTIN_MESSAGE], // too long
    ['27aapfu0939f1zv', GSTIN_MESSAGE], // lower case
    ['27AAPFU0939F1YV', GSTIN_MESSAGE], // 14th character is not Z
    ['27AAPFU0939F0ZV', GSTIN_MESSAGE], // entity number 0
    ['27AAPF10939F1ZV', GSTIN_MESSAGE], // PAN with a digit among its letters
    ['2AAAPFU0939F1ZV', GSTIN_MESSAGE], // state code is not two digits
    [withCheck('00AAPFU0939F1Z'), GSTIN_STATE_MESSAGE],
    [withCheck('39AAPFU0939F1Z'), GSTIN_STATE_MESSAGE],
    [withCheck('98AAPFU0939F1Z'), GSTIN_STATE_MESSAGE],
    ['27AAPFU0939F1ZW', GSTIN_CHECKSUM_MESSAGE],
    ['27AAPFU0939F1Z5', GSTIN_CHECKSUM_MESSAGE],
    ['27AAPFU0938F1ZV', GSTIN_CHECKSUM_MESSAGE], // one digit mistyped
  ])('rejects %j: %s', (gstin, message) => {
    expect(isGstin(gstin)).toBe(false);
    expect(gstinProblem(gstin)).toBe(message);
  });

  it('accepts every well-formed GSTIN with the right check character', () => {
    fc.assert(fc.property(first14, (body) => expect(isGstin(withCheck(body))).toBe(true)));
  });

  it('rejects every GSTIN with a wrong check character', () => {
    fc.assert(
      fc.property(first14, fc.constantFrom(...CODE_POINTS), (body, check) => {
        fc.pre(check !== luhnMod36(body));
        expect(gstinProblem(body + check)).toBe(GSTIN_CHECKSUM_MESSAGE);
      }),
    );
  });

  it('catches any single mistyped character', () => {
    fc.assert(
      fc.property(first14, fc.nat(14), fc.constantFrom(...CODE_POINTS), (body, position, replacement) => {
        const valid = withCheck(body);
        fc.pre(valid.charAt(position) !== replacement);
        const typo = valid.slice(0, position) + replacement + valid.slice(position + 1);
        expect(isGstin(typo)).toBe(false);
      }),
    );
  });
});

describe('gstinSchema', () => {
  it('trims and upper-cases before checking', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });

  it('gives the reason as the message', () => {
    const result = gstinSchema.safeParse('27AAPFU0939F1ZW');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([GSTIN_CHECKSUM_MESSAGE]);
    expect(gstinSchema.safeParse('GST').error?.issues[0]?.message).toBe(GSTIN_MESSAGE);
  });

  it('rejects non-strings', () => {
    expect(gstinSchema.safeParse(27).success).toBe(false);
  });
});

describe('gstin parts', () => {
  it('gives the state code and the PAN', () => {
    expect(gstinStateCode('27AAPFU0939F1ZV')).toBe('27');
    expect(gstinPan('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });

  it('knows the state codes 01-38, 97 and 99', () => {
    expect(GSTIN_STATE_CODES).toHaveLength(40);
    expect(GSTIN_STATE_CODES).toEqual(expect.arrayContaining(['01', '09', '10', '38', '97', '99']));
    expect(GSTIN_STATE_CODES).not.toContain('00');
    expect(GSTIN_STATE_CODES).not.toContain('39');
  });
});

describe('buildGstin', () => {
  it('builds the GSTIN of a known registration', () => {
    expect(buildGstin('27', 'AAPFU0939F')).toBe('27AAPFU0939F1ZV');
  });

  it('builds a valid GSTIN that carries its state code, PAN and entity number', () => {
    const pan = fc
      .tuple(
        fc.array(upper, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...PAN_HOLDER_TYPES),
        upper,
        fc.array(digit, { minLength: 4, maxLength: 4 }),
        upper,
      )
      .map(
        ([first, holder, initial, digits, last]) =>
          `${first.join('')}${holder}${initial}${digits.join('')}${last}`,
      );
    fc.assert(
      fc.property(fc.constantFrom(...GSTIN_STATE_CODES), pan, entity, (state, p, e) => {
        const gstin = buildGstin(state, p, e);
        expect(isGstin(gstin)).toBe(true);
        expect(gstinStateCode(gstin)).toBe(state);
        expect(gstinPan(gstin)).toBe(p);
        expect(gstin.charAt(12)).toBe(e);
      }),
    );
  });

  it('refuses a state code, PAN or entity number a GSTIN cannot carry', () => {
    expect(() => buildGstin('39', 'AAPFU0939F')).toThrow(RangeError);
    expect(() => buildGstin('27', 'AAPXU0939F')).toThrow(RangeError); // X is no holder type
    expect(() => buildGstin('27', 'AAPFU0939F', '0')).toThrow(RangeError);
  });
});
