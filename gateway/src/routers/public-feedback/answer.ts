import { publicFeedbackAnswerSchema } from '@fleet/domain/inputs';
import { publicProcedure } from '../../trpc';
import { publicFeedbackToJson } from '../public-slip/mappers';
import { asPublicVisit } from '../public-slip/visit';
import { required } from '../shared-mappers';

/** The passenger's answers, one per question in the form's order; taken once. */
export const answer = publicProcedure.input(publicFeedbackAnswerSchema).mutation(async ({ ctx, input }) => {
  const { feedback } = await ctx.services.bookings.answerPublicFeedback(
    {
      token: input.token,
      answers: input.answers.map((a) => ({
        values: typeof a === 'string' ? (a.trim() === '' ? [] : [a]) : a,
      })),
    },
    asPublicVisit(ctx),
  );
  return publicFeedbackToJson(required(feedback, 'the feedback form'));
});
