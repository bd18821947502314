import { ID_MESSAGE, isUuid, NUL_MESSAGE, nulPathIn } from '@fleet/domain';
import type { z } from 'zod';
import { invalid, invalidField } from './errors';

/**
 * Validates input with a zod schema; on failure raises INVALID_ARGUMENT naming every bad field, so the
 * same words reach the person whether the call came from the web app or straight over gRPC.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldViolations = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
  const summary =
    fieldViolations.length === 1
      ? fieldViolations[0]!.message
      : `Please correct ${fieldViolations.length} fields: ${fieldViolations.map((v) => v.field).join(', ')}.`;
  throw invalid(summary, fieldViolations);
}

/**
 * An id a caller sent, checked before it reaches a query: a malformed one is INVALID_ARGUMENT naming
 * the field (`userId`, `ids.0`), with the same words the gateway's inputs use.
 */
export function requireId(id: string, field: string): string {
  if (!isUuid(id)) throw invalidField(field, ID_MESSAGE);
  return id;
}

/** Every id of a list a caller sent (`ids`), each named by its place in the list when malformed. */
export function requireIds(ids: readonly string[], field: string): string[] {
  return ids.map((id, i) => requireId(id, `${field}.${i}`));
}

/**
 * Refuses an input holding the NUL character anywhere (a string or an object key, at any depth) with
 * INVALID_ARGUMENT naming where: PostgreSQL cannot store it. One walk of the whole input, for every
 * procedure of the gateway and every call of a service alike.
 */
export function refuseNul(input: unknown): void {
  const at = nulPathIn(input);
  if (at !== undefined) throw invalidField(at || '(input)', NUL_MESSAGE);
}
