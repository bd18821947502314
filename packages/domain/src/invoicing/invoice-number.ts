// Invoice numbers (DOMAIN.md "Invoicing"): one series per billing company and financial year, the
// profile's prefix then the sequence. GST rule 46(b): a consecutive serial number of at most 16
// characters, of letters, digits, hyphen and slash.
import { z } from 'zod';
import { type FinancialYear, financialYearOf } from '../financial-year';
import { InvoiceNumberError } from './invoicing-errors';

export const MAX_INVOICE_NUMBER_LENGTH = 16;
/** The sequence is written with at least this many digits: 0001. */
export const INVOICE_SEQUENCE_DIGITS = 4;
/** A prefix leaves room for a four-digit sequence. */
export const MAX_INVOICE_PREFIX_LENGTH = MAX_INVOICE_NUMBER_LENGTH - INVOICE_SEQUENCE_DIGITS;

const RULE_46_CHARACTERS = /^[A-Za-z0-9/-]*$/;

export const INVOICE_PREFIX_MESSAGE = `An invoice prefix has at most ${MAX_INVOICE_PREFIX_LENGTH} letters, digits, - and /`;

/** What is wrong with an invoice prefix, for the person, or undefined when it may be used. */
export function invoicePrefixProblem(prefix: string): string | undefined {
  if (prefix.length > MAX_INVOICE_PREFIX_LENGTH || !RULE_46_CHARACTERS.test(prefix)) {
    return INVOICE_PREFIX_MESSAGE;
  }
  return undefined;
}

export const validInvoicePrefix = (prefix: string) => invoicePrefixProblem(prefix) === undefined;

export const invoicePrefixSchema = z
  .string()
  .trim()
  .superRefine((prefix, ctx) => {
    const problem = invoicePrefixProblem(prefix);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Where a prefix puts the financial year of the document's own date: DT/{FY}/ numbers DT/26-27/0001 in
 * 2026-27 and DT/27-28/0001 in 2027-28. The series restarts each financial year, so a prefix without it
 * would print last year's numbers again; a company profile's prefixes must hold it.
 */
export const FY_PART = '{FY}';
const WRITTEN_FY_LENGTH = 5; // "26-27"
/** A profile's prefix, as typed: letters, digits, - and / around the one {FY} part. */
export const MAX_PREFIX_TEMPLATE_LENGTH = MAX_INVOICE_PREFIX_LENGTH - WRITTEN_FY_LENGTH + FY_PART.length;
export const PREFIX_TEMPLATE_PATTERN = /^(?:[A-Za-z0-9/-]*\{FY\}[A-Za-z0-9/-]*)?$/;
export const PREFIX_TEMPLATE_MESSAGE =
  'Put {FY} where the financial year goes (DT/{FY}/ numbers DT/26-27/0001), with letters, digits, / and - around it: a prefix without it repeats last year’s numbers.';

// A financial year as people wrote it into prefixes before {FY}: 26-27 or 2026-27, on its own.
const WRITTEN_FY = /(?<!\d)(\d{2}|\d{4})-(\d{2})(?!\d)/g;

/**
 * The template of a prefix saved before {FY} was required (the profile screen refuses such a prefix
 * now, but old profiles keep theirs): its written financial year becomes {FY} (DT/26-27/ is DT/{FY}/,
 * 2026-27 in the long form), and one without a year gets {FY}/ after it (INV/ is INV/{FY}/), so a new
 * financial year never prints last year's numbers again.
 */
function templateOf(prefix: string): { template: string; long: boolean } {
  if (prefix.includes(FY_PART)) return { template: prefix, long: false };
  for (const match of prefix.matchAll(WRITTEN_FY)) {
    const [written, first = '', second = ''] = match;
    if ((Number(first.slice(-2)) + 1) % 100 !== Number(second)) continue;
    const at = match.index ?? 0;
    return {
      template: prefix.slice(0, at) + FY_PART + prefix.slice(at + written.length),
      long: first.length === 4,
    };
  }
  const separated = prefix === '' || prefix.endsWith('/') || prefix.endsWith('-') ? prefix : `${prefix}/`;
  return { template: `${separated}${FY_PART}/`, long: false };
}

/** The prefix a document dated `date` (YYYY-MM-DD) is numbered with: {FY} written as that date's year. */
export function expandPrefix(prefix: string, date: string): string {
  const { template, long } = templateOf(prefix);
  const year = financialYearOf(date);
  return template.replace(FY_PART, long ? year.label : year.short);
}

/** The first number a prefix gives in the financial year of `date`, as the settings' preview shows it. */
export function firstNumberOf(template: string, date: string): string | undefined {
  if (!PREFIX_TEMPLATE_PATTERN.test(template) || template.length > MAX_PREFIX_TEMPLATE_LENGTH)
    return undefined;
  return invoiceNumber(expandPrefix(template, date), 1);
}

/** The prefix of a company profile that sets none: INV/25-26/. */
export const defaultInvoicePrefix = (financialYear: FinancialYear) => `INV/${financialYear.short}/`;

/** The invoice number: the prefix, then the sequence with at least four digits (INV/25-26/0042). */
export function invoiceNumber(prefix: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new InvoiceNumberError(`An invoice sequence is a whole number from 1: ${sequence}`);
  }
  const number = `${prefix}${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
  if (!RULE_46_CHARACTERS.test(number)) {
    throw new InvoiceNumberError(
      `The invoice number ${number} may hold only letters, digits, - and / (GST rule 46); change the prefix.`,
    );
  }
  if (number.length > MAX_INVOICE_NUMBER_LENGTH) {
    throw new InvoiceNumberError(
      `The invoice number ${number} is longer than ${MAX_INVOICE_NUMBER_LENGTH} characters (GST rule 46); ` +
        'shorten the prefix.',
    );
  }
  return number;
}

export interface InvoiceSeriesKey {
  companyId: string;
  /** "2025-26". */
  financialYear: string;
}

/** The series an invoice of this billing company dated `date` (YYYY-MM-DD) is numbered in. */
export const seriesKey = (companyId: string, date: string): InvoiceSeriesKey => ({
  companyId,
  financialYear: financialYearOf(date).label,
});
