import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { PERMISSION } from '@fleet/domain';
import { idSchema, optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson, chargesToJson, slipPointToJson } from './mappers';

export const recordSlipInput = z.object({
  id: idSchema,
  variant: z.enum(['SALES', 'PURCHASE']),
  points: z
    .array(
      z.object({
        point: z.enum(['GARAGE_START', 'ARRIVAL', 'DUTY_START', 'DUTY_END', 'GARAGE_END']),
        at: z.date({ error: 'Give the date and time' }),
        km: z.string().regex(/^\d{1,7}(\.\d)?$/, 'Give the odometer in km, e.g. 45210.5'),
        location: optionalText(200),
        // A photo taken there, uploaded for `booking` and `slip_photo`.
        fileId: idSchema.nullish(),
      }),
    )
    .max(5, 'A slip has five points'),
  medium: z.enum(['EMAIL', 'HARD_COPY', 'DIGITAL_DUTY_SLIP', 'NETWORK']).optional(),
  version: z.number().int().min(0).optional(),
});

/** Records a duty slip's points (a variant's whole set) and how it arrived. */
export const recordSlip = procedureNeeding(PERMISSION.generate_duty_slip)
  .input(recordSlipInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.recordDutySlip(
      {
        id: input.id,
        variant: input.variant,
        points: input.points.map((p) => ({ ...p, at: timestampFromDate(p.at), fileId: p.fileId ?? '' })),
        medium: input.medium ?? '',
        expectedVersion: input.version ?? 0,
      },
      callAs(ctx.caller),
    );
    return {
      booking: bookingDetailToJson(required(r.booking, 'the booking')),
      points: r.points.map(slipPointToJson),
    };
  });

/**
 * Closes a duty by ops, priced from its slip; answers the duty, its charges, and what it pays the
 * supplier or the operator's driver who ran it.
 */
export const close = procedureNeeding(PERMISSION.generate_duty_slip)
  .input(z.object({ id: idSchema, version: z.number().int().min(0).optional() }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.closeDuty(
      { id: input.id, expectedVersion: input.version ?? 0 },
      callAs(ctx.caller),
    );
    return {
      booking: bookingDetailToJson(required(r.booking, 'the booking')),
      charges: chargesToJson(required(r.charges, 'the charges')),
      purchaseCharges: r.purchaseCharges ? chargesToJson(r.purchaseCharges) : null,
      driverAllowances: r.driverAllowances ? chargesToJson(r.driverAllowances) : null,
    };
  });

/** Approves a closed duty's slip, so it can be billed. */
export const approveSlip = procedureNeeding(PERMISSION.approve_duty_slip)
  .input(z.object({ id: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.approveDutySlip(input, callAs(ctx.caller));
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });
