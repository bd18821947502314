// Trip insurance on a booking (spec §6, the permission "Bookings: … insurance"): the policy a duty's
// passengers travel under — its number, the insurer, the premium billed to the customer on the duty's invoice, and
// optionally the sum insured and a note. The rules, shared by the form, the gateway and the bookings
// service, each problem in words for the person and named by its field; money in exact decimals.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '../validation/text';

export const TRIP_INSURANCE_POLICY_MAX = 60;
export const TRIP_INSURANCE_INSURER_MAX = 120;
export const TRIP_INSURANCE_NOTE_MAX = 500;
/** The most a premium may be (₹10,00,000): above it is a typing slip, not a trip's premium. */
export const MAX_TRIP_INSURANCE_PREMIUM = '1000000';
/** The most a sum insured may be (₹99,99,99,999.99), what NUMERIC(14,2) and an invoice hold. */
export const MAX_TRIP_INSURANCE_SUM_INSURED = '999999999.99';

/** The insurance as staff enter it: text as typed; '' for the optional fields not given. */
export interface TripInsuranceInput {
  policyNumber: string;
  insurer: string;
  premium: string;
  sumInsured: string;
  note: string;
}

export type TripInsuranceField = keyof TripInsuranceInput;

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** Why `text` is not an amount of money above zero and at most `max`; undefined when it is one. */
function moneyProblem(text: string, what: string, max: string, maxText: string): string | undefined {
  if (!MONEY.test(text)) return `Enter the ${what} in rupees, e.g. 1803 or 1803.50 (at most 2 decimals).`;
  const amount = new Decimal(text);
  if (amount.lessThanOrEqualTo(0)) return `The ${what} is more than ₹0.`;
  if (amount.greaterThan(max)) return `The ${what} is at most ${maxText}.`;
  return undefined;
}

function textProblem(text: string, max: number, required?: string): string | undefined {
  if (hasNul(text)) return NUL_MESSAGE;
  if (required && text === '') return required;
  if (text.length > max) return `Keep this to ${max} characters or fewer.`;
  return undefined;
}

/** The input with its text trimmed, as it is checked and kept. */
export const trimmedTripInsurance = (input: TripInsuranceInput): TripInsuranceInput => ({
  policyNumber: input.policyNumber.trim(),
  insurer: input.insurer.trim(),
  premium: input.premium.trim(),
  sumInsured: input.sumInsured.trim(),
  note: input.note.trim(),
});

/** Every problem of an insurance as entered (trimmed first), by field; empty when there is none. */
export function tripInsuranceProblems(
  input: TripInsuranceInput,
): { field: TripInsuranceField; message: string }[] {
  const given = trimmedTripInsurance(input);
  const found: [TripInsuranceField, string | undefined][] = [
    ['policyNumber', textProblem(given.policyNumber, TRIP_INSURANCE_POLICY_MAX, 'Enter the policy number.')],
    ['insurer', textProblem(given.insurer, TRIP_INSURANCE_INSURER_MAX, 'Enter the insurer.')],
    [
      'premium',
      given.premium === ''
        ? 'Enter the premium.'
        : moneyProblem(given.premium, 'premium', MAX_TRIP_INSURANCE_PREMIUM, '₹10,00,000'),
    ],
    [
      'sumInsured',
      given.sumInsured === ''
        ? undefined
        : moneyProblem(given.sumInsured, 'sum insured', MAX_TRIP_INSURANCE_SUM_INSURED, '₹99,99,99,999.99'),
    ],
    ['note', textProblem(given.note, TRIP_INSURANCE_NOTE_MAX)],
  ];
  return found.flatMap(([field, message]) => (message ? [{ field, message }] : []));
}

/** The invoice line's words for a duty's insurance: "Trip insurance — ICICI Lombard, policy 4016/123". */
export const tripInsuranceLineName = (insurance: { insurer: string; policyNumber: string }) =>
  `Trip insurance — ${insurance.insurer}, policy ${insurance.policyNumber}`;

/** A duty's trip insurance as the gateway takes it; the optional fields may be left out. */
export const tripInsuranceSchema = z
  .object({
    policyNumber: z.string({ error: 'Enter the policy number.' }),
    insurer: z.string({ error: 'Enter the insurer.' }),
    premium: z.string({ error: 'Enter the premium in rupees, as text, e.g. "1803.00".' }),
    sumInsured: z.string({ error: 'Enter the sum insured in rupees, as text.' }).optional(),
    note: z.string({ error: 'Enter the note as text.' }).optional(),
  })
  .transform((value, ctx): TripInsuranceInput => {
    const input = trimmedTripInsurance({
      policyNumber: value.policyNumber,
      insurer: value.insurer,
      premium: value.premium,
      sumInsured: value.sumInsured ?? '',
      note: value.note ?? '',
    });
    for (const problem of tripInsuranceProblems(input)) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
    return input;
  });
export type TripInsuranceSchemaInput = z.input<typeof tripInsuranceSchema>;
