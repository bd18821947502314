// Consumes billing's fleet.billing.invoice.dispatched and writes the INVOICE_EMAIL to each address the
// invoice was dispatched to, in the operator's words, in the consumer's own transaction (a redelivered
// event writes nothing twice). The PDF is not in the event nor in the log: the delivery worker asks
// billing for it when it sends.
import { isUuid } from '@fleet/domain';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { InvoiceChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { invoiceEmails } from '../domain/invoice-email';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { operatorTemplates } from '../storage/templates-store';

const INVOICE_DISPATCHED = defineEvent('fleet.billing.invoice.dispatched', InvoiceChangedSchema);

export function startInvoiceEmailsConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.invoice-emails',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [INVOICE_DISPATCHED],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      const invoice = event.message.invoice;
      if (!tenantId || !invoice?.id || event.message.dispatchTo.length === 0) return;
      const templates = await operatorTemplates(tx, tenantId);
      const emails = invoiceEmails(
        {
          id: invoice.id,
          invoiceNo: invoice.invoiceNo,
          buyerName: invoice.buyer?.name ?? '',
          sellerName: invoice.seller?.name ?? '',
          total: invoice.totals?.total ?? '0',
          dueDate: invoice.dueDate,
        },
        event.message.dispatchTo,
        templates.INVOICE_EMAIL,
      );
      const written = await insertMessages(
        tx,
        emails.map(
          (email): NewMessage => ({
            ...email,
            tenantId,
            eventId: event.id,
            phone: '',
            bookingId: null,
            bookingNo: null,
            // Who dispatched it, as a resend names who asked.
            ...(isUuid(event.message.changedByUserId) ? { requestedBy: event.message.changedByUserId } : {}),
          }),
        ),
      );
      if (written.length > 0) {
        event.logger.info({ invoiceId: invoice.id, written: written.length }, 'invoice emails queued');
      }
    },
  });
}
