import { isoDateSchema, PERMISSION, referenceCodeSchema } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { decimalOrNull } from '../shared-mappers';

export const quoteInput = z.object({
  customerId: idSchema,
  dutyTypeId: idSchema,
  vehicleGroupId: idSchema,
  fromCityId: referenceCodeSchema,
  reportingDate: isoDateSchema,
});

/**
 * The price a booking left without one would get: the customer's rate card in force on its first day,
 * as booking.create resolves it (masters' own rule), so the form can show it before it is taken. Null
 * when no contract is in force.
 */
export const quote = procedureNeeding(PERMISSION.manage_booking)
  .input(quoteInput)
  .query(async ({ ctx, input }) => {
    const { rateCard } = await ctx.services.masters.resolveRate(
      {
        party: RateParty.CUSTOMER,
        customerId: input.customerId,
        dutyTypeId: input.dutyTypeId,
        vehicleGroupId: input.vehicleGroupId,
        cityId: input.fromCityId,
        date: input.reportingDate,
      },
      callAs(ctx.caller),
    );
    if (!rateCard) return null;
    return {
      rateCardId: rateCard.id,
      name: rateCard.name,
      price: decimalOrNull(rateCard.normalRate),
      extraKmRate: decimalOrNull(rateCard.extraKmRate),
      extraHourRate: decimalOrNull(rateCard.extraHourRate),
    };
  });
