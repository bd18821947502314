import fc from 'fast-check';
import { isPan, PAN_HOLDER_TYPE_MESSAGE, PAN_HOLDER_TYPES, PAN_MESSAGE, panProblem, panSchema } from './pan';

describe('PAN', () => {
  it.each(['ABCPE1234F', 'AAPFU0939F', 'AAACR5055K', 'AABCT1332L', 'AAAHA1234A', 'AAAGG0000Z'])(
    'accepts %s',
    (pan) => {
      expect(isPan(pan)).toBe(true);
      expect(panSchema.parse(pan)).toBe(pan);
    },
  );

  it.each([
    ['', PAN_MESSAGE],
    ['ABCPE1234', PAN_MESSAGE],
    ['ABCPE1234FF', PAN_MESSAGE],
    ['ABCP11234F', PAN_MESSAGE],
    ['ABCPE12345', PAN_MESSAGE],
    ['ABCPE12A4F', PAN_MESSAGE],
    ['ABCXE1234F', PAN_HOLDER_TYPE_MESSAGE],
    ['ABCEE1234F', PAN_HOLDER_TYPE_MESSAGE],
  ])('rejects %j: %s', (pan, message) => {
    expect(isPan(pan)).toBe(false);
    expect(panProblem(pan)).toBe(message);
    expect(panSchema.safeParse(pan).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('the schema trims and upper-cases; the predicate does not', () => {
    expect(panSchema.parse(' abcpe1234f ')).toBe('ABCPE1234F');
    expect(isPan('abcpe1234f')).toBe(false);
    expect(panSchema.safeParse('ABCXE1234F').error?.issues[0]?.message).toBe(PAN_HOLDER_TYPE_MESSAGE);
  });

  it('accepts exactly the ten holder types in the fourth place', () => {
    fc.assert(
      fc.property(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), (letter) => {
        expect(isPan(`ABC${letter}E1234F`)).toBe((PAN_HOLDER_TYPES as readonly string[]).includes(letter));
      }),
    );
  });
});
