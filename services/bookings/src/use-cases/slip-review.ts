import { getPermission, PERMISSION, type PermissionId } from '@fleet/domain';
import { invalidField, notFound, permissionDenied, preconditionFailed, requireId } from '@fleet/platform';
import Decimal from 'decimal.js';
import {
  approveSlip,
  getBookingDetail,
  getCharges,
  lockDuty,
  saveCharges,
  slipApprovedAt,
} from '../storage/booking-record-store';
import { logStaffAction } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';

const PRICED = new Set(['CLOSED', 'CANCELLATION_NO_SHOW']);
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
        const duty = await lockDuty(tx, id);
        if (!duty) throw notFound('The booking');
        if (!PRICED.has(duty.status))
          throw preconditionFailed('A slip is approved once its duty is closed.', 'NOT_CLOSED');
        if (await slipApprovedAt(tx, id))
          throw preconditionFailed('This slip is already approved.', 'ALREADY_APPROVED');
        await approveSlip(tx, id);
        await logStaffAction(tx, caller, id, { action: 'slipApproved', from: duty.status, to: duty.status });
        return (await getBookingDetail(tx, id))!;
      });
    },

    async adjust(
      caller: TenantCaller,
      id: string,
      input: { allowances: { code: string; amount: string }[]; reason: string },
    ) {
      requireHeld(caller, PERMISSION.adjust_duty_slip_customer_allowance, 'adjust what a duty charges');
      requireId(id, 'id');
      const reason = input.reason.trim();
      if (!reason) throw invalidField('reason', 'Say why the charges change.');
      if (reason.length > 500) throw invalidField('reason', 'Keep the reason to 500 characters or fewer.');
      input.allowances.forEach((a, i) => {
        if (!a.code.endsWith('_ALLOWANCE'))
          throw invalidField(`allowances.${i}.code`, 'Only allowances are adjusted here.');
        if (!AMOUNT.test(a.amount))
          throw invalidField(`allowances.${i}.amount`, 'Enter the amount, e.g. 250 or 250.50');
      });
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDuty(tx, id);
        if (!duty) throw notFound('The booking');
        const booking = (await getBookingDetail(tx, id))!;
        const charges = await getCharges(tx, id);
        if (!charges || !PRICED.has(duty.status)) {
          throw preconditionFailed('A duty’s charges are adjusted once it is closed.', 'NOT_CLOSED');
        }
        if (booking.isBilled)
          throw preconditionFailed('This duty is invoiced; change it on its invoice.', 'BILLED');
        const lines = charges.lines.filter((l) => !input.allowances.some((a) => a.code === l.code));
        for (const a of input.allowances) {
          const amount = new Decimal(a.amount);
          if (amount.isZero()) continue;
          const label = a.code
            .toLowerCase()
            .replace(/_/g, ' ')
            .replace(/^\w/, (c) => c.toUpperCase());
          lines.push({
            code: a.code,
            label,
            quantity: '1',
            unit: 'occasion',
            rate: amount.toFixed(2),
            amount: amount.toFixed(2),
          });
        }
        const total = lines.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2);
        const adjusted = { ...charges, lines, total };
        await saveCharges(tx, id, adjusted);
        await logStaffAction(tx, caller, id, {
          action: 'chargesAdjusted',
          from: duty.status,
          to: duty.status,
          reason: `${reason} (total ${charges.total} → ${total})`,
        });
        return { booking, charges: adjusted };
      });
    },
  };
}
