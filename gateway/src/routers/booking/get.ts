import { BOOKING_LIST_PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { activityToJson, bookingDetailToJson, chargesToJson, slipPointToJson } from './mappers';
import { namesOf } from './people-names';

/** A booking with its later duties and everything that happened to it. */
export const get = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.getBooking({ id: input.id }, callAs(ctx.caller));
    const people = r.activity.flatMap((a) => [a.userId, a.actorUserId]);
    const names = await namesOf(ctx.services.identity, ctx.caller, people);
    return {
      booking: bookingDetailToJson(required(r.booking, 'the booking')),
      duties: r.duties.map(bookingDetailToJson),
      activity: r.activity.map((a) => activityToJson(a, names)),
      salesSlip: r.salesSlip.map(slipPointToJson),
      purchaseSlip: r.purchaseSlip.map(slipPointToJson),
      charges: r.charges ? chargesToJson(r.charges) : null,
      purchaseCharges: r.purchaseCharges ? chargesToJson(r.purchaseCharges) : null,
      driverAllowances: r.driverAllowances ? chargesToJson(r.driverAllowances) : null,
    };
  });
