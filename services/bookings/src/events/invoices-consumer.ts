// Bookings hears billing's invoice events and keeps each duty's BILLED flag (use-cases/billed-duties.ts).
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { InvoiceChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { SCHEMA } from '../storage/migrations';
import { markDutiesBilled } from '../use-cases/billed-duties';

const HOLDING = ['created', 'updated', 'approved'];
const RELEASING = ['discarded', 'cancelled'];

export function startInvoicesConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'bookings.invoices',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [...HOLDING, ...RELEASING].map((action) =>
      defineEvent(`fleet.billing.invoice.${action}`, InvoiceChangedSchema),
    ),
    async handle(tx, event) {
      const { invoice, action, releasedBookingIds } = event.message;
      if (!event.tenantId || !invoice) return;
      const context = { tenantId: event.tenantId, requestId: event.requestId ?? event.id };
      const change = { invoiceNo: invoice.invoiceNo, action };
      if (RELEASING.includes(action)) {
        await markDutiesBilled(tx, context, { ...change, bookingIds: invoice.bookingIds, billed: false });
        return;
      }
      await markDutiesBilled(tx, context, { ...change, bookingIds: releasedBookingIds, billed: false });
      await markDutiesBilled(tx, context, { ...change, bookingIds: invoice.bookingIds, billed: true });
    },
  });
}
