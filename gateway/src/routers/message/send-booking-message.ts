import { idSchema } from '@fleet/domain/inputs';
import { type Caller, callAs } from '@fleet/platform';
import { z } from 'zod';
import type { MessagingClient } from '../../context';
import { procedureNeeding } from '../../trpc';
import { messageToJson } from './mappers';

/** The client's idempotency key: the same key sends once, however often the click arrives. */
const requestIdSchema = z.string().uuid('Send a request id (a UUID) so a repeat sends once');

export const sendConfirmationInput = z.object({ bookingId: idSchema, requestId: requestIdSchema });
export const sendInfoInput = sendConfirmationInput.extend({
  /** Whom to send the duty's allotment details to. */
  recipients: z
    .array(
      z.enum(['DRIVER', 'PASSENGERS', 'SUPPLIER'], {
        error: 'Choose the driver, the passengers or the supplier',
      }),
    )
    .min(1, 'Choose whom to send the details to')
    .max(3),
  /** By text, by email or both; by text when not said. */
  channels: z
    .array(z.enum(['SMS', 'EMAIL'], { error: 'Choose SMS or EMAIL' }))
    .min(1, 'Choose by text, by email or both')
    .max(2)
    .default(['SMS']),
});

type Send = {
  bookingId: string;
  requestId: string;
  what: 'CONFIRMATION' | 'INFO';
  channels?: string[];
  recipients?: string[];
};

async function send(messaging: MessagingClient, caller: Caller, request: Send) {
  const r = await messaging.sendBookingMessage({ channels: [], recipients: [], ...request }, callAs(caller));
  return { messages: r.messages.map(messageToJson) };
}

/** Texts the booking's confirmation to its passengers and booker, whatever the automatic flags say. */
export const sendBookingConfirmationSms = procedureNeeding('send_booking_confirmation_sms')
  .input(sendConfirmationInput)
  .mutation(({ ctx, input }) =>
    send(ctx.services.messaging, ctx.caller, { ...input, what: 'CONFIRMATION', channels: ['SMS'] }),
  );

/** Emails the booking's confirmation to its passengers and booker who have an address. */
export const sendBookingConfirmationEmail = procedureNeeding('send_booking_confirmation_email')
  .input(sendConfirmationInput)
  .mutation(({ ctx, input }) =>
    send(ctx.services.messaging, ctx.caller, { ...input, what: 'CONFIRMATION', channels: ['EMAIL'] }),
  );

/** Texts a duty's allotment details to the driver, the passengers (with the trip code) and/or the supplier. */
export const sendBookingInfo = procedureNeeding('send_duty_info')
  .input(sendInfoInput)
  .mutation(({ ctx, input }) => send(ctx.services.messaging, ctx.caller, { ...input, what: 'INFO' }));
