// Consumes billing's fleet.billing.receipt.emailed and fleet.billing.payment.requested and writes the
// RECEIPT_EMAIL to each address, or the PAYMENT_REQUEST_EMAIL and PAYMENT_REQUEST_SMS to each address and
// phone, in the operator's words, in the consumer's own transaction (a redelivered event writes nothing
// twice). A payment request's link is put in when it is sent, from the token kept beside its words. A receipt's PDF is fetched from billing when the email is sent.
import { isUuid } from '@fleet/domain';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { PaymentRequestedSchema, ReceiptEmailedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { paymentRequestMessages, receiptEmails } from '../domain/billing-messages';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { operatorTemplates } from '../storage/templates-store';

const RECEIPT_EMAILED = defineEvent('fleet.billing.receipt.emailed', ReceiptEmailedSchema);
const PAYMENT_REQUESTED = defineEvent('fleet.billing.payment.requested', PaymentRequestedSchema);
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

interface ConsumerDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
}

const requestedByOf = (userId: string) => (isUuid(userId) ? { requestedBy: userId } : {});

function startReceiptEmailsConsumer(deps: ConsumerDeps): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.receipt-emails',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [RECEIPT_EMAILED],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      const m = event.message;
      if (!tenantId || !isUuid(m.receiptId) || m.to.length === 0) return;
      const templates = await operatorTemplates(tx, tenantId);
      const emails = receiptEmails(
        {
          id: m.receiptId,
          receiptNo: m.receiptNo,
          receiptDate: m.receiptDate,
          receivedAmount: m.receivedAmount,
          customerName: m.customerName,
          companyName: m.companyName,
        },
        m.to,
        templates.RECEIPT_EMAIL,
      );
      const written = await insertMessages(
        tx,
        emails.map(
          (email): NewMessage => ({
            ...email,
            tenantId,
            eventId: event.id,
            bookingId: null,
            bookingNo: null,
            ...requestedByOf(m.changedByUserId),
          }),
        ),
      );
      if (written.length > 0) {
        event.logger.info({ receiptId: m.receiptId, written: written.length }, 'receipt emails queued');
      }
    },
  });
}

function startPaymentRequestsConsumer(deps: ConsumerDeps): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.payment-requests',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [PAYMENT_REQUESTED],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      const m = event.message;
      if (!tenantId || !TOKEN.test(m.token)) return;
      const templates = await operatorTemplates(tx, tenantId);
      const messages = paymentRequestMessages(
        {
          customerName: m.customerName,
          companyName: m.companyName,
          amountDue: m.amountDue,
        },
        { emails: m.emails, phones: m.phones },
        { email: templates.PAYMENT_REQUEST_EMAIL, sms: templates.PAYMENT_REQUEST_SMS },
      );
      const written = await insertMessages(
        tx,
        messages.map(
          (message): NewMessage => ({
            ...message,
            tenantId,
            eventId: event.id,
            bookingId: null,
            bookingNo: null,
            paymentLinkToken: m.token,
            ...requestedByOf(m.changedByUserId),
          }),
        ),
      );
      if (written.length > 0) {
        event.logger.info(
          { paymentRequestId: m.paymentRequestId, written: written.length },
          'payment request messages queued',
        );
      }
    },
  });
}

/** Both of billing's customer messages: receipts emailed and payment requests. */
export async function startBillingMessagesConsumers(deps: ConsumerDeps): Promise<Subscription[]> {
  return [await startReceiptEmailsConsumer(deps), await startPaymentRequestsConsumer(deps)];
}
