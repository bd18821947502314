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

// superjson's own path syntax (pathstringifier.ts): dots and backslashes in keys are escaped.
const escapeKey = (key: string) =>
  key.includes('.') || key.includes('\\') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key;
// `undefined` is the root; a key may be '' (superjson then writes the path '.0').
const join = (path: string | undefined, key: string) => (path === undefined ? key : `${path}.${key}`);
const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * superjson's serialize, fast for what the API answers are made of: plain objects and arrays of strings,
 * finite numbers, booleans, null, undefined, dates and decimals. It writes exactly superjson's format
 * (`{ json, meta: { values, v: 1 } }`, annotations keyed by superjson's paths), so superjson reads it
 * back; anything else — a Map or Set, a class instance, a bigint, NaN or -0, an invalid date, an object
 * met twice (superjson records referential equalities), a key superjson refuses — is handed to superjson
 * whole. The profile of a 50-row list page put superjson's general walk (identity tracking, a registry
 * lookup per value) at a third of the gateway's work; this walk is a fraction of that.
 */
function serialize(value: unknown): SuperJSONResult {
  const values: Record<string, Annotation> = {};
  let rootAnnotation: Annotation | undefined;
  let annotated = false;
  const seen = new Set<object>();
  const annotate = (path: string | undefined, annotation: Annotation) => {
    annotated = true;
    if (path === undefined) rootAnnotation = annotation;
    else values[path] = annotation;
  };
  const walk = (node: unknown, path: string | undefined): unknown => {
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return node;
      case 'number':
        if (!Number.isFinite(node) || Object.is(node, -0)) throw GENERAL;
        return node;
      case 'undefined':
        annotate(path, ['undefined']);
        return null;
      case 'object': {
        if (node === null) return null;
        if (seen.has(node)) throw GENERAL;
        seen.add(node);
        if (Array.isArray(node)) {
          const out = new Array(node.length);
          for (let i = 0; i < node.length; i++) {
            if (!(i in node)) throw GENERAL;
            out[i] = walk(node[i], join(path, String(i)));
          }
          return out;
        }
        if (node instanceof Date) {
          const time = node.getTime();
          if (Number.isNaN(time)) throw GENERAL;
          annotate(path, ['Date']);
          return node.toISOString();
        }
        if (Decimal.isDecimal(node)) {
          annotate(path, [['custom', 'decimal.js']]);
          return (node as Decimal).toFixed();
        }
        if (!isPlainObject(node)) throw GENERAL;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(node)) {
          if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw GENERAL;
          out[key] = walk((node as Record<string, unknown>)[key], join(path, escapeKey(key)));
        }
        return out;
      }
      default:
        throw GENERAL;
    }
  };
  let json: unknown;
  try {
    json = walk(value, undefined);
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
  deserialize: <T = unknown>(payload: SuperJSONResult): T => superjson.deserialize<T>(payload),
};
