import {
  emailSchema,
  isoDateSchema,
  MESSAGE_DELIVERY_FILTERS,
  MESSAGE_LOG_CHANNELS,
  MESSAGE_LOG_PERMISSION,
  MESSAGE_LOG_STATUSES,
  MESSAGE_LOG_TYPES,
  phoneSchema,
  plainText,
} from '@fleet/domain';
import { cursorSchema, idSchema, limitSchema, orderSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { messageToJson } from './mappers';

export const messageListInput = z
  .object({
    cursor: cursorSchema,
    limit: limitSchema,
    order: orderSchema,
    channel: z.enum(MESSAGE_LOG_CHANNELS).optional(),
    type: z.enum(MESSAGE_LOG_TYPES).optional(),
    status: z.enum(MESSAGE_LOG_STATUSES).optional(),
    deliveryStatus: z.enum(MESSAGE_DELIVERY_FILTERS).optional(),
    /** The operator's days, YYYY-MM-DD, both included. */
    createdFrom: isoDateSchema.optional(),
    createdTo: isoDateSchema.optional(),
    /** A phone number with country code, or an email address, exactly. */
    recipient: z
      .union([phoneSchema, emailSchema], {
        error: 'Enter a phone number with country code (+919812345678) or an email address',
      })
      .optional(),
    bookingId: idSchema.optional(),
    bookingNo: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'Enter a booking number')
      .optional(),
    search: plainText().trim().max(100, 'Search with at most 100 characters').optional(),
  })
  .refine((input) => !input.createdFrom || !input.createdTo || input.createdFrom <= input.createdTo, {
    path: ['createdTo'],
    message: 'The last day comes on or after the first',
  })
  .prefault({});

/**
 * The operator's message log, newest first: one channel (the SMS or the email screen, or the pushes to
 * drivers' apps), type, status, delivery report, the operator's days, recipient, booking and a search;
 * cursor paged.
 */
export const list = procedureNeeding(MESSAGE_LOG_PERMISSION)
  .input(messageListInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.listMessages(
      {
        page: pageRequestToProto({ cursor: input.cursor, limit: input.limit, order: input.order }),
        type: input.type ?? '',
        status: input.status ?? '',
        bookingId: input.bookingId ?? '',
        channel: input.channel ?? '',
        deliveryStatus: input.deliveryStatus ?? '',
        createdFrom: input.createdFrom ?? '',
        createdTo: input.createdTo ?? '',
        recipient: input.recipient ?? '',
        bookingNo: BigInt(input.bookingNo ?? '0'),
        search: input.search ?? '',
      },
      callAs(ctx.caller),
    );
    return { messages: r.messages.map(messageToJson), ...pageInfoFromProto(r.pageInfo) };
  });
