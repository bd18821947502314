import { PERMISSION } from '@fleet/domain';
import { dutyBillingItemsSchema, idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { bookingDetailToJson } from './mappers';

export const setBillingItemsInput = z.object({
  id: idSchema,
  items: dutyBillingItemsSchema,
  version: z.number().int().min(0).optional(),
});

/**
 * Sets a duty's billing items (toll, parking, permit…) as a whole list, an empty one clearing them; by
 * whoever records its slip, until it is invoiced.
 */
export const setBillingItems = procedureNeeding(PERMISSION.generate_duty_slip)
  .input(setBillingItemsInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.bookings.setDutyBillingItems(
      {
        id: input.id,
        items: input.items.map((item) => ({
          billingItemId: item.billingItemId,
          amount: item.amount.trim(),
          receiptFileId: item.receiptFileId ?? '',
          note: item.note ?? '',
        })),
        expectedVersion: input.version ?? 0,
      },
      callAs(ctx.caller),
    );
    return bookingDetailToJson(required(r.booking, 'the booking'));
  });
