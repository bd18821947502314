import { PERMISSION, type PermissionId } from '@fleet/domain';
import { idSchema, optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson, chargesToJson } from './mappers';

export const adjustAllowancesInput = z.object({
  id: idSchema,
  allowances: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z_]{1,40}_ALLOWANCE$/, 'Only allowances are adjusted here'),
        amount: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Enter the amount, e.g. 250 or 250.50'),
      }),
    )
    .min(1, 'Name an allowance to adjust')
    .max(10),
  reason: optionalText(500),
});

/** One side's adjustment: its permission is the procedure's, checked before the input is read. */
const adjusting = (side: 'CUSTOMER' | 'DRIVER' | 'SUPPLIER', permission: PermissionId) =>
  procedureNeeding(permission)
    .input(adjustAllowancesInput)
    .mutation(async ({ ctx, input }) => {
      const r = await ctx.services.bookings.adjustDutyCharges({ ...input, side }, callAs(ctx.caller));
      return {
        booking: bookingDetailToJson(required(r.booking, 'the booking')),
        charges: chargesToJson(required(r.charges, 'the charges')),
      };
    });

/** Changes the allowances a closed duty charges the customer, with a reason. */
export const adjustCharges = adjusting('CUSTOMER', PERMISSION.adjust_duty_slip_customer_allowance);

/** Changes the allowances a closed duty pays the operator's own driver, with a reason. */
export const adjustDriverAllowances = adjusting('DRIVER', PERMISSION.adjust_duty_slip_driver_allowance);

/** Changes the allowances a closed duty pays the supplier who ran it, with a reason. */
export const adjustSupplierAllowances = adjusting('SUPPLIER', PERMISSION.adjust_duty_slip_supplier_allowance);
