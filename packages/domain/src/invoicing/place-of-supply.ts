// Where a car hire is supplied, which decides CGST + SGST against IGST (DOMAIN.md "Invoicing"): to a
// registered customer, the state it is registered in; to anyone else, the state where the passenger
// boards, or failing that the customer's billing state. States come with their GST codes (the two
// digits a GSTIN starts with) from the caller, who holds the states' table.
import { z } from 'zod';
import { GSTIN_STATE_CODES, gstinStateCode } from '../validation/gstin';
import { referenceCodeSchema } from '../validation/id';
import type { TaxType } from '../vocabulary';
import { GstRegimeError } from './invoicing-errors';

/** A state as GST reads it: its id in the states' table and its GST state code ('27'). */
export interface GstState {
  stateId: string;
  gstStateCode: string;
}

export interface PlaceOfSupplyRecipient extends GstState {
  taxType: TaxType;
  /** '' when the customer has none. */
  gstNo: string;
}

export const gstStateCodeSchema = z
  .string()
  .refine((code) => GSTIN_STATE_CODES.includes(code), 'Not a GST state code (01–38, 97 or 99)');

export const gstStateSchema = z.object({ stateId: referenceCodeSchema, gstStateCode: gstStateCodeSchema });

const REGISTERED_TAX_TYPES: readonly TaxType[] = ['GSTIN', 'SEZ', 'LUT'];

/** A customer registered for GST: a GSTIN, SEZ or LUT customer that gave its GSTIN. */
export const isRegisteredRecipient = (recipient: Pick<PlaceOfSupplyRecipient, 'taxType' | 'gstNo'>) =>
  recipient.gstNo !== '' && REGISTERED_TAX_TYPES.includes(recipient.taxType);

/**
 * The place of supply of a car hire. A registered customer's is the state of its GSTIN, named by its
 * billing state, which must be that state: a GSTIN of one state billed to another would print one
 * state and tax as another, so it is refused.
 */
export function placeOfSupply(recipient: PlaceOfSupplyRecipient, boarding: GstState | null): GstState {
  if (isRegisteredRecipient(recipient)) {
    const registeredIn = gstinStateCode(recipient.gstNo);
    if (registeredIn !== recipient.gstStateCode) {
      throw new GstRegimeError(
        `The customer's GSTIN ${recipient.gstNo} is registered in GST state ${registeredIn}, but its billing ` +
          `state has GST code ${recipient.gstStateCode}; correct the customer's billing state or GSTIN.`,
      );
    }
    return { stateId: recipient.stateId, gstStateCode: registeredIn };
  }
  const { stateId, gstStateCode } = boarding ?? recipient;
  return { stateId, gstStateCode };
}
