// Consumes bookings' fleet.bookings.slip_approval.requested (a closed duty's digital slip awaits its
// passenger) and writes the DIGITAL_DUTY_SLIP_SMS to each passenger the flags allow, in the operator's
// words, in the consumer's own transaction (a redelivered event writes nothing twice). The link is not
// in the event and not in the text written: the delivery worker asks bookings for it when it sends.
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { SlipApprovalChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { slipApprovalTexts } from '../domain/booking-texts';
import { compose } from '../domain/compose';
import { audienceOf, saveBooking } from '../storage/audience-store';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { operatorTemplates } from '../storage/templates-store';
import { bookingFactsOf } from './booking-texts-consumer';

const SLIP_APPROVAL_REQUESTED = defineEvent(
  'fleet.bookings.slip_approval.requested',
  SlipApprovalChangedSchema,
);

export function startSlipLinkConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.slip-links',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [SLIP_APPROVAL_REQUESTED],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      const booking = event.message.booking && bookingFactsOf(event.message.booking);
      if (!booking || !tenantId) return;
      await saveBooking(tx, tenantId, booking);
      const { audience, operator } = await audienceOf(tx, tenantId, booking);
      const planned = slipApprovalTexts(booking, audience);
      if (planned.length === 0) return;
      const composed = compose(booking, planned, {
        templates: await operatorTemplates(tx, tenantId),
        audience,
        companyName: operator.companyName,
        timeZone: operator.timeZone,
      });
      await insertMessages(
        tx,
        composed.map(
          (m): NewMessage => ({
            ...m,
            tenantId,
            eventId: event.id,
            bookingId: booking.id,
            bookingNo: booking.bookingNo,
          }),
        ),
      );
    },
  });
}
