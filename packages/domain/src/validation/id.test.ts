import { idSchema, isReferenceCode, isUuid, referenceCodeSchema } from './id';

describe('an id', () => {
  const id = '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e';

  it('is a UUID in either case, and nothing else', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    for (const notOne of ['abc', '', `${id} `, `{${id}}`, id.replace(/-/g, ''), `${id}\u0000`, 42, null]) {
      expect(isUuid(notOne)).toBe(false);
    }
    expect(idSchema.safeParse('abc').error?.issues[0]?.message).toBe(
      'This is not a valid id; choose the record from the list.',
    );
  });

  it('of reference data is a readable code', () => {
    expect(isReferenceCode('mh-mumbai')).toBe(true);
    expect(isReferenceCode('MH')).toBe(true);
    for (const notOne of ['', 'mh mumbai', 'mh_mumbai', 'x'.repeat(101), 'a\u0000']) {
      expect(isReferenceCode(notOne)).toBe(false);
    }
    expect(referenceCodeSchema.safeParse('mh-pune').success).toBe(true);
  });
});
