import Decimal from 'decimal.js';
import { SuperJSON } from 'superjson';

function withDecimal(serialiser: SuperJSON): SuperJSON {
  serialiser.registerCustom<Decimal, string>(
    {
      isApplicable: (value): value is Decimal => Decimal.isDecimal(value),
      serialize: (value) => value.toFixed(),
      deserialize: (value) => new Decimal(value),
    },
    'decimal.js',
  );
  return serialiser;
}

/**
 * The payload serialiser shared by the gateway and the web app: dates, maps, sets and the like survive
 * the trip, and money (decimal.js) arrives as `Decimal`, written on the wire as a plain decimal string
 * (never exponent notation, never a JavaScript number). Browser-safe: the web app's tRPC links use it.
 */
export const transformer = withDecimal(new SuperJSON());
