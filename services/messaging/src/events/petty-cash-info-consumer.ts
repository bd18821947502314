// Consumes billing's fleet.billing.petty_cash.sent and writes the petty cash text and/or email to the
// person the entry names, in the operator's words, in the consumer's own transaction (a redelivered
// event writes nothing twice: the log keeps one message per event, type and recipient).
import { isUuid } from '@fleet/domain';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { PettyCashChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { pettyCashMessages } from '../domain/petty-cash-info';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { operatorTemplates } from '../storage/templates-store';

const PETTY_CASH_SENT = defineEvent('fleet.billing.petty_cash.sent', PettyCashChangedSchema);

export function startPettyCashInfoConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.petty-cash-info',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [PETTY_CASH_SENT],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      const entry = event.message.entry;
      if (!tenantId || !entry?.id || event.message.channels.length === 0) return;
      const templates = await operatorTemplates(tx, tenantId);
      const messages = pettyCashMessages(
        {
          voucherNo: entry.voucherNo,
          entryDate: entry.entryDate,
          kind: entry.kind,
          amount: entry.amount,
          category: entry.category,
          notes: entry.notes,
          bookingNo: entry.bookingNo,
          personName: entry.personName,
          personPhone: entry.personPhone,
          personEmail: entry.personEmail,
          driverId: entry.driverId,
          held: event.message.held,
          companyName: event.message.companyName,
        },
        event.message.channels,
        { sms: templates.PETTY_CASH_INFO_SMS, email: templates.PETTY_CASH_INFO_EMAIL },
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
            ...(isUuid(event.message.changedByUserId) ? { requestedBy: event.message.changedByUserId } : {}),
          }),
        ),
      );
      if (written.length > 0) {
        event.logger.info({ entryId: entry.id, written: written.length }, 'petty cash information queued');
      }
    },
  });
}
