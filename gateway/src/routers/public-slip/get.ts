import { publicTokenInput } from '@fleet/domain/inputs';
import { publicProcedure } from '../../trpc';
import { required } from '../shared-mappers';
import { publicSlipToJson } from './mappers';
import { asPublicVisit } from './visit';

/** A duty's digital slip, for whoever holds its link (spec §2 /digital-duty-slip). */
export const get = publicProcedure.input(publicTokenInput).query(async ({ ctx, input }) => {
  const { slip } = await ctx.services.bookings.getPublicSlip({ token: input.token }, asPublicVisit(ctx));
  return { ...publicSlipToJson(required(slip, 'the slip')), mapTileUrl: ctx.mapTileUrl ?? null };
});
