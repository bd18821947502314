// Driver chat from bookings' status changes: a driver allotted gets the duty as the approved WhatsApp
// template (queued here, in the consumer's transaction; the chat worker sends it after commit), and
// the trip's later steps — dispatched, started — move the conversation's flow status. The booking
// texts consumer leaves out the DRIVER_ALLOTMENT_SMS for a driver this consumer chats with.
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { dutyPreview, dutyTemplateParameters, tripStepOf } from '../domain/chat-flow';
import { templateValues } from '../domain/templates';
import {
  liveConversationsOf,
  openConversation,
  queueChatMessage,
  setFlowStatus,
} from '../storage/chat-store';
import { SCHEMA } from '../storage/migrations';
import type { DutyTemplate } from '../use-cases/driver-chat';
import { bookingChangeOf } from './booking-texts-consumer';

const STATUS_CHANGED = defineEvent('fleet.bookings.booking.status_changed', BookingChangedSchema);

export function startDriverChatConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
  duty: DutyTemplate;
  /** Whether this driver's number is chatted with (chat on, a number WhatsApp can take). */
  chatsWith(phone: string): boolean;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.driver-chat',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [STATUS_CHANGED],
    async handle(tx, event) {
      const change = bookingChangeOf(event.subject, event.message);
      const tenantId = event.tenantId ?? event.message.tenantId;
      if (!change || !tenantId) return;
      const { booking } = change;
      const phone = booking.driverPhone.trim();
      if (!deps.chatsWith(phone)) return;
      if (change.toStatus === 'ALLOTED') {
        const values = templateValues(booking);
        const conversation = await openConversation(tx, {
          tenantId,
          bookingId: booking.id,
          bookingNo: booking.bookingNo,
          driverName: booking.driverName.trim(),
          driverPhone: phone,
          dutyValues: values,
        });
        await queueChatMessage(tx, {
          tenantId,
          conversationId: conversation.id,
          sourceId: event.id,
          kind: 'TEMPLATE',
          text: dutyPreview(values),
          template: { ...deps.duty, parameters: dutyTemplateParameters(values) },
          sentBy: null,
        });
        event.logger.info(
          { bookingId: booking.id, conversationId: conversation.id },
          'duty queued for driver chat',
        );
        return;
      }
      const step = tripStepOf(change.toStatus);
      if (!step) return;
      for (const conversation of await liveConversationsOf(tx, booking.id, phone))
        await setFlowStatus(tx, conversation.id, step);
    },
  });
}
