import Decimal from 'decimal.js';
import fc from 'fast-check';
import { SuperJSON } from 'superjson';
import { MAX_PAYLOAD_DEPTH, PayloadError, transformer } from './transformer';

// superjson itself, with the same Decimal registration: what every payload must look like on the wire.
const reference = new SuperJSON();
reference.registerCustom<Decimal, string>(
  {
    isApplicable: (value): value is Decimal => Decimal.isDecimal(value),
    serialize: (value) => value.toFixed(Math.max(2, value.decimalPlaces())),
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

  it('writes every amount with two decimals at least, and a rate with all of its own', () => {
    const answer = {
      total: new Decimal('10000'),
      tax: new Decimal('192.5'),
      rate: new Decimal('14.1234'),
      rows: [{ amount: new Decimal('-0.5') }],
    };
    expect(transformer.serialize(answer).json).toEqual({
      total: '10000.00',
      tax: '192.50',
      rate: '14.1234',
      rows: [{ amount: '-0.50' }],
    });
    // The general path (a payload with a bigint) writes them alike.
    expect(transformer.serialize({ ...answer, count: 1n }).json).toMatchObject({
      total: '10000.00',
      tax: '192.50',
    });
  });
});

describe('reading a payload from the wire', () => {
  type Payload = Parameters<typeof transformer.deserialize>[0];
  /** Reads the payload as JSON text arrives from the wire (text, or a value written out as text). */
  const read = (payload: unknown) => () =>
    transformer.deserialize(
      JSON.parse(typeof payload === 'string' ? payload : JSON.stringify(payload)) as Payload,
    );
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('takes JSON nested up to MAX_PAYLOAD_DEPTH levels and refuses deeper in its own words', () => {
    expect(read(`{"json":${nested(MAX_PAYLOAD_DEPTH)}}`)).not.toThrow();
    expect(read(`{"json":${nested(MAX_PAYLOAD_DEPTH + 1)}}`)).toThrow(
      new PayloadError(`The request nests more than ${MAX_PAYLOAD_DEPTH} levels deep.`),
    );
    // Deep enough to exhaust any stack, and still a plain refusal.
    expect(read(`{"json":${nested(200_000)}}`)).toThrow(PayloadError);
    const deepMeta = `${'{"a":'.repeat(100_000)}["Date"]${'}'.repeat(100_000)}`;
    expect(read(`{"json":{},"meta":{"v":1,"values":${deepMeta}}}`)).toThrow(PayloadError);
    expect(
      read({ json: {}, meta: { values: { [Array(100).fill('a').join('.')]: ['Date'] }, v: 1 } }),
    ).toThrow(PayloadError);
  });

  it('reads an amount only from plain decimal text, naming the field otherwise', () => {
    const amount = (text: unknown) => ({
      json: { values: { loan_emi: text } },
      meta: { values: { 'values.loan_emi': [['custom', 'decimal.js']] }, v: 1 },
    });
    const back = read(amount('18250.50'))() as { values: { loan_emi: Decimal } };
    expect(back.values.loan_emi).toEqual(new Decimal('18250.5'));
    for (const trick of ['0x10', '1e5', '1e1000000', 'NaN', 'Infinity', ' 5', '', 5, true, ['5']]) {
      let thrown: unknown;
      try {
        read(amount(trick))();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(PayloadError);
      expect(thrown).toMatchObject({
        message: 'Enter the amount as plain decimal text, e.g. 1250.50.',
        field: 'values.loan_emi',
      });
    }
  });

  it('answers whatever superjson trips over in its own words, not superjson’s', () => {
    for (const payload of [
      null,
      '"text"',
      '{"json":{"a":1},"meta":{"values":{"__proto__":["Date"]},"v":1}}',
      { json: { a: 1 }, meta: { values: { a: ['NoSuchType'] }, v: 1 } },
      { json: { a: 1 }, meta: { values: { 'a\\x': ['Date'] }, v: 1 } },
      { json: { a: 1 }, meta: { values: { a: ['Date'] } } },
      { json: { a: 1 }, meta: 'x' },
    ]) {
      expect(read(payload)).toThrow(PayloadError);
      expect(read(payload)).toThrow(/^The request could not be read\.$/);
    }
  });

  it('never ties a payload into a cycle, whatever its referential annotations say', () => {
    const back = read({
      json: { a: { b: 1 } },
      meta: { referentialEqualities: { '': ['a.self'] }, values: undefined, v: 1 },
    })() as { a: { self?: unknown } };
    expect(back).toEqual({ a: { b: 1 } });
  });
});

describe('a payload parsed in another realm', () => {
  it('still has its dates restored (jest runs tests in a vm context; Node parses fetch bodies outside it)', async () => {
    const { runInNewContext } = await import('node:vm');
    const text = JSON.stringify(
      transformer.serialize({ points: [{ at: new Date('2040-03-06T03:45:00Z') }] }),
    );
    const foreign = runInNewContext(`JSON.parse(${JSON.stringify(text)})`);
    const back = transformer.deserialize<{ points: { at: Date }[] }>(foreign);
    expect(back.points[0]?.at).toEqual(new Date('2040-03-06T03:45:00Z'));
  });
});
