// The Allot dialog's choices and the booking.allot call they make. Three ways (DOMAIN.md, Allotment): an
// own vehicle with its own driver or another; a company supplier's vehicle and driver, picked or typed;
// a DCO, who brings both. The service checks the rest (overlaps, lapsed papers) and names the field.
import type { AllotInput, DutyRef } from './booking-types';

export const ALLOT_KINDS = ['OWN', 'COMPANY_SUPPLIER', 'DCO'] as const;
export type AllotKind = (typeof ALLOT_KINDS)[number];

export const ALLOT_KIND_LABELS: Readonly<Record<AllotKind, string>> = {
  OWN: 'Own vehicle',
  COMPANY_SUPPLIER: 'Company supplier',
  DCO: 'Driver-cum-owner',
};

export interface AllotValues {
  kind: AllotKind;
  vehicleId: string;
  /** Own vehicle: another driver than the vehicle's own. */
  driverId: string;
  supplierId: string;
  vehicleNo: string;
  driverName: string;
  driverPhone: string;
  allDuties: boolean;
  overrideReason: string;
}

export const emptyAllot = (): AllotValues => ({
  kind: 'OWN',
  vehicleId: '',
  driverId: '',
  supplierId: '',
  vehicleNo: '',
  driverName: '',
  driverPhone: '',
  allDuties: false,
  overrideReason: '',
});

export type AllotRequest = { ok: true; input: AllotInput } | { ok: false; problems: Record<string, string> };

/** The call for these choices, sending only what the chosen way uses; or what is missing, by field. */
export function allotRequest(duty: Pick<DutyRef, 'id' | 'version'>, v: AllotValues): AllotRequest {
  const problems: Record<string, string> = {};
  const common = {
    id: duty.id,
    kind: v.kind,
    allDuties: v.allDuties,
    version: duty.version,
    ...(v.overrideReason.trim() ? { overrideReason: v.overrideReason.trim() } : {}),
  };
  let input: AllotInput;
  switch (v.kind) {
    case 'OWN':
      if (!v.vehicleId) problems.vehicleId = 'Choose the vehicle.';
      input = { ...common, vehicleId: v.vehicleId, ...(v.driverId ? { driverId: v.driverId } : {}) };
      break;
    case 'COMPANY_SUPPLIER':
      if (!v.supplierId) problems.supplierId = 'Choose the supplier.';
      if (!v.vehicleId && !v.vehicleNo.trim())
        problems.vehicleNo = 'Enter the vehicle number, or choose the vehicle.';
      if (!v.driverName.trim()) problems.driverName = 'Enter the driver’s name.';
      if (!v.driverPhone.trim()) problems.driverPhone = 'Enter the driver’s phone with country code.';
      input = {
        ...common,
        supplierId: v.supplierId,
        ...(v.vehicleId ? { vehicleId: v.vehicleId } : { vehicleNo: v.vehicleNo.trim() }),
        driverName: v.driverName.trim(),
        driverPhone: v.driverPhone.trim(),
      };
      break;
    case 'DCO':
      if (!v.supplierId) problems.supplierId = 'Choose the driver-cum-owner.';
      input = { ...common, supplierId: v.supplierId };
      break;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, input };
}

/** What a refused allotment said: field errors, the conflict (if that was it), the reason code, the message. */
export interface AllotRefusal {
  fieldErrors: Record<string, string>;
  reason: string | undefined;
  message: string;
}

export interface AllotOutcome {
  /** The conflict as the service words it (an overlapping duty, a lapsed document). */
  conflict?: string;
  /** Errors for the dialog's own fields. */
  errors: Record<string, string>;
  /** Anything else, shown above the buttons. */
  problem?: string;
}

/**
 * How the dialog shows a refusal. A holder of "Allot Despite Conflicts" is asked for a reason on the
 * `overrideReason` field (its message lists the conflicts); anyone else gets ALLOTMENT_CONFLICT.
 */
export function allotOutcome(refusal: AllotRefusal): AllotOutcome {
  const { overrideReason, ...errors } = refusal.fieldErrors;
  const conflict = overrideReason ?? (refusal.reason === 'ALLOTMENT_CONFLICT' ? refusal.message : undefined);
  const problem = conflict === undefined && Object.keys(errors).length === 0 ? refusal.message : undefined;
  return {
    errors,
    ...(conflict !== undefined ? { conflict } : {}),
    ...(problem !== undefined ? { problem } : {}),
  };
}
