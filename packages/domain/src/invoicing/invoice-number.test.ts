import { financialYearOf } from '../financial-year';
import {
  defaultInvoicePrefix,
  expandPrefix,
  firstNumberOf,
  invoiceNumber,
  invoicePrefixSchema,
  MAX_PREFIX_TEMPLATE_LENGTH,
  PREFIX_TEMPLATE_PATTERN,
  seriesKey,
  validInvoicePrefix,
} from './invoice-number';
import { InvoiceNumberError } from './invoicing-errors';

describe('invoice numbers', () => {
  it('are the prefix and the sequence with at least four digits', () => {
    expect(invoiceNumber('INV/25-26/', 42)).toBe('INV/25-26/0042');
    expect(invoiceNumber('', 7)).toBe('0007');
    expect(invoiceNumber('A-', 123456)).toBe('A-123456');
  });

  it('refuse more than 16 characters, other characters than letters, digits, - and /, and a sequence below 1', () => {
    expect(invoiceNumber('INV/25-26/', 999999)).toBe('INV/25-26/999999');
    expect(() => invoiceNumber('INV/25-26/', 1000000)).toThrow(InvoiceNumberError);
    expect(() => invoiceNumber('INV/25-26/', 1000000)).toThrow('longer than 16 characters');
    expect(() => invoiceNumber('INV 25', 1)).toThrow('only letters, digits, - and /');
    expect(() => invoiceNumber('INV_', 1)).toThrow(InvoiceNumberError);
    expect(() => invoiceNumber('INV', 0)).toThrow('from 1');
    expect(() => invoiceNumber('INV', 1.5)).toThrow('from 1');
  });

  it('default to INV/<financial year>/ for a company profile without a prefix', () => {
    expect(defaultInvoicePrefix(financialYearOf('2026-03-31'))).toBe('INV/25-26/');
    expect(defaultInvoicePrefix(financialYearOf('2026-04-01'))).toBe('INV/26-27/');
    expect(validInvoicePrefix(defaultInvoicePrefix(financialYearOf('2099-12-31')))).toBe(true);
  });

  it('prefixes leave room for four digits and hold only what rule 46 allows', () => {
    expect(validInvoicePrefix('ABCDEFGHIJKL')).toBe(true);
    expect(validInvoicePrefix('ABCDEFGHIJKLM')).toBe(false);
    expect(validInvoicePrefix('INV\u0000')).toBe(false);
    expect(validInvoicePrefix('INV#')).toBe(false);
    expect(invoicePrefixSchema.parse(' MUM/ ')).toBe('MUM/');
    expect(invoicePrefixSchema.safeParse('MUM.').success).toBe(false);
  });

  it('are counted per billing company and financial year', () => {
    const company = '3b0a4c1e-0f7d-4c7e-8a51-2d9f0e6b7a10';
    expect(seriesKey(company, '2026-03-31')).toEqual({ companyId: company, financialYear: '2025-26' });
    expect(seriesKey(company, '2026-04-01')).toEqual({ companyId: company, financialYear: '2026-27' });
  });

  it('write the financial year of the document’s own date where the prefix says {FY}', () => {
    expect(expandPrefix('DT/{FY}/', '2027-03-31')).toBe('DT/26-27/');
    expect(expandPrefix('DT/{FY}/', '2027-04-01')).toBe('DT/27-28/');
    expect(firstNumberOf('DT/{FY}/', '2027-04-01')).toBe('DT/27-28/0001');
    expect(firstNumberOf('DT/26-27/', '2027-04-01')).toBeUndefined();
    expect(PREFIX_TEMPLATE_PATTERN.test('DT/26-27/')).toBe(false);
    expect(PREFIX_TEMPLATE_PATTERN.test('')).toBe(true);
    expect(PREFIX_TEMPLATE_PATTERN.test('{FY}-')).toBe(true);
    // The longest template still numbers within rule 46's 16 characters.
    const longest = `ABCDEF/{FY}`;
    expect(longest.length).toBe(MAX_PREFIX_TEMPLATE_LENGTH);
    expect(firstNumberOf(longest, '2026-04-01')).toBe('ABCDEF/26-270001');
  });

  it('number a prefix saved before {FY} by the document’s own year, never last year’s again', () => {
    // A profile saved as DT/26-27/ before the rule: its written year is the document's year.
    expect(expandPrefix('DT/26-27/', '2027-04-01')).toBe('DT/27-28/');
    expect(expandPrefix('DT/26-27/', '2026-12-01')).toBe('DT/26-27/');
    expect(expandPrefix('DT-2026-27-', '2027-04-01')).toBe('DT-2027-28-');
    // One without any year gets the year after it, so its numbers differ from year to year.
    expect(expandPrefix('INV/', '2027-04-01')).toBe('INV/27-28/');
    expect(expandPrefix('INV', '2027-04-01')).toBe('INV/27-28/');
    // Digits that are not a financial year stay as typed.
    expect(expandPrefix('BR12-14/', '2027-04-01')).toBe('BR12-14/27-28/');
  });
});
