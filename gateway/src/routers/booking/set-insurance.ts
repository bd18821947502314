import { PERMISSION } from '@fleet/domain';
import { idSchema, tripInsuranceSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

const version = z.number().int().min(0).optional();

export const setInsuranceInput = z.object({ id: idSchema, insurance: tripInsuranceSchema, version });
export const removeInsuranceInput = z.object({ id: idSchema, version });

/**
 * Sets or changes a duty's trip insurance (policy number, insurer, premium, optionally the sum insured
 * and a note), its premium billed on the duty's invoice; until the duty is invoiced.
 */
export const setInsurance = procedureNeeding(PERMISSION.manage_booking_insurance)
  .input(setInsuranceInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.setTripInsurance(
      { id: input.id, insurance: input.insurance, expectedVersion: input.version ?? 0 },
      callAs(ctx.caller),
    );
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });

/** Takes a duty's trip insurance off it, until the duty is invoiced. */
export const removeInsurance = procedureNeeding(PERMISSION.manage_booking_insurance)
  .input(removeInsuranceInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.setTripInsurance(
      { id: input.id, expectedVersion: input.version ?? 0 },
      callAs(ctx.caller),
    );
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });
