import Decimal from 'decimal.js';
import fc from 'fast-check';
import { SuperJSON } from 'superjson';
import { transformer } from './transformer';

// superjson itself, with the same Decimal registration: what every payload must look like on the wire.
const reference = new SuperJSON();
reference.registerCustom<Decimal, string>(
  {
    isApplicable: (value): value is Decimal => Decimal.isDecimal(value),
    serialize: (value) => value.toFixed(),
    deserialize: (value) => new Decimal(value),
  },
  'decimal.js',
);

/**
 * A payload as JSON text, its annotations sorted by path: superjson's own order of `meta.values` follows
 * JavaScript's property order (integer-like keys first), which no reader depends on.
 */
function canonical(result: { json: unknown; meta?: { values?: unknown } }): string {
  const values = result.meta?.values;
  if (!values || Array.isArray(values)) return JSON.stringify(result);
  const sorted = Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({ ...result, meta: { ...result.meta, values: sorted } });
}
const wire = (value: unknown) => canonical(transformer.serialize(value));
const referenceWire = (value: unknown) => canonical(reference.serialize(value));

// Keys as API answers have them, plus the ones superjson escapes or refuses.
const key = fc.oneof(
  fc.constantFrom('id', 'values', 'a.b', 'x\\y', 'dots.and\\slash.', '', '0', 'createdAt'),
  fc.string({ maxLength: 6 }),
);
const leaf = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.date({ noInvalidDate: false }),
  fc.stringMatching(/^-?\d{1,12}(\.\d{1,4})?$/).map((text) => new Decimal(text)),
  fc.bigInt().map((n) => n),
  fc.constant(new Map([['k', 1]])),
  fc.constant(new Set([1])),
);
const payload = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
})).node;

describe('the payload transformer', () => {
  it('writes what superjson writes, for any payload', () => {
    fc.assert(
      fc.property(payload, (value) => {
        expect(wire(value)).toBe(referenceWire(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes what superjson writes where superjson’s general walk is needed', () => {
    const shared = { k: 1 };
    const date = new Date('2030-01-01T00:00:00Z');
    for (const value of [
      { s: shared, t: shared },
      [date, date],
      { n: Number.NaN, inf: -Number.POSITIVE_INFINITY, z: -0 },
      new Date(Number.NaN),
      // biome-ignore lint/suspicious/noSparseArray: a hole, which superjson keeps
      [1, , 3],
      { when: new Map([[1, date]]) },
    ]) {
      expect(wire(value)).toBe(referenceWire(value));
    }
    expect(() => transformer.serialize(JSON.parse('{"__proto__":{"x":1}}'))).toThrow(/prototype pollution/);
  });

  it('brings dates, decimals and undefined back as they left', () => {
    const answer = {
      records: [{ id: 'r1', createdAt: new Date('2030-01-01T00:00:00Z'), amount: new Decimal('18250.50') }],
      'odd.key': { missing: undefined },
      nextCursor: null,
    };
    const back = transformer.deserialize<typeof answer>(
      JSON.parse(JSON.stringify(transformer.serialize(answer))),
    );
    expect(back.records[0]!.createdAt).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(back.records[0]!.amount).toBeInstanceOf(Decimal);
    expect(back.records[0]!.amount.toFixed()).toBe('18250.5');
    expect(Object.hasOwn(back['odd.key'], 'missing')).toBe(true);
    expect(back).toEqual(answer);
  });
});
