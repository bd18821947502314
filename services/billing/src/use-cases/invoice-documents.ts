// An invoice leaves the office: printed (its PDF, rendered here), downloaded (the first download of an
// approved invoice is recorded) and dispatched (emailed with its PDF by messaging, which hears the event).
import { randomUUID } from 'node:crypto';
import { isEmail, PERMISSION } from '@fleet/domain';
import { invalidField, notFound, preconditionFailed, requireId, requirePermission } from '@fleet/platform';
import { renderInvoicePdf } from '../documents/invoice-pdf';
import { BillingEvents, billingOutbox } from '../events/published';
import { invoiceToProto } from '../mappers';
import { addActivity, getInvoice, type InvoiceRecord, markInvoice } from '../storage/invoices-store';
import type { BillingDeps, TenantCaller } from './deps';

export const INVOICE_DOCUMENTS = ['INVOICE'] as const;
export type InvoiceDocument = (typeof INVOICE_DOCUMENTS)[number];

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

export function createInvoiceDocuments(deps: BillingDeps) {
  const { db, clock } = deps;

  return {
    async render(
      caller: TenantCaller,
      id: string,
      document: string,
    ): Promise<{ pdf: Buffer; fileName: string }> {
      requirePermission(caller, PERMISSION.download_print_invoice, 'download or print invoices');
      requireId(id, 'id');
      const kind = (document || 'INVOICE') as InvoiceDocument;
      if (!INVOICE_DOCUMENTS.includes(kind)) {
        throw invalidField('document', `An invoice prints as ${INVOICE_DOCUMENTS.join(', ')}.`);
      }
      const invoice = await db.withTenant(caller.tenantId, async (tx) => {
        const found = await getInvoice(tx, id, true);
        if (!found) throw notFound('The invoice');
        if (found.status === 'APPROVED' && !found.isDownloaded) {
          await markInvoice(tx, id, { downloaded: true });
          await addActivity(tx, {
            id: randomUUID(),
            tenantId: caller.tenantId,
            invoiceId: id,
            userId: caller.userId || null,
            actorUserId: caller.actorUserId ?? (caller.userId || null),
            action: 'downloaded',
          });
          return (await getInvoice(tx, id))!;
        }
        return found;
      });
      const pdf = await renderInvoicePdf(invoiceToProto(invoice), clock());
      return { pdf, fileName: `invoice-${fileSafe(invoice.invoiceNo)}.pdf` };
    },

    /** Emails an approved invoice with its PDF to the addresses given, else the buyer's invoice email. */
    async dispatch(caller: TenantCaller, id: string, to: readonly string[]): Promise<InvoiceRecord> {
      requirePermission(caller, PERMISSION.email_invoice, 'email invoices');
      requireId(id, 'id');
      if (to.length > 10) throw invalidField('to', 'Send an invoice to at most 10 addresses at once.');
      to.forEach((address, i) => {
        if (!isEmail(address)) throw invalidField(`to.${i}`, `“${address}” is not an email address.`);
      });
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await getInvoice(tx, id, true);
        if (!invoice) throw notFound('The invoice');
        if (invoice.status !== 'APPROVED') {
          throw preconditionFailed('Approve the invoice before sending it.', `INVOICE_${invoice.status}`);
        }
        const buyerEmail = invoiceToProto(invoice).buyer?.email ?? '';
        const recipients = to.length > 0 ? [...to] : buyerEmail ? [buyerEmail] : [];
        if (recipients.length === 0) {
          throw invalidField('to', 'The customer has no invoice email; say where to send it.');
        }
        await markInvoice(tx, id, { dispatched: true });
        await addActivity(tx, {
          id: randomUUID(),
          tenantId: caller.tenantId,
          invoiceId: id,
          userId: caller.userId || null,
          actorUserId: caller.actorUserId ?? (caller.userId || null),
          action: 'dispatched',
          note: `Emailed to ${recipients.join(', ')}.`,
        });
        const dispatched = (await getInvoice(tx, id))!;
        const message = invoiceToProto(dispatched);
        await billingOutbox.enqueue(
          tx,
          BillingEvents.invoiceDispatched,
          {
            tenantId: caller.tenantId,
            invoice: { ...message, lines: [], taxes: [] },
            action: 'dispatched',
            changedByUserId: caller.actorUserId ?? caller.userId,
            dispatchTo: recipients,
          },
          caller,
        );
        return dispatched;
      });
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;
