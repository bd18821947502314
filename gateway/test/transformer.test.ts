import Decimal from 'decimal.js';
import { transformer } from '../src';

describe('the shared transformer', () => {
  it('sends money as a decimal string and brings it back as Decimal', () => {
    const payload = {
      amount: new Decimal('1234567.89'),
      tiny: new Decimal('0.00000001'),
      huge: new Decimal('1e25'),
    };
    const wire = transformer.serialize(payload);
    expect(wire.json).toEqual({
      amount: '1234567.89',
      tiny: '0.00000001',
      huge: '10000000000000000000000000.00',
    });
    const back = transformer.deserialize<typeof payload>(JSON.parse(JSON.stringify(wire)));
    expect(Decimal.isDecimal(back.amount)).toBe(true);
    expect(back.amount.equals('1234567.89')).toBe(true);
    expect(back.tiny.equals('0.00000001')).toBe(true);
    expect(back.huge.equals('1e25')).toBe(true);
  });

  it('keeps dates, maps and sets', () => {
    const at = new Date('2025-04-01T10:00:00Z');
    const back = transformer.deserialize<{ at: Date; m: Map<string, number>; s: Set<string> }>(
      JSON.parse(JSON.stringify(transformer.serialize({ at, m: new Map([['a', 1]]), s: new Set(['x']) }))),
    );
    expect(back.at).toBeInstanceOf(Date);
    expect(back.at.toISOString()).toBe(at.toISOString());
    expect(back.m.get('a')).toBe(1);
    expect(back.s.has('x')).toBe(true);
  });
});
