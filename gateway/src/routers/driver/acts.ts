import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  driverAnswerSchema,
  driverBillingItemSchema,
  driverNavigationSchema,
  tripEventInputSchema,
} from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import type { DriverDuty } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { driverProcedure } from '../../trpc';
import { required } from '../shared-mappers';
import { driverDutyToJson } from './mappers';

/** What every act answers: the duty as it now is, and whether this call applied the act (false: a retry). */
const answered = (r: { duty?: DriverDuty; applied: boolean }) => ({
  duty: driverDutyToJson(required(r.duty, 'the duty')),
  applied: r.applied,
});

/** Accepts a duty (confirming availability) or rejects it with a reason. */
export const answer = driverProcedure
  .input(driverAnswerSchema)
  .mutation(async ({ ctx, input }) =>
    answered(
      await ctx.services.bookings.answerDuty(
        { ...input, at: timestampFromDate(input.at) },
        callAs(ctx.caller),
      ),
    ),
  );

/** A trip event with the phone's time, the odometer, where and a photo (and the passenger's code). */
export const tripEvent = driverProcedure
  .input(tripEventInputSchema)
  .mutation(async ({ ctx, input }) =>
    answered(
      await ctx.services.bookings.recordTripEvent(
        { ...input, at: timestampFromDate(input.at) },
        callAs(ctx.caller),
      ),
    ),
  );

/** A billing item the driver paid (toll, parking, permit), with its receipt's photo. */
export const addBillingItem = driverProcedure
  .input(driverBillingItemSchema)
  .mutation(async ({ ctx, input }) =>
    answered(
      await ctx.services.bookings.addDriverBillingItem(
        { ...input, at: timestampFromDate(input.at) },
        callAs(ctx.caller),
      ),
    ),
  );

/** The driver opened navigation to the pickup or the drop. */
export const navigationStart = driverProcedure
  .input(driverNavigationSchema)
  .mutation(async ({ ctx, input }) =>
    answered(
      await ctx.services.bookings.recordNavigationStart(
        { ...input, at: timestampFromDate(input.at) },
        callAs(ctx.caller),
      ),
    ),
  );
