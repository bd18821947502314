import { transformer } from '@fleet/domain';
import Decimal from 'decimal.js';

const d = new Date('2030-01-01T00:00:00Z');
const shared = { k: 1 };
for (const v of [
  {
    a: d,
    b: [d, undefined, new Decimal('1.50')],
    'x.y': { c: 1, 'q\\r': d },
    n: NaN,
    inf: -Infinity,
    z: -0,
    u: undefined,
  },
  { s: shared, t: shared },
  [d],
  d,
  undefined,
  null,
  'x',
  { records: [] },
  new Date(NaN),
])
  console.log(JSON.stringify(transformer.serialize(v)));
