// Billing hears every change of a duty from bookings and keeps the closed ones (billing.duties), so
// invoicing reads what a duty is charged without asking bookings.
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { saveDutyFromEvent } from '../storage/duties-store';
import { SCHEMA } from '../storage/migrations';

export const BOOKING_EVENTS = ['created', 'status_changed', 'updated'].map((change) =>
  defineEvent(`fleet.bookings.booking.${change}`, BookingChangedSchema),
);

export function startDutiesConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'billing.duties',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: BOOKING_EVENTS,
    async handle(tx, event) {
      if (!event.tenantId) return;
      await saveDutyFromEvent(tx, event.tenantId, event.message, event.occurredAt ?? new Date());
    },
  });
}
