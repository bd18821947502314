import { getPermission, PERMISSION, type PermissionId } from '@fleet/domain';
import { invalidField, permissionDenied, preconditionFailed, requireId } from '@fleet/platform';
import { adjustAllowances, isAdjustableCode } from '../domain/charge-adjustment';
import { chargesToProto } from '../mappers';
import {
  approveSlip,
  type ChargesSide,
  getBookingDetail,
  getCharges,
  saveCharges,
  slipApprovedAt,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

const PRICED = new Set(['CLOSED', 'CANCELLATION_NO_SHOW']);

/** Whose allowances an adjustment changes, the permission it needs and the activity it logs. */
const SIDES: readonly {
  side: ChargesSide;
  permission: PermissionId;
  what: string;
  action: string;
  unpriced: string;
  /** Where the event of an adjustment carries this side's charges. */
  eventField: 'charges' | 'driverAllowances' | 'purchaseCharges';
}[] = [
  {
    side: 'CUSTOMER',
    permission: PERMISSION.adjust_duty_slip_customer_allowance,
    what: 'what a duty charges',
    action: 'chargesAdjusted',
    unpriced: 'This duty charges the customer nothing yet.',
    eventField: 'charges',
  },
  {
    side: 'DRIVER',
    permission: PERMISSION.adjust_duty_slip_driver_allowance,
    what: 'the allowances a duty pays the driver',
    action: 'driverAllowancesAdjusted',
    unpriced: 'The operator’s own driver did not run this duty; it pays no driver allowances.',
    eventField: 'driverAllowances',
  },
  {
    side: 'SUPPLIER',
    permission: PERMISSION.adjust_duty_slip_supplier_allowance,
    what: 'what a duty pays the supplier',
    action: 'supplierAllowancesAdjusted',
    unpriced: 'No supplier ran this duty; it pays no supplier.',
    eventField: 'purchaseCharges',
  },
];
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

function requireHeld(caller: TenantCaller, permission: PermissionId, what: string) {
  if (!caller.permissions.includes(permission)) {
    throw permissionDenied(`You need the “${getPermission(permission)?.name}” permission to ${what}.`);
  }
}

export function createSlipReview(deps: BookingsDeps) {
  const { db } = deps;

  return {
    async approve(caller: TenantCaller, id: string) {
      requireHeld(caller, PERMISSION.approve_duty_slip, 'approve duty slips');
      requireId(id, 'id');
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, id);
        if (!PRICED.has(duty.status))
          throw preconditionFailed('A slip is approved once its duty is closed.', 'NOT_CLOSED');
        if (await slipApprovedAt(tx, id))
          throw preconditionFailed('This slip is already approved.', 'ALREADY_APPROVED');
        await approveSlip(tx, id);
        return recordDutyChange(tx, caller, id, {
          action: 'slipApproved',
          from: duty.status,
          to: duty.status,
          event: 'bookingUpdated',
        });
      });
    },

    /**
     * Changes the allowances of one side of a closed duty — charged to the customer, paid to the driver or
     * paid to the supplier — each by its own permission, logged with the reason and the totals.
     */
    async adjust(
      caller: TenantCaller,
      id: string,
      input: { side?: string; allowances: { code: string; amount: string }[]; reason: string },
    ) {
      const side = SIDES.find((s) => s.side === (input.side || 'CUSTOMER'));
      if (!side)
        throw invalidField('side', 'Adjust the CUSTOMER’s, the DRIVER’s or the SUPPLIER’s allowances.');
      requireHeld(caller, side.permission, `adjust ${side.what}`);
      requireId(id, 'id');
      const reason = input.reason.trim();
      if (!reason) throw invalidField('reason', 'Say why the charges change.');
      if (reason.length > 500) throw invalidField('reason', 'Keep the reason to 500 characters or fewer.');
      if (input.allowances.length === 0) throw invalidField('allowances', 'Name an allowance to adjust.');
      input.allowances.forEach((a, i) => {
        if (!isAdjustableCode(a.code))
          throw invalidField(`allowances.${i}.code`, 'Only allowances are adjusted here.');
        if (input.allowances.findIndex((other) => other.code === a.code) !== i)
          throw invalidField(`allowances.${i}.code`, 'This allowance is given twice.');
        if (!AMOUNT.test(a.amount))
          throw invalidField(`allowances.${i}.amount`, 'Enter the amount, e.g. 250 or 250.50');
      });
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, id);
        const booking = (await getBookingDetail(tx, id))!;
        if (!PRICED.has(duty.status)) {
          throw preconditionFailed('A duty’s charges are adjusted once it is closed.', 'NOT_CLOSED');
        }
        const charges = await getCharges(tx, id, side.side);
        if (!charges) throw preconditionFailed(side.unpriced, 'NOT_PRICED');
        if (side.side === 'CUSTOMER' && booking.isBilled)
          throw preconditionFailed('This duty is invoiced; change it on its invoice.', 'BILLED');
        const adjusted = adjustAllowances(charges, input.allowances);
        await saveCharges(tx, id, adjusted, side.side);
        const adjustedBooking = await recordDutyChange(tx, caller, id, {
          action: side.action,
          from: duty.status,
          to: duty.status,
          reason: `${reason} (total ${charges.total} → ${adjusted.total})`,
          event: 'bookingUpdated',
          charges: { [side.eventField]: chargesToProto(adjusted) },
        });
        return { booking: adjustedBooking, charges: adjusted };
      });
    },
  };
}
