// Which GST an invoice carries (DOMAIN.md "Invoicing"), decided once per invoice from the billing
// company, the customer, where the passenger boarded and the operator's rent-a-cab option:
// - an unregistered billing company charges no GST at all (NONE);
// - SEZ and LUT customers are zero-rated, always IGST: at 0% under the company's LUT (with the
//   declaration rule 46 asks for), else at the full rate;
// - otherwise CGST + SGST (half the rate each) when the place of supply is the company's state, else
//   IGST;
// - reverse charge (Notification 13/2017-CT(R), entry 15): a company that is not a body corporate
//   (proprietorship, partnership), charging 5% without input credit, to a body corporate registered
//   for GST: the tax is shown and the customer pays it. Not applied to zero-rated supplies.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { RENT_A_CAB_GST_OPTIONS } from '../masters/business-masters';
import { gstinPan, gstinSchema, gstinStateCode } from '../validation/gstin';
import { plainText } from '../validation/text';
import { BUSINESS_TYPES, type BusinessType, TAX_TYPES } from '../vocabulary';
import { GstRegimeError } from './invoicing-errors';
import {
  type GstState,
  gstStateSchema,
  isRegisteredRecipient,
  type PlaceOfSupplyRecipient,
  placeOfSupply,
} from './place-of-supply';

export type RentACabGst = (typeof RENT_A_CAB_GST_OPTIONS)[number];

/** GST on car hire (SAC 9966) for each business setting, at the rates in force since 22 Sep 2025. */
export const CAR_HIRE_GST_RATES: { readonly [option in RentACabGst]: Decimal } = {
  GST_5_NO_ITC: new Decimal(5),
  GST_18_WITH_ITC: new Decimal(18),
};

/** The billing company (a company profile's company). */
export interface GstSupplier extends GstState {
  /** '' when the company is not registered for GST. */
  gstNo: string;
  businessType: BusinessType | '';
  /** The letter of undertaking for zero-rated supplies without payment of IGST; '' when none. */
  lutNo: string;
}

export type GstRecipient = PlaceOfSupplyRecipient;

export interface GstRegimeInput {
  supplier: GstSupplier;
  recipient: GstRecipient;
  /** The state of the first booking's pickup city; null for an invoice without bookings. */
  boarding: GstState | null;
  rentACabGst: RentACabGst;
}

export type GstRegimeKind = 'INTRA' | 'INTER' | 'ZERO_RATED' | 'NONE';

export interface GstRegime {
  placeOfSupplyStateId: string;
  placeOfSupplyStateCode: string;
  kind: GstRegimeKind;
  /** The GST rate (percent) of car hire and of taxable rows without a rate of their own; 0 under NONE. */
  carHireRate: Decimal;
  /** Zero-rated under the company's LUT: IGST at 0%. */
  withoutPayment: boolean;
  /** The customer pays the tax: shown on the invoice, not collected. */
  reverseCharge: boolean;
  /** The text the invoice must print: the LUT endorsement, or the reverse-charge notice. */
  declaration?: string;
}

const gstNoSchema = z.union([z.literal(''), gstinSchema]).default('');

export const gstRegimeInputSchema = z.object({
  supplier: gstStateSchema.extend({
    gstNo: gstNoSchema,
    businessType: z.union([z.enum(BUSINESS_TYPES), z.literal('')]).default(''),
    lutNo: plainText().trim().max(40, 'Keep the LUT number to 40 characters or fewer').default(''),
  }),
  recipient: gstStateSchema.extend({ taxType: z.enum(TAX_TYPES), gstNo: gstNoSchema }),
  boarding: gstStateSchema.nullable(),
  rentACabGst: z.enum(RENT_A_CAB_GST_OPTIONS),
}) satisfies z.ZodType<GstRegimeInput>;

const NOT_BODY_CORPORATE: readonly (BusinessType | '')[] = ['PROPRIETORSHIP', 'PARTNERSHIP'];

/** A GSTIN held by a company: the PAN inside it has C as its fourth letter. */
const isCompanyGstin = (gstNo: string) => gstinPan(gstNo).charAt(3) === 'C';

export const REVERSE_CHARGE_DECLARATION =
  'Tax on this supply is payable by the recipient under reverse charge ' +
  '(Notification 13/2017-Central Tax (Rate), entry 15)';
export const ZERO_RATED_WITH_PAYMENT_DECLARATION = 'Supply meant for SEZ/export on payment of IGST';
export const lutDeclaration = (lutNo: string) =>
  `Supply meant for SEZ/export under LUT without payment of IGST (LUT ${lutNo})`;

/** The GST an invoice carries. */
export function gstRegime({ supplier, recipient, boarding, rentACabGst }: GstRegimeInput): GstRegime {
  const place = placeOfSupply(recipient, boarding);
  const where = { placeOfSupplyStateId: place.stateId, placeOfSupplyStateCode: place.gstStateCode };
  const charged = { withoutPayment: false, reverseCharge: false };
  if (supplier.gstNo === '') return { ...where, ...charged, kind: 'NONE', carHireRate: new Decimal(0) };

  const registeredIn = gstinStateCode(supplier.gstNo);
  if (registeredIn !== supplier.gstStateCode) {
    throw new GstRegimeError(
      `The billing company's GSTIN ${supplier.gstNo} is registered in GST state ${registeredIn}, but its ` +
        `state has GST code ${supplier.gstStateCode}; correct the company's state or GSTIN.`,
    );
  }
  const carHireRate = CAR_HIRE_GST_RATES[rentACabGst];

  if (recipient.taxType === 'SEZ' || recipient.taxType === 'LUT') {
    const lutNo = supplier.lutNo.trim();
    return lutNo === ''
      ? {
          ...where,
          ...charged,
          kind: 'ZERO_RATED',
          carHireRate,
          declaration: ZERO_RATED_WITH_PAYMENT_DECLARATION,
        }
      : {
          ...where,
          ...charged,
          kind: 'ZERO_RATED',
          carHireRate,
          withoutPayment: true,
          declaration: lutDeclaration(lutNo),
        };
  }

  const kind = place.gstStateCode === registeredIn ? 'INTRA' : 'INTER';
  const reverseCharge =
    NOT_BODY_CORPORATE.includes(supplier.businessType) &&
    rentACabGst === 'GST_5_NO_ITC' &&
    recipient.taxType === 'GSTIN' &&
    isRegisteredRecipient(recipient) &&
    isCompanyGstin(recipient.gstNo);
  return reverseCharge
    ? { ...where, ...charged, kind, carHireRate, reverseCharge, declaration: REVERSE_CHARGE_DECLARATION }
    : { ...where, ...charged, kind, carHireRate };
}
