import type { z } from 'zod';
import { invalid } from './errors';

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
