import Decimal from 'decimal.js';
import { NUL_MESSAGE, nulPathIn, plainText } from './text';

describe('the NUL character', () => {
  it('is found anywhere in an input, value or key, and named by its dotted path', () => {
    expect(nulPathIn({ name: 'Ravi', values: { colour: 'white' } })).toBeUndefined();
    expect(nulPathIn('a\u0000')).toBe('');
    expect(nulPathIn({ values: { name: 'Ra\u0000vi' } })).toBe('values.name');
    expect(nulPathIn({ ids: ['ok', 'x\u0000'] })).toBe('ids.1');
    expect(nulPathIn({ filters: { 'labels\u0000': ['a'] } })).toBe('filters.labels\u0000');
    expect(nulPathIn({ m: new Map([['k', 'v\u0000']]), s: new Set(['a', 'b\u0000']) })).toMatch(
      /^(m\.k|s\.1)$/,
    );
  });

  it('passes over what holds no text: numbers, flags, dates, amounts, bytes', () => {
    expect(
      nulPathIn({
        n: 1,
        b: true,
        d: new Date(0),
        a: new Decimal('1.5'),
        bytes: new Uint8Array([0]),
        z: null,
      }),
    ).toBeUndefined();
  });

  it('walks any depth without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPathIn(deep)).toBe(`${'0.'.repeat(100_000)}`.slice(0, -1));
  });

  it('is refused by the free-text schema with words a person can act on', () => {
    expect(plainText().safeParse('fine').success).toBe(true);
    expect(
      plainText()
        .safeParse('not\u0000fine')
        .error?.issues.map((i) => i.message),
    ).toEqual([NUL_MESSAGE]);
  });
});
