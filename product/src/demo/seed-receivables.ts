// The demo operator's money coming in, recorded through billing's own use cases as the accounts desk
// would after the month's invoices: some customers paid their older invoices in full by NEFT with their
// TDS deducted, some part-paid by cheque, one paid an advance that was applied to its oldest invoice, one
// cheque bounced (its receipt cancelled), and the rest still owe — so the receipts list, the invoices'
// outstanding and a customer's open invoices all show something real. Then a credit note for waiting
// charged in error and a debit note for a toll left off an invoice. Last, a few receipts emailed and one
// customer asked to pay.
import type { TenantCaller } from '@fleet/billing';
import { addCalendarDays } from '@fleet/domain';
import Decimal from 'decimal.js';
import type { DemoBilling } from './seed-billing';

const later = (date: string, days: number, today: string) => [addCalendarDays(date, days), today].sort()[0]!;

/**
 * Seeds the receipts and notes and answers how many of each; nothing when the operator already has a
 * receipt.
 */
export async function seedDemoReceivables(
  billing: DemoBilling,
  caller: TenantCaller,
  today: string,
): Promise<{ receipts: number; notes: number; emailed: number; paymentRequests: number }> {
  const { receipts, lists, notes } = billing.useCases;
  if ((await receipts.list(caller, { limit: 1, includeCancelled: true })).items.length > 0) {
    return { receipts: 0, notes: 0, emailed: 0, paymentRequests: 0 };
  }
  const approved = await lists.list(caller, { statuses: ['APPROVED'], limit: 1000 });
  const customers = [...new Set(approved.items.map((i) => i.customerId))].sort();
  let recorded = 0;
  let bounced = false;
  for (const [index, customerId] of customers.entries()) {
    const { invoices } = await receipts.openInvoices(caller, { customerId });
    const old = invoices.filter((i) => i.invoiceDate <= addCalendarDays(today, -10));
    const [oldest] = old;
    if (!oldest) continue;
    const remaining = (i: (typeof invoices)[number]) => new Decimal(i.outstanding).minus(i.defaultTds);
    if (index % 4 === 0) {
      // Everything older than ten days, in one NEFT payment, TDS deducted.
      const received = old.reduce((sum, i) => sum.plus(remaining(i)), new Decimal(0));
      await receipts.create(caller, {
        type: 'INVOICE',
        customerId,
        receiptDate: later(old.at(-1)!.invoiceDate, 7, today),
        receivedAmount: received.toFixed(2),
        paymentMode: 'NEFT',
        reference: `UTR${String(240_000 + index * 37).padStart(10, '0')}`,
        bankName: 'HDFC Bank',
        settlements: old.map((i) => ({
          invoiceId: i.invoiceId,
          amount: remaining(i).toFixed(2),
          tdsAmount: i.defaultTds,
        })),
      });
      recorded++;
    } else if (index % 4 === 1) {
      // Half the oldest invoice by cheque; a second cheque, for the rest, bounced once.
      const half = remaining(oldest).div(2).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      await receipts.create(caller, {
        type: 'INVOICE',
        customerId,
        receiptDate: later(oldest.invoiceDate, 12, today),
        receivedAmount: half.toFixed(2),
        paymentMode: 'CHEQUE',
        chequeNo: String(104_500 + index).padStart(6, '0'),
        chequeDate: later(oldest.invoiceDate, 10, today),
        bankName: 'ICICI Bank',
        notes: 'Part payment; the rest promised at month end.',
        settlements: [{ invoiceId: oldest.invoiceId, amount: half.toFixed(2), tdsAmount: oldest.defaultTds }],
      });
      recorded++;
      if (!bounced) {
        const { receipt } = await receipts.create(caller, {
          type: 'INVOICE',
          customerId,
          receiptDate: later(oldest.invoiceDate, 20, today),
          receivedAmount: remaining(oldest).minus(half).toFixed(2),
          paymentMode: 'CHEQUE',
          chequeNo: String(104_600 + index).padStart(6, '0'),
          bankName: 'ICICI Bank',
          settlements: [{ invoiceId: oldest.invoiceId, amount: remaining(oldest).minus(half).toFixed(2) }],
        });
        await receipts.cancel(caller, receipt.id, 'Cheque returned unpaid: funds insufficient.');
        bounced = true;
        recorded++;
      }
    } else if (index % 4 === 2) {
      // An advance on account, applied to the oldest invoice as far as it goes.
      const { receipt } = await receipts.create(caller, {
        type: 'ON_ACCOUNT',
        customerId,
        receiptDate: later(oldest.invoiceDate, 3, today),
        receivedAmount: '5000.00',
        paymentMode: 'NEFT',
        reference: `UTR${String(880_000 + index * 11).padStart(10, '0')}`,
        notes: 'Advance for the month’s duties.',
        settlements: [],
      });
      const amount = Decimal.min(new Decimal(oldest.outstanding), new Decimal(5000));
      await receipts.apply(caller, receipt.id, [{ invoiceId: oldest.invoiceId, amount: amount.toFixed(2) }]);
      recorded++;
    }
  }
  // A credit note and a debit note on the newest approved invoices still asking for ₹500 or more.
  const newest = (await lists.list(caller, { statuses: ['APPROVED'], limit: 50 })).items.map((i) => i.id);
  const asking = (await receipts.openInvoices(caller, { invoiceIds: newest })).invoices
    .filter((i) => new Decimal(i.outstanding).gte(500))
    .reverse();
  let noted = 0;
  for (const [invoice, type, amount, reason] of [
    [asking[0], 'CREDIT', '250', 'Waiting time charged twice on one duty.'],
    [asking[1], 'DEBIT', '180', 'Toll at Khed Shivapur left off the invoice.'],
  ] as const) {
    if (!invoice) continue;
    await notes.create(caller, {
      type,
      invoiceId: invoice.invoiceId,
      taxableAmount: amount,
      reason,
      noteDate: today,
    });
    noted++;
  }
  const { emailed, paymentRequests } = await sendDemoDocuments(billing, caller);
  return { receipts: recorded, notes: noted, emailed, paymentRequests };
}

/** Where a demo customer's documents go: its own email, else its accounts desk at an example address. */
async function addressesOf(billing: DemoBilling, caller: TenantCaller, customerId: string) {
  const contacts = await billing.useCases.receiptDocuments.contacts(caller, customerId);
  const slug =
    contacts.customerName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'customer';
  return {
    emails: contacts.emails.length ? contacts.emails : [`accounts@${slug}.example.in`],
    phones: contacts.phones,
  };
}

/**
 * The accounts desk sends its paper: the three newest live receipts emailed to their customers, and one
 * customer who still owes asked to pay by email (and text, when it has a phone) — so the email log shows
 * receipts and a payment request, and the request's page opens from its link.
 */
async function sendDemoDocuments(billing: DemoBilling, caller: TenantCaller) {
  const { receipts, receiptDocuments } = billing.useCases;
  const newest = (await receipts.list(caller, { limit: 3 })).items;
  let emailed = 0;
  for (const receipt of newest) {
    const { emails } = await addressesOf(billing, caller, receipt.customerId);
    await receiptDocuments.emailReceipt(caller, receipt.id, emails);
    emailed++;
  }
  const [owing] = (await receipts.outstanding(caller, {})).customers.filter((c) =>
    new Decimal(c.outstanding).gt(0),
  );
  if (!owing) return { emailed, paymentRequests: 0 };
  const to = await addressesOf(billing, caller, owing.customerId);
  await receiptDocuments.requestPayment(caller, { customerId: owing.customerId, ...to });
  return { emailed, paymentRequests: 1 };
}
