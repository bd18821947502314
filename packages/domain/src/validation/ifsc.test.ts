import { IFSC_MESSAGE, ifscSchema, isIfsc } from './ifsc';

describe('IFSC', () => {
  it.each(['SBIN0001234', 'HDFC0000001', 'ICIC0ABC123', 'UTIB0SBGB01'])('accepts %s', (ifsc) => {
    expect(isIfsc(ifsc)).toBe(true);
    expect(ifscSchema.parse(ifsc)).toBe(ifsc);
  });

  it.each([
    '',
    'SBIN001234', // 10 characters
    'SBIN00012345', // 12 characters
    'SBIN1001234', // fifth character is not 0
    'SBI00001234', // only three letters
    '1BIN0001234',
    'SBIN000123-',
    'sbin0001234',
  ])('rejects %j', (ifsc) => {
    expect(isIfsc(ifsc)).toBe(false);
  });

  it('the schema trims and upper-cases, and explains the format', () => {
    expect(ifscSchema.parse(' sbin0001234 ')).toBe('SBIN0001234');
    expect(ifscSchema.safeParse('SBIN1001234').error?.issues.map((i) => i.message)).toEqual([IFSC_MESSAGE]);
  });
});
