import { publicTokenInput } from '@fleet/domain/inputs';
import { publicProcedure } from '../../trpc';
import { publicFeedbackToJson } from '../public-slip/mappers';
import { asPublicVisit } from '../public-slip/visit';
import { required } from '../shared-mappers';

/** A duty's feedback form, for whoever holds its link (spec §2 /feedback). */
export const get = publicProcedure.input(publicTokenInput).query(async ({ ctx, input }) => {
  const { feedback } = await ctx.services.bookings.getPublicFeedback(
    { token: input.token },
    asPublicVisit(ctx),
  );
  return publicFeedbackToJson(required(feedback, 'the feedback form'));
});
