import { SMS_TYPES } from '@fleet/domain';
import { cursorSchema, idSchema, limitSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { messageToJson } from './mappers';

export const messageListInput = z
  .object({
    cursor: cursorSchema,
    limit: limitSchema,
    type: z.enum(SMS_TYPES).optional(),
    status: z.enum(['QUEUED', 'SENT', 'FAILED']).optional(),
    bookingId: idSchema.optional(),
  })
  .prefault({});

/** The operator's SMS log, newest first: type, status and booking filters, cursor paged. */
export const list = procedureNeeding('view_sms')
  .input(messageListInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.listMessages(
      {
        page: pageRequestToProto({ cursor: input.cursor, limit: input.limit }),
        type: input.type ?? '',
        status: input.status ?? '',
        bookingId: input.bookingId ?? '',
      },
      callAs(ctx.caller),
    );
    return { messages: r.messages.map(messageToJson), ...pageInfoFromProto(r.pageInfo) };
  });
