import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { conversationToJson } from './mappers';

/** Marks a driver conversation resolved (who and when are kept). */
export const resolve = procedureNeeding('send_duty_info')
  .input(z.object({ conversationId: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.resolveChatConversation(
      { conversationId: input.conversationId },
      callAs(ctx.caller),
    );
    return conversationToJson(required(r.conversation, 'the conversation'));
  });
