// The three prices of a closed duty (DOMAIN.md, Pricing): charged to the customer, paid to the supplier
// who ran it, paid to the operator's own driver — where each sits in the booking, its heading, the
// procedure that adjusts its allowances and the permission that procedure needs.
import { CHARGE_CODES, PERMISSION, type PermissionId } from '@fleet/domain';
import type { BookingView } from './booking-types';

export type ChargeSide = 'customer' | 'supplier' | 'driver';

interface SideFacts {
  title: string;
  /** Where the booking view holds this side's charges. */
  field: 'charges' | 'purchaseCharges' | 'driverAllowances';
  procedure: 'adjustCharges' | 'adjustSupplierAllowances' | 'adjustDriverAllowances';
  permission: PermissionId;
}

export const CHARGE_SIDES: Readonly<Record<ChargeSide, SideFacts>> = {
  customer: {
    title: 'Charged to the customer',
    field: 'charges',
    procedure: 'adjustCharges',
    permission: PERMISSION.adjust_duty_slip_customer_allowance,
  },
  supplier: {
    title: 'Paid to the supplier',
    field: 'purchaseCharges',
    procedure: 'adjustSupplierAllowances',
    permission: PERMISSION.adjust_duty_slip_supplier_allowance,
  },
  driver: {
    title: 'Paid to the driver',
    field: 'driverAllowances',
    procedure: 'adjustDriverAllowances',
    permission: PERMISSION.adjust_duty_slip_driver_allowance,
  },
};

/** The allowances an adjustment may name, with the words a person reads. */
export const ALLOWANCE_CHOICES = CHARGE_CODES.filter((code) => code.endsWith('_ALLOWANCE')).map((code) => ({
  value: code,
  label: code
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase()),
}));

/** Statuses whose charges may still be adjusted (the service refuses a billed duty's customer side). */
const ADJUSTABLE_STATUSES = new Set(['CLOSED', 'CANCELLATION_NO_SHOW']);

/** Each side the duty was priced for, and whether this person may adjust it now. */
export function chargeSidesOf(
  view: Pick<BookingView, 'charges' | 'purchaseCharges' | 'driverAllowances'> & {
    booking: { status: string; isBilled: boolean };
  },
  permissions: ReadonlySet<string>,
) {
  return (Object.keys(CHARGE_SIDES) as ChargeSide[]).flatMap((side) => {
    const facts = CHARGE_SIDES[side];
    const charges = view[facts.field];
    if (!charges) return [];
    const adjustable =
      permissions.has(facts.permission) &&
      ADJUSTABLE_STATUSES.has(view.booking.status) &&
      !(side === 'customer' && view.booking.isBilled);
    return [{ side, ...facts, charges, adjustable }];
  });
}
