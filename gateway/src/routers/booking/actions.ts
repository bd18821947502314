// A procedure per action staff take on a duty with nothing but a reason (booking.confirm, booking.cancel…),
// each guarded by the permission the domain's status machine names for it, so the guard and the table
// can never disagree. Allotting and closing carry more than a reason and have procedures of their own.
import { type BookingAction, permissionFor } from '@fleet/domain';
import { idSchema, optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

export const bookingActionInput = z.object({
  id: idSchema,
  /** Why; the actions that log one refuse to go without it. */
  reason: optionalText(500),
  /** The version the person saw: someone else's change since is refused. */
  version: z.number().int().min(0).optional(),
});

function actionProcedure(action: BookingAction) {
  const permission = permissionFor(action);
  if (!permission) throw new Error(`Staff cannot take the action ${action}.`);
  return procedureNeeding(permission)
    .input(bookingActionInput)
    .mutation(async ({ ctx, input }) => {
      const r = await ctx.services.bookings.actOnBooking(
        { id: input.id, action, reason: input.reason, expectedVersion: input.version ?? 0 },
        callAs(ctx.caller),
      );
      return bookingDetailToJson(required(r.booking, 'the booking'));
    });
}

export const bookingActions = {
  confirm: actionProcedure('confirm'),
  dispatch: actionProcedure('dispatch'),
  cancel: actionProcedure('cancel'),
  cancelAsNoShow: actionProcedure('cancelAsNoShow'),
  reopenNoShow: actionProcedure('reopenNoShow'),
  markUnfulfilled: actionProcedure('markUnfulfilled'),
  skip: actionProcedure('skip'),
  clearAllotment: actionProcedure('clearAllotment'),
  refuseCancellation: actionProcedure('refuseCancellation'),
  releaseAssociate: actionProcedure('releaseAssociate'),
  keepAssociate: actionProcedure('keepAssociate'),
};
