import { PERMISSION } from '@fleet/domain';
import { bookingDraftSchema, idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD');

/** Changes a duty's details (until its trip starts and it is invoiced). */
export const update = procedureNeeding(PERMISSION.edit_duty)
  .input(z.object({ id: idSchema, draft: bookingDraftSchema, version: z.number().int().min(0).optional() }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.updateBooking(
      { id: input.id, draftJson: JSON.stringify(input.draft), expectedVersion: input.version ?? 0 },
      callAs(ctx.caller),
    );
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });

/** A new booking with a duty's details on another date. */
export const copy = procedureNeeding(PERMISSION.manage_booking)
  .input(z.object({ id: idSchema, reportingDate: isoDate }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.copyBooking(input, callAs(ctx.caller));
    return {
      booking: bookingDetailToJson(required(r.booking, 'the booking')),
      duties: r.duties.map(bookingDetailToJson),
    };
  });

/** EXTENDED duties a day each after the booking's last, to `lastDate`. */
export const extend = procedureNeeding(PERMISSION.manage_booking)
  .input(z.object({ id: idSchema, lastDate: isoDate }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.extendBooking(input, callAs(ctx.caller));
    return r.duties.map(bookingDetailToJson);
  });

/** Puts labels on a duty, replacing its labels. */
export const setLabels = procedureNeeding(PERMISSION.manage_duty_label)
  .input(z.object({ id: idSchema, labelIds: z.array(idSchema).max(20) }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.setDutyLabels(input, callAs(ctx.caller));
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });

/** The duty supporters who go with a duty, replacing them. */
export const setSupporters = procedureNeeding(PERMISSION.allot_vehicle_driver_to_duty)
  .input(z.object({ id: idSchema, dutySupporterIds: z.array(idSchema).max(10) }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.setDutySupporters(input, callAs(ctx.caller));
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });
