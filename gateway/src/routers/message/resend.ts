import { MESSAGE_LOG_PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { messageToJson } from './mappers';

/**
 * Sends a message of the log again. Needs view_sms here; messaging also asks for the permission that
 * sends that kind (send_booking_confirmation_sms/_email for a confirmation, send_duty_info for the rest).
 * The client picks the idempotency key once per click, so a double click or a retried request sends once.
 */
export const resend = procedureNeeding(MESSAGE_LOG_PERMISSION)
  .input(z.object({ id: idSchema, idempotencyKey: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.resendMessage(
      { id: input.id, idempotencyKey: input.idempotencyKey },
      callAs(ctx.caller),
    );
    return { message: messageToJson(required(r.message, 'the message')) };
  });
