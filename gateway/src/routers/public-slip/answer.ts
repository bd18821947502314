import { publicSlipAnswerSchema } from '@fleet/domain/inputs';
import { publicProcedure } from '../../trpc';
import { required } from '../shared-mappers';
import { publicSlipToJson } from './mappers';
import { asPublicVisit } from './visit';

/** The PNG inside a `data:image/png;base64,…` URL (the schema has checked its form). */
const pngOf = (dataUrl: string | undefined) =>
  dataUrl ? Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') : new Uint8Array();

/** The passenger accepts the slip with a signature, or rejects it with a reason; once. */
export const answer = publicProcedure.input(publicSlipAnswerSchema).mutation(async ({ ctx, input }) => {
  const { slip } = await ctx.services.bookings.answerPublicSlip(
    {
      token: input.token,
      decision: input.decision,
      reason: input.reason,
      signaturePng: pngOf(input.signature),
    },
    asPublicVisit(ctx),
  );
  return { ...publicSlipToJson(required(slip, 'the slip')), mapTileUrl: ctx.mapTileUrl ?? null };
});
