import { z } from 'zod';

// Indian Permanent Account Number: AAAAA9999A. The fourth letter is the holder's status:
// P individual, C company, H Hindu undivided family, F firm or LLP, A association of persons,
// T trust, B body of individuals, L local authority, J artificial juridical person, G government.
export const PAN_HOLDER_TYPES = ['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'] as const;
export type PanHolderType = (typeof PAN_HOLDER_TYPES)[number];

const PAN_SHAPE = /^[A-Z]{5}\d{4}[A-Z]$/;

export const PAN_MESSAGE = 'Enter the 10-character PAN in capital letters, e.g. ABCPE1234F';
export const PAN_HOLDER_TYPE_MESSAGE =
  'The fourth letter of a PAN must be one of P, C, H, F, A, T, B, L, J or G';

/** What is wrong with a PAN, as a message for the user, or undefined if it is valid. */
export function panProblem(value: string): string | undefined {
  if (!PAN_SHAPE.test(value)) return PAN_MESSAGE;
  if (!(PAN_HOLDER_TYPES as readonly string[]).includes(value.charAt(3))) return PAN_HOLDER_TYPE_MESSAGE;
  return undefined;
}

/** Whether the string, exactly as given, is a PAN. */
export function isPan(value: string): boolean {
  return panProblem(value) === undefined;
}

/** A PAN; trimmed and upper-cased first. */
export const panSchema = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = panProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
