// Staff send a booking's confirmation (SMS and/or email) or its allotment details (to the driver, the
// passengers, the supplier) by hand. The automatic flags do not apply — a person asked — but the
// permissions do: send_booking_confirmation_sms / _email for the confirmation, send_duty_info for the
// details. The client's request id makes a double click send once: the messages are written under it,
// and the unique (event, type, channel, recipient) of the log keeps a repeat from writing again.
import { getPermission, type PermissionId, shownBookingNo } from '@fleet/domain';
import {
  type Caller,
  type Database,
  notFound,
  parseOrThrow,
  permissionDenied,
  preconditionFailed,
} from '@fleet/platform';
import { z } from 'zod';
import { type OnDemandRequest, onDemandMessages } from '../domain/booking-texts';
import { compose } from '../domain/compose';
import { audienceOf, findBooking } from '../storage/audience-store';
import { insertMessages, type MessageRow, messagesOfEvent } from '../storage/messages-store';
import { operatorTemplates } from '../storage/templates-store';

type TenantCaller = Caller & { tenantId: string; userId: string };

const CHANNEL_PERMISSION = {
  SMS: 'send_booking_confirmation_sms',
  EMAIL: 'send_booking_confirmation_email',
} as const satisfies Record<'SMS' | 'EMAIL', PermissionId>;
const SEND_INFO: PermissionId = 'send_duty_info';

const uuid = (message: string) => z.string().uuid(message);
const sendSchema = z.discriminatedUnion('what', [
  z.object({
    what: z.literal('CONFIRMATION'),
    bookingId: uuid('Choose a booking.'),
    requestId: uuid('Send a request id (a UUID) so a repeat sends once.'),
    channels: z
      .array(z.enum(['SMS', 'EMAIL']))
      .min(1, 'Choose SMS, email or both.')
      .max(2)
      .transform((c) => [...new Set(c)]),
  }),
  z.object({
    what: z.literal('INFO'),
    bookingId: uuid('Choose a booking.'),
    requestId: uuid('Send a request id (a UUID) so a repeat sends once.'),
    recipients: z
      .array(z.enum(['DRIVER', 'PASSENGERS', 'SUPPLIER']))
      .min(1, 'Choose whom to send the details to.')
      .max(3)
      .transform((r) => [...new Set(r)]),
    // Texts unless asked otherwise (the gRPC field cannot tell none from absent).
    channels: z
      .array(z.enum(['SMS', 'EMAIL']))
      .max(2)
      .default([])
      .transform((c): ('SMS' | 'EMAIL')[] => (c.length > 0 ? [...new Set(c)] : ['SMS'])),
  }),
]);

/** What a caller sends, before it is checked: `what` picks which of channels or recipients is read. */
export interface SendBookingMessageInput {
  what: string;
  bookingId: string;
  requestId: string;
  channels?: string[];
  recipients?: string[];
}

function need(caller: Caller, permission: PermissionId) {
  if (!caller.permissions.includes(permission)) {
    throw permissionDenied(`You need the “${getPermission(permission)?.name}” permission to send this.`);
  }
}

export function createSendBookingMessage(deps: { db: Database }) {
  const { db } = deps;
  return {
    async send(caller: TenantCaller, input: SendBookingMessageInput): Promise<MessageRow[]> {
      const parsed = parseOrThrow(sendSchema, input);
      if (parsed.what === 'CONFIRMATION')
        for (const channel of parsed.channels) need(caller, CHANNEL_PERMISSION[channel]);
      else need(caller, SEND_INFO);
      const request: OnDemandRequest =
        parsed.what === 'CONFIRMATION'
          ? { what: 'CONFIRMATION', channels: parsed.channels }
          : { what: 'INFO', to: parsed.recipients, channels: parsed.channels };
      return db.withTenant(caller.tenantId, async (tx) => {
        const already = await messagesOfEvent(tx, parsed.requestId);
        if (already.length > 0) return already;
        const booking = await findBooking(tx, parsed.bookingId);
        if (!booking) throw notFound('The booking');
        const { audience, operator } = await audienceOf(tx, caller.tenantId, booking);
        const planned = onDemandMessages(booking, request, audience);
        if (planned.length === 0) {
          throw preconditionFailed(
            parsed.what === 'CONFIRMATION'
              ? `Booking #${shownBookingNo(booking.bookingNo)} has no passenger or booker with ${parsed.channels.length === 1 && parsed.channels[0] === 'EMAIL' ? 'an email address' : 'a phone number or email address'} to send it to.`
              : `Booking #${shownBookingNo(booking.bookingNo)} has nobody of those chosen to send the details to yet (no driver, passenger or supplier number).`,
            'NO_RECIPIENTS',
          );
        }
        const composed = compose(booking, planned, {
          templates: await operatorTemplates(tx, caller.tenantId),
          audience,
          companyName: operator.companyName,
          timeZone: operator.timeZone,
        });
        await insertMessages(
          tx,
          composed.map((m) => ({
            ...m,
            tenantId: caller.tenantId,
            eventId: parsed.requestId,
            bookingId: booking.id,
            bookingNo: booking.bookingNo,
            requestedBy: caller.userId,
          })),
        );
        return messagesOfEvent(tx, parsed.requestId);
      });
    },
  };
}

export type SendBookingMessage = ReturnType<typeof createSendBookingMessage>;
