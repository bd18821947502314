// A duty's trip insurance as its page shows and edits it: the facts with money through the rupee
// formatter, the form's text as typed (checked by the gateway's own schema, tripInsuranceSchema), and
// what booking.setInsurance takes.
import { PERMISSION, type TripInsuranceInput, trimmedTripInsurance } from '@fleet/domain';
import type Decimal from 'decimal.js';
import { rupees } from './duty-format';

/** A duty's insurance as booking.get gives it (the fields the card shows and the form starts from). */
export interface HeldInsurance {
  policyNumber: string;
  insurer: string;
  premium: Decimal;
  sumInsured: Decimal | null;
  note: string;
}

/** The form's fields, as typed; '' for what is not given. */
export type InsuranceForm = TripInsuranceInput;

/** What the card lists, label and value, leaving out what was not given. */
export function insuranceFacts(insurance: HeldInsurance): [string, string][] {
  return [
    ['Policy number', insurance.policyNumber],
    ['Insurer', insurance.insurer],
    ['Premium', rupees(insurance.premium)],
    ...(insurance.sumInsured ? [['Sum insured', rupees(insurance.sumInsured)] as [string, string]] : []),
    ...(insurance.note ? [['Note', insurance.note] as [string, string]] : []),
  ];
}

export const insuranceFormOf = (insurance: HeldInsurance | null): InsuranceForm => ({
  policyNumber: insurance?.policyNumber ?? '',
  insurer: insurance?.insurer ?? '',
  premium: insurance ? insurance.premium.toFixed(2) : '',
  sumInsured: insurance?.sumInsured ? insurance.sumInsured.toFixed(2) : '',
  note: insurance?.note ?? '',
});

/** The insurance booking.setInsurance takes: text trimmed, the optional fields left out when empty. */
export function insuranceInput(form: InsuranceForm) {
  const given = trimmedTripInsurance(form);
  return {
    policyNumber: given.policyNumber,
    insurer: given.insurer,
    premium: given.premium,
    ...(given.sumInsured ? { sumInsured: given.sumInsured } : {}),
    ...(given.note ? { note: given.note } : {}),
  };
}

/** A duty's insurance changes, by whoever may manage booking insurance, until the duty is invoiced. */
export const insuranceEditable = (duty: { isBilled: boolean }, permissions: ReadonlySet<string>) =>
  permissions.has(PERMISSION.manage_booking_insurance) && !duty.isBilled;
