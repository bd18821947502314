// Whom an invoice is made out to, by the customer's bill-to (spec §9). The company pays in three of them
// (as company or customer, by the company's credit card, or directly), so the invoice goes to the
// company's billing detail with its GSTIN; PERSONAL means the passenger pays for their own travel, so the
// invoice goes to the passenger, unregistered: the company's GSTIN on it would let the company claim
// credit for tax it never paid.
import { BILL_TO_OPTIONS, type BillTo, DEFAULT_BILL_TO, type TaxType } from '@fleet/domain';
import type { DutyRecord } from './duty';

/** What a bill-to prints beside the buyer on the invoice. */
export const BILL_TO_NAMES: Record<BillTo, string> = {
  COMPANY_OR_CUSTOMER: 'Company or customer',
  COMPANY_CREDIT_CARD: 'Company credit card',
  COMPANY_DIRECT: 'Company direct',
  PERSONAL: 'Personal',
};

export function billToOf(value: string | undefined): BillTo {
  return BILL_TO_OPTIONS.find((option) => option === value) ?? DEFAULT_BILL_TO;
}

/** The buyer as the customer's billing detail has it. */
export interface BillingParty {
  name: string;
  address: string;
  gstNo: string;
  panNo: string;
  taxType: TaxType;
  pincode: string;
}

/**
 * The party an invoice is made out to: the billing detail for the company's bill-tos; for PERSONAL the
 * passengers of its duties (the customer's own name on an invoice without duties or passengers), with no
 * GSTIN, PAN or company address, unregistered.
 */
export function madeOutTo(
  billTo: BillTo,
  company: BillingParty,
  duties: readonly DutyRecord[],
): BillingParty {
  if (billTo !== 'PERSONAL') return company;
  const passengers = [...new Set(duties.map((d) => d.passengerNames.trim()).filter(Boolean))].join(', ');
  return {
    name: passengers || company.name,
    address: '',
    gstNo: '',
    panNo: '',
    taxType: 'UNREGISTRED',
    pincode: '',
  };
}
