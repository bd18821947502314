// The files an email carries, fetched from their owner when it is sent: the log keeps only their names.
import type { Client } from '@connectrpc/connect';
import { PERMISSION } from '@fleet/domain';
import { callAs, type EmailAttachment, serviceCaller } from '@fleet/platform';
import type { BillingService } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { MessageAttachment } from '../storage/messages-store';

/** Fetches one attachment of an operator's email; rejects when it cannot be had now. */
export type AttachmentSource = (tenantId: string, attachment: MessageAttachment) => Promise<EmailAttachment>;

const FETCH_DEADLINE_MS = 30_000;

/**
 * Duty slips from bookings' RenderDutySlip, invoices, receipts and purchase invoices from billing's
 * RenderInvoiceDocument, RenderReceipt and RenderPurchaseInvoice, each asked as the messaging service
 * itself (no person is behind the delivery worker) for the email's operator, holding only the permission
 * to print that document.
 */
export function documentAttachments(owners: {
  bookings: () => Client<typeof BookingsService>;
  billing: () => Client<typeof BillingService>;
}): AttachmentSource {
  return async (tenantId, attachment) => {
    switch (attachment.kind) {
      case 'DUTY_SLIP': {
        const caller = serviceCaller('messaging', { tenantId, permissions: [PERMISSION.view_duty_slip] });
        const slip = await owners
          .bookings()
          .renderDutySlip(
            { id: attachment.bookingId, variant: 'SALES' },
            callAs(caller, { timeoutMs: FETCH_DEADLINE_MS }),
          );
        return { fileName: attachment.fileName, contentType: 'application/pdf', content: slip.pdf };
      }
      case 'INVOICE': {
        const caller = serviceCaller('messaging', {
          tenantId,
          permissions: [PERMISSION.download_print_invoice],
        });
        const invoice = await owners
          .billing()
          .renderInvoiceDocument(
            { id: attachment.invoiceId, document: 'INVOICE' },
            callAs(caller, { timeoutMs: FETCH_DEADLINE_MS }),
          );
        return { fileName: attachment.fileName, contentType: 'application/pdf', content: invoice.pdf };
      }
      case 'PURCHASE_INVOICE': {
        const caller = serviceCaller('messaging', {
          tenantId,
          permissions: [PERMISSION.download_print_purchase],
        });
        const purchase = await owners
          .billing()
          .renderPurchaseInvoice(
            { id: attachment.purchaseInvoiceId },
            callAs(caller, { timeoutMs: FETCH_DEADLINE_MS }),
          );
        return { fileName: attachment.fileName, contentType: 'application/pdf', content: purchase.pdf };
      }
      case 'RECEIPT': {
        const caller = serviceCaller('messaging', {
          tenantId,
          permissions: [PERMISSION.download_print_receipt],
        });
        const receipt = await owners
          .billing()
          .renderReceipt({ id: attachment.receiptId }, callAs(caller, { timeoutMs: FETCH_DEADLINE_MS }));
        return { fileName: attachment.fileName, contentType: 'application/pdf', content: receipt.pdf };
      }
    }
  };
}
