import { z } from 'zod';

// PostgreSQL's text cannot hold the NUL character (U+0000): a string carrying one is refused where it is
// written, which would surface as a failure of ours. It is the sender's mistake, so it is refused as such
// at every door: the gateway walks each input once (nulPathIn), the services walk each gRPC request, and
// free text inside JSON (a master's values) is checked by its schema (plainText).

export const NUL_MESSAGE = 'Remove the NUL character (U+0000); it cannot be stored.';

export const hasNul = (text: string) => text.includes('\u0000');

/** A string without NUL characters: the base of every free-text schema. */
export const plainText = () => z.string().refine((text) => !hasNul(text), NUL_MESSAGE);

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The dotted path (`values.name`, `ids.0`) of the first string — value or object key — holding a NUL
 * character anywhere in an input, or undefined when there is none. Walks plain objects, arrays, maps and
 * sets (protobuf messages are plain objects; their bytes are skipped) without recursion, so no depth of
 * input can exhaust the stack.
 */
export function nulPathIn(input: unknown): string | undefined {
  const pending: [unknown, readonly string[]][] = [[input, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (hasNul(value)) return path.join('.');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        pending.push([item, [...path, String(i)]]);
      });
    } else if (value instanceof Map) {
      for (const [key, item] of value) {
        const at = [...path, String(key)];
        pending.push([item, at], [key, at]);
      }
    } else if (value instanceof Set) {
      let i = 0;
      for (const item of value) pending.push([item, [...path, String(i++)]]);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const at = [...path, key];
        if (hasNul(key)) return at.join('.');
        pending.push([item, at]);
      }
    }
  }
  return undefined;
}
