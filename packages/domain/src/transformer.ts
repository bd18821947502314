import Decimal from 'decimal.js';
import { SuperJSON, type SuperJSONResult } from 'superjson';

/** How deep a payload may nest: far beyond any request or answer of ours, well short of any stack's limit. */
export const MAX_PAYLOAD_DEPTH = 32;

/** A payload that cannot be read: nested too deep, malformed, or an amount that is not plain decimal text. */
export class PayloadError extends Error {
  /** The dotted path of the value at fault (`values.loan_emi`), when one is. */
  readonly field: string | undefined;
  constructor(message: string, field?: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'PayloadError';
    this.field = field;
  }
}

const UNREADABLE_MESSAGE = 'The request could not be read.';
const TOO_DEEP_MESSAGE = `The request nests more than ${MAX_PAYLOAD_DEPTH} levels deep.`;
const AMOUNT_MESSAGE = 'Enter the amount as plain decimal text, e.g. 1250.50.';

// What toFixed() writes: decimal.js itself would also read hex, binary, exponents and NaN, and an
// exponent of a million is a string of a million digits.
const PLAIN_DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;
const isPlainDecimal = (value: unknown): value is string =>
  typeof value === 'string' && PLAIN_DECIMAL.test(value);

/** An amount as it leaves the API: two decimals at least ("10000.00", "192.50"), a rate's own beyond. */
const decimalText = (value: Decimal) => value.toFixed(Math.max(2, value.decimalPlaces()));

function withDecimal(serialiser: SuperJSON): SuperJSON {
  serialiser.registerCustom<Decimal, string>(
    {
      isApplicable: (value): value is Decimal => Decimal.isDecimal(value),
      serialize: decimalText,
      deserialize: (value) => {
        if (!isPlainDecimal(value)) throw new PayloadError(AMOUNT_MESSAGE);
        return new Decimal(value);
      },
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
          return decimalText(node as Decimal);
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Throws PayloadError when the JSON nests deeper than MAX_PAYLOAD_DEPTH; walks without recursion. */
function checkDepth(json: unknown): void {
  const pending: [unknown, number][] = [[json, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_PAYLOAD_DEPTH) throw new PayloadError(TOO_DEEP_MESSAGE);
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child, depth + 1]);
  }
}

/** A superjson path's keys (pathstringifier.ts, version 1): dots separate, a backslash escapes a dot or itself. */
function pathKeys(path: string): string[] {
  const keys: string[] = [];
  let key = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i];
    if (char === '\\') {
      const escaped = path[++i];
      if (escaped !== '\\' && escaped !== '.') throw new PayloadError(UNREADABLE_MESSAGE);
      key += escaped;
    } else if (char === '.') {
      keys.push(key);
      key = '';
    } else {
      key += char;
    }
  }
  keys.push(key);
  return keys;
}

/** The JSON value at `keys`, through plain objects' own keys and arrays only. */
function valueAt(json: unknown, keys: readonly string[]): unknown {
  let node = json;
  for (const key of keys) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

const isDecimalAnnotation = (node: unknown) =>
  Array.isArray(node) && node[0] === 'custom' && node[1] === 'decimal.js';

/**
 * Checks a payload before superjson reads it: the JSON and the annotation tree nest at most
 * MAX_PAYLOAD_DEPTH deep (superjson walks both recursively), and each value annotated as an amount is
 * plain decimal text, named by its path when it is not.
 */
function checkPayload(json: unknown, values: unknown): void {
  checkDepth(json);
  if (values === undefined) return;
  const pending: [unknown, readonly string[], number][] = [[values, [], 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [tree, at, depth] = next;
    if (depth > MAX_PAYLOAD_DEPTH || at.length > MAX_PAYLOAD_DEPTH) throw new PayloadError(TOO_DEEP_MESSAGE);
    let children: unknown = tree;
    if (Array.isArray(tree)) {
      const [annotation, below] = tree;
      if (isDecimalAnnotation(annotation) && !isPlainDecimal(valueAt(json, at))) {
        throw new PayloadError(AMOUNT_MESSAGE, at.join('.'));
      }
      children = below ?? {};
    }
    if (!isRecord(children)) throw new PayloadError(UNREADABLE_MESSAGE);
    for (const [path, below] of Object.entries(children)) {
      pending.push([below, [...at, ...pathKeys(path)], depth + 1]);
    }
  }
}

/**
 * JSON parsed in another realm (a vm context, which is how jest runs a test file; Node's fetch parses
 * bodies outside it) is read again in this one: superjson annotates only this realm's plain objects and
 * arrays, and would leave a date inside foreign ones as text. One realm, as in the browser and the
 * server, costs nothing.
 */
function ofThisRealm(json: SuperJSONResult['json']): SuperJSONResult['json'] {
  if (typeof json !== 'object' || json === null) return json;
  const prototype = Object.getPrototypeOf(json);
  return prototype === Object.prototype || prototype === Array.prototype || prototype === null
    ? json
    : JSON.parse(JSON.stringify(json));
}

/**
 * superjson's deserialize, for payloads from the wire: checked first (checkPayload), and whatever superjson
 * itself trips over is a PayloadError in our words rather than its own. Read in place: a payload is
 * always one just parsed from the wire, owned by no one else, and superjson otherwise deep-copies it
 * first (a browser's whole list page, twice over). Identity between parts of a payload is not restored:
 * superjson writes a repeated object out in full each time, and a made-up referential annotation could
 * otherwise tie a request into a cycle.
 */
function deserialize<T = unknown>(payload: SuperJSONResult): T {
  if (!isRecord(payload)) throw new PayloadError(UNREADABLE_MESSAGE);
  const { json, meta } = payload;
  if (meta !== undefined && (!isRecord(meta) || meta.v !== 1)) throw new PayloadError(UNREADABLE_MESSAGE);
  checkPayload(json, meta?.values);
  try {
    return superjson.deserialize<T>(
      meta?.values === undefined
        ? { json }
        : { json: ofThisRealm(json), meta: { values: meta.values, v: 1 } },
      { inPlace: true },
    );
  } catch (error) {
    if (error instanceof PayloadError) throw error;
    throw new PayloadError(UNREADABLE_MESSAGE, undefined, { cause: error });
  }
}

/**
 * The payload serialiser shared by the gateway and the web app: dates, maps, sets and the like survive
 * the trip, and money (decimal.js) arrives as `Decimal`, written on the wire as a plain decimal string
 * (never exponent notation, never a JavaScript number). superjson's format both ways; its serialize is
 * the fast walk above. Browser-safe: the web app's tRPC links use it.
 */
export const transformer = { serialize, deserialize };
