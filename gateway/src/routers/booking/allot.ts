import { PERMISSION } from '@fleet/domain';
import { idSchema, optional, optionalText } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { bookingDetailToJson } from './mappers';

export const allotInput = z.object({
  id: idSchema,
  /** OWN (the operator's vehicle and driver), COMPANY_SUPPLIER or DCO. */
  kind: z.enum(['OWN', 'COMPANY_SUPPLIER', 'DCO']),
  vehicleId: optional(idSchema),
  /** Empty: the vehicle's own driver, else the duty waits for one. */
  driverId: optional(idSchema),
  supplierId: optional(idSchema),
  vehicleNo: optionalText(20),
  driverName: optionalText(120),
  driverPhone: optionalText(16),
  /** Why it is allotted despite an overlapping duty or a lapsed document. */
  overrideReason: optionalText(500),
  /** Every duty of the booking at once. */
  allDuties: z.boolean().default(false),
  version: z.number().int().min(0).optional(),
});

/** Allots a duty, or every duty of its booking; answers the duties allotted. */
export const allot = procedureNeeding(PERMISSION.allot_vehicle_driver_to_duty)
  .input(allotInput)
  .mutation(async ({ ctx, input }) => {
    const { version, ...request } = input;
    const r = await ctx.services.bookings.allotDuty(
      { ...request, expectedVersion: version ?? 0 },
      callAs(ctx.caller),
    );
    return r.duties.map(bookingDetailToJson);
  });
