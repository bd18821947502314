import { z } from 'zod';
import { isPan } from './pan';

// Indian GST identification number, 15 characters:
//   2  state code (01–38, 97 other territory, 99 centre jurisdiction)
//   10 the holder's PAN (AAAAA9999A)
//   1  entity number for registrations under the same PAN in one state (1–9, then A–Z)
//   1  the letter Z
//   1  check character: Luhn mod 36 over the first 14 characters.
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The state codes a GSTIN can start with. */
export const GSTIN_STATE_CODES: readonly string[] = [
  ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')),
  '97',
  '99',
];

export const GSTIN_MESSAGE = 'Enter the 15-character GSTIN in capital letters, e.g. 27AAPFU0939F1ZV';
export const GSTIN_STATE_MESSAGE = 'A GSTIN starts with a state code from 01 to 38, or 97 or 99';
export const GSTIN_CHECKSUM_MESSAGE = 'This GSTIN is not valid: one of its characters is mistyped';

/**
 * The check character for the first 14 characters of a GSTIN. Reading left to right, each
 * character's value (0–9, A=10 … Z=35) is multiplied by 1 and 2 alternately; each product is
 * reduced to the sum of its two base-36 digits; the check value brings the total to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) {
    throw new RangeError('A GSTIN check character needs exactly 14 characters from 0-9 and A-Z');
  }
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = CHARSET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

/**
 * The GSTIN of a registration: the state's code, the holder's PAN, the entity number of this
 * registration under that PAN in that state (1 for the first), Z, and the check character.
 */
export function buildGstin(stateCode: string, pan: string, entity = '1'): string {
  if (!GSTIN_STATE_CODES.includes(stateCode)) throw new RangeError(`Not a GST state code: ${stateCode}`);
  if (!isPan(pan)) throw new RangeError(`Not a PAN: ${pan}`);
  if (!/^[1-9A-Z]$/.test(entity)) throw new RangeError(`Not a GSTIN entity number (1-9, A-Z): ${entity}`);
  const first14 = `${stateCode}${pan}${entity}Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

/** What is wrong with a GSTIN, as a message for the user, or undefined if it is valid. */
export function gstinProblem(value: string): string | undefined {
  if (!GSTIN_SHAPE.test(value)) return GSTIN_MESSAGE;
  if (!GSTIN_STATE_CODES.includes(value.slice(0, 2))) return GSTIN_STATE_MESSAGE;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value.charAt(14)) return GSTIN_CHECKSUM_MESSAGE;
  return undefined;
}

/** Whether the string, exactly as given, is a valid GSTIN (shape, state code and check character). */
export function isGstin(value: string): boolean {
  return gstinProblem(value) === undefined;
}

/** The two-digit state code of a GSTIN (decides CGST + SGST against IGST). */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

/** The PAN embedded in a GSTIN. */
export function gstinPan(gstin: string): string {
  return gstin.slice(2, 12);
}

/** A GSTIN; trimmed and upper-cased first. */
export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
