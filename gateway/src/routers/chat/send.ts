import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { chatMessageToJson } from './mappers';

export const chatSendInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      conversationId: idSchema,
      kind: z.literal('TEXT'),
      text: z.string().trim().min(1, 'Write a message').max(4096, 'A message holds at most 4096 characters'),
    }),
    z.object({ conversationId: idSchema, kind: z.literal('RESEND_DUTY') }),
  ],
  { error: 'Choose TEXT or RESEND_DUTY' },
);

/**
 * Staff write to the driver: free text while the driver's 24-hour window is open (messaging refuses it
 * otherwise, naming the text), or the duty template again at any time.
 */
export const send = procedureNeeding('send_duty_info')
  .input(chatSendInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.sendChatMessage(
      {
        conversationId: input.conversationId,
        content:
          input.kind === 'TEXT' ? { case: 'text', value: input.text } : { case: 'resendDuty', value: true },
      },
      callAs(ctx.caller),
    );
    return chatMessageToJson(required(r.message, 'the message'));
  });
