import { MESSAGE_LOG_PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { namesOf } from '../booking/people-names';
import { required } from '../shared-mappers';
import { messageDetailToJson } from './mappers';

/**
 * One message of the log in full: its text, the provider's id and error, the delivery report, the
 * attachments by name, who asked for it (named by identity, as a duty's activity is) and the message a
 * resend repeats. A message's variables are never shown: the text already says what they hold.
 */
export const get = procedureNeeding(MESSAGE_LOG_PERMISSION)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.getMessage({ id: input.id }, callAs(ctx.caller));
    const message = required(r.message, 'the message');
    const names = await namesOf(ctx.services.identity, ctx.caller, [message.requestedBy]);
    return { message: messageDetailToJson(message, names) };
  });
