// An invoice leaves the office: printed (its PDF, its duties' slips bound in one PDF by bookings, its duty
// summary), downloaded (a person's first download of an approved invoice is recorded) and dispatched
// (emailed with its PDF by messaging, which hears the event).
import { randomUUID } from 'node:crypto';
import { isEmail, PERMISSION } from '@fleet/domain';
import {
  callAs,
  invalidField,
  notFound,
  preconditionFailed,
  requireId,
  requirePermission,
  serviceCaller,
  serviceOf,
  type Tx,
} from '@fleet/platform';
import type { Invoice } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import { renderDutySummaryPdf } from '../documents/duty-summary-pdf';
import { renderInvoicePdf } from '../documents/invoice-pdf';
import { BillingEvents, billingOutbox } from '../events/published';
import { invoiceToProto } from '../mappers';
import { readDuties } from '../storage/duties-store';
import { addActivity, getInvoice, type InvoiceRecord, markInvoice } from '../storage/invoices-store';
import type { BillingDeps, TenantCaller } from './deps';

export const INVOICE_DOCUMENTS = ['INVOICE', 'DUTY_SLIPS', 'DUTY_SUMMARY'] as const;
export type InvoiceDocument = (typeof INVOICE_DOCUMENTS)[number];

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

/** A month of duties' slips takes bookings some seconds to draw; the usual deadline is too short. */
const SLIPS_DEADLINE_MS = 60_000;

export function createInvoiceDocuments(deps: BillingDeps) {
  const { db, clock, bookings } = deps;

  /** The duties' slips from bookings, asked as billing itself holding only the right to print a slip. */
  async function dutySlips(tenantId: string, invoice: Invoice): Promise<Buffer> {
    const asBilling = serviceCaller('billing', { tenantId, permissions: [PERMISSION.view_duty_slip] });
    const { pdf } = await bookings().renderDutySlips(
      { ids: invoice.bookingIds, variant: 'SALES' },
      callAs(asBilling, { timeoutMs: SLIPS_DEADLINE_MS }),
    );
    return Buffer.from(pdf);
  }

  /**
   * A person's first download of an approved invoice is recorded (messaging fetching the PDF to email
   * it is recorded as the dispatch); answers the invoice as it now is.
   */
  async function recordDownload(tx: Tx, caller: TenantCaller, found: InvoiceRecord): Promise<InvoiceRecord> {
    if (serviceOf(caller) !== undefined || found.status !== 'APPROVED' || found.isDownloaded) return found;
    await markInvoice(tx, found.id, { downloaded: true });
    await addActivity(tx, {
      id: randomUUID(),
      tenantId: caller.tenantId,
      invoiceId: found.id,
      userId: caller.userId || null,
      actorUserId: caller.actorUserId ?? (caller.userId || null),
      action: 'downloaded',
    });
    return (await getInvoice(tx, found.id))!;
  }

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
      const { invoice, duties } = await db.withTenant(caller.tenantId, async (tx) => {
        const found = await getInvoice(tx, id, true);
        if (!found) throw notFound('The invoice');
        const bookingIds = invoiceToProto(found).bookingIds;
        if (kind !== 'INVOICE' && bookingIds.length === 0) {
          throw preconditionFailed(
            `Invoice ${found.invoiceNo} is a manual invoice: it bills no duty, so it has no ${
              kind === 'DUTY_SLIPS' ? 'duty slips' : 'duty summary'
            }.`,
            'INVOICE_WITHOUT_DUTIES',
          );
        }
        return {
          invoice: invoiceToProto(await recordDownload(tx, caller, found)),
          duties: kind === 'DUTY_SUMMARY' ? await readDuties(tx, bookingIds) : [],
        };
      });
      const name = fileSafe(invoice.invoiceNo);
      switch (kind) {
        case 'DUTY_SLIPS':
          return { pdf: await dutySlips(caller.tenantId, invoice), fileName: `duty-slips-${name}.pdf` };
        case 'DUTY_SUMMARY':
          return {
            pdf: await renderDutySummaryPdf(invoice, duties, clock()),
            fileName: `duty-summary-${name}.pdf`,
          };
        case 'INVOICE':
          return { pdf: await renderInvoicePdf(invoice, clock()), fileName: `invoice-${name}.pdf` };
      }
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
