import Decimal from 'decimal.js';
import { SuperJSON } from 'superjson';

/**
 * The payload serialiser shared by the gateway and the web app: dates, maps, sets and the like survive
 * the trip, and money (decimal.js) arrives as `Decimal`, written on the wire as a plain decimal string
 * (never exponent notation, never a JavaScript number).
 *
 * This file must stay free of server-only imports: the web app imports it.
 */
export const transformer = new SuperJSON();

transformer.registerCustom<Decimal, string>(
  {
    isApplicable: (value): value is Decimal => Decimal.isDecimal(value),
    serialize: (value) => value.toFixed(),
    deserialize: (value) => new Decimal(value),
  },
  'decimal.js',
);
