import { BOOKING_FILE_KIND, BOOKING_LIST_PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { feedbackToJson, slipApprovalToJson } from '../public-slip/mappers';
import { required } from '../shared-mappers';
import {
  activityToJson,
  attachmentToJson,
  bookingDetailToJson,
  chargesToJson,
  slipPointToJson,
} from './mappers';
import { namesOf } from './people-names';

/**
 * A booking with its later duties, everything that happened to it (by whom, named by identity), and
 * what its attachments are (name, type, size): masters keeps the files and their names, so it is asked
 * here rather than bookings keeping a second copy of names that never change.
 */
export const get = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.getBooking({ id: input.id }, callAs(ctx.caller));
    const booking = required(r.booking, 'the booking');
    const people = r.activity.flatMap((a) => [a.userId, a.actorUserId]);
    const [names, attachments] = await Promise.all([
      namesOf(ctx.services.identity, ctx.caller, people),
      booking.attachmentIds.length
        ? ctx.services.masters.checkFiles(
            { kind: BOOKING_FILE_KIND, field: 'attachment_ids', ids: booking.attachmentIds },
            callAs(ctx.caller),
          )
        : { files: [] },
    ]);
    return {
      booking: bookingDetailToJson(booking),
      attachments: attachments.files.map(attachmentToJson),
      duties: r.duties.map(bookingDetailToJson),
      activity: r.activity.map((a) => activityToJson(a, names)),
      salesSlip: r.salesSlip.map(slipPointToJson),
      purchaseSlip: r.purchaseSlip.map(slipPointToJson),
      charges: r.charges ? chargesToJson(r.charges) : null,
      purchaseCharges: r.purchaseCharges ? chargesToJson(r.purchaseCharges) : null,
      driverAllowances: r.driverAllowances ? chargesToJson(r.driverAllowances) : null,
      slipApproval: r.slipApproval ? slipApprovalToJson(r.slipApproval) : null,
      feedback: r.feedback ? feedbackToJson(r.feedback) : null,
    };
  });
