import { BOOKING_LIST_PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { chatMessageToJson, conversationToJson } from './mappers';

/**
 * A booking's driver chat: each conversation (one per driver it was allotted to, newest first) with
 * its messages. It belongs to the booking page, so it needs what that page needs (view_booking).
 */
export const forBooking = procedureNeeding(BOOKING_LIST_PERMISSION)
  .input(z.object({ bookingId: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.getBookingChat({ bookingId: input.bookingId }, callAs(ctx.caller));
    return {
      conversations: r.threads.map((t) => ({
        ...conversationToJson(required(t.conversation, 'the conversation')),
        messages: t.messages.map(chatMessageToJson),
      })),
    };
  });
