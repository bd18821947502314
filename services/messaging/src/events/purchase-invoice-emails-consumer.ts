// Consumes billing's fleet.billing.purchase_invoice.emailed and writes the PURCHASE_INVOICE_EMAIL to each
// address it was emailed to, in the operator's words, in the consumer's own transaction (a redelivered
// event writes nothing twice). The PDF is fetched from billing by the delivery worker when it sends.
import { isUuid } from '@fleet/domain';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { PurchaseInvoiceChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { purchaseInvoiceEmails } from '../domain/purchase-invoice-email';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { operatorTemplates } from '../storage/templates-store';

const PURCHASE_INVOICE_EMAILED = defineEvent(
  'fleet.billing.purchase_invoice.emailed',
  PurchaseInvoiceChangedSchema,
);

export function startPurchaseInvoiceEmailsConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.purchase-invoice-emails',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [PURCHASE_INVOICE_EMAILED],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      const invoice = event.message.purchaseInvoice;
      if (!tenantId || !invoice?.id || event.message.emailTo.length === 0) return;
      const templates = await operatorTemplates(tx, tenantId);
      const emails = purchaseInvoiceEmails(
        {
          id: invoice.id,
          purchaseNo: invoice.purchaseNo,
          supplierInvoiceNo: invoice.supplierInvoiceNo,
          supplierName: invoice.supplierName,
          companyName: event.message.companyName,
          payable: invoice.payable,
          dueDate: invoice.dueDate,
        },
        event.message.emailTo,
        templates.PURCHASE_INVOICE_EMAIL,
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
            ...(isUuid(event.message.changedByUserId) ? { requestedBy: event.message.changedByUserId } : {}),
          }),
        ),
      );
      if (written.length > 0) {
        event.logger.info(
          { purchaseInvoiceId: invoice.id, written: written.length },
          'purchase invoice emails queued',
        );
      }
    },
  });
}
