import Decimal from 'decimal.js';
import { SuperJSON, type SuperJSONResult } from 'superjson';

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

const superjson = withDecimal(new SuperJSON());

/** Thrown inside the walk: this value needs superjson's general machinery. */
const GENERAL = Symbol('needs superjson');

type Annotation = ['Date'] | ['undefined'] | [['custom', 'decimal.js']];

// superjson's own path syntax (pathstringifier.ts): keys joined by dots, dots and backslashes in keys
// escaped. Written only for the values that need an annotation, from the stack of keys walked to them.
const escapeKey = (key: string) =>
  key.includes('.') || key.includes('\\') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key;

/**
 * superjson's serialize, fast for what the API answers are made of: plain objects and arrays of strings,
 * finite numbers, booleans, null, undefined, dates and decimals. It writes superjson's format
 * (`{ json, meta: { values, v: 1 } }`, annotations keyed by superjson's paths), so superjson reads it
 * back; anything else — a Map or Set, a class instance, a bigint, NaN or -0, an invalid date, an object
 * met twice (superjson records referential equalities), a key superjson refuses — is handed to superjson
 * whole. The profile of a 50-row list page put superjson's general walk (identity tracking, a registry
 * lookup and a path array per value) at a third of the gateway's work.
 */
function serialize(value: unknown): SuperJSONResult {
  const values: Record<string, Annotation> = {};
  let rootAnnotation: Annotation | undefined;
  let annotated = false;
  const seen = new Set<object>();
  const keys: string[] = [];
  const annotate = (annotation: Annotation) => {
    annotated = true;
    if (keys.length === 0) rootAnnotation = annotation;
    else values[keys.map(escapeKey).join('.')] = annotation;
  };
  const walk = (node: unknown): unknown => {
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return node;
      case 'number':
        if (!Number.isFinite(node) || Object.is(node, -0)) throw GENERAL;
        return node;
      case 'undefined':
        annotate(['undefined']);
        return null;
      case 'object': {
        if (node === null) return null;
        if (seen.has(node)) throw GENERAL;
        seen.add(node);
        const proto = Object.getPrototypeOf(node);
        if (proto === Object.prototype || proto === null) {
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(node)) {
            if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw GENERAL;
            keys.push(key);
            out[key] = walk((node as Record<string, unknown>)[key]);
            keys.pop();
          }
          return out;
        }
        if (Array.isArray(node)) {
          const out = new Array(node.length);
          for (let i = 0; i < node.length; i++) {
            if (!(i in node)) throw GENERAL;
            keys.push(String(i));
            out[i] = walk(node[i]);
            keys.pop();
          }
          return out;
        }
        if (node instanceof Date) {
          if (Number.isNaN(node.getTime())) throw GENERAL;
          annotate(['Date']);
          return node.toISOString();
        }
        if (Decimal.isDecimal(node)) {
          annotate([['custom', 'decimal.js']]);
          return (node as Decimal).toFixed();
        }
        throw GENERAL;
      }
      default:
        throw GENERAL;
    }
  };
  let json: unknown;
  try {
    json = walk(value);
  } catch (error) {
    if (error === GENERAL) return superjson.serialize(value);
    throw error;
  }
  if (!annotated) return { json: json as SuperJSONResult['json'] };
  return {
    json: json as SuperJSONResult['json'],
    meta: { values: (rootAnnotation ?? values) as NonNullable<SuperJSONResult['meta']>['values'], v: 1 },
  };
}

/**
 * The payload serialiser shared by the gateway and the web app: dates, maps, sets and the like survive
 * the trip, and money (decimal.js) arrives as `Decimal`, written on the wire as a plain decimal string
 * (never exponent notation, never a JavaScript number). superjson's format both ways; its serialize is
 * the fast walk above. Browser-safe: the web app's tRPC links use it.
 */
export const transformer = {
  serialize,
  // In place: what is deserialised is always a payload just parsed from the wire, owned by no one else,
  // and superjson otherwise deep-copies it first (a browser's whole list page, twice over).
  deserialize: <T = unknown>(payload: SuperJSONResult): T =>
    superjson.deserialize<T>(payload, { inPlace: true }),
};
