// The demo operator's payments to its suppliers, recorded through billing's own use cases as the accounts
// desk would once the suppliers' invoices are approved: some suppliers paid in full by NEFT for their
// invoices older than ten days, some part-paid by cheque, one cheque stopped (its payment cancelled), and
// an advance on account, part of it applied — so the payments list, a purchase invoice's payments and
// the payables all show something real. The purchase invoices are the demo's own (another seed makes
// them); without approved ones this does nothing.
import type { TenantCaller } from '@fleet/billing';
import { addCalendarDays } from '@fleet/domain';
import type { Logger } from '@fleet/platform';
import Decimal from 'decimal.js';
import type { DemoBilling } from './seed-billing';

const later = (date: string, days: number, today: string) => [addCalendarDays(date, days), today].sort()[0]!;

/** Seeds the payments and answers how many; none when the operator already has one or owes no supplier. */
export async function seedDemoSupplierPayments(
  billing: DemoBilling,
  caller: TenantCaller,
  today: string,
): Promise<number> {
  const payments = billing.useCases.supplierPayments;
  if ((await payments.list(caller, { limit: 1, includeCancelled: true })).items.length > 0) return 0;
  const owed = await payments.outstanding(caller, {});
  const suppliers = owed.suppliers
    .filter((s) => s.openInvoices > 0)
    .map((s) => s.supplierId)
    .sort();
  let recorded = 0;
  let stopped = false;
  let advanced = false;
  for (const [index, supplierId] of suppliers.entries()) {
    const { invoices } = await payments.openInvoices(caller, { supplierId });
    // A payment pays the invoices of one billing company.
    const company = invoices[0]?.companyId;
    const old = invoices.filter(
      (i) => i.companyId === company && i.supplierInvoiceDate <= addCalendarDays(today, -10),
    );
    const [oldest] = old;
    if (!oldest) continue;
    if (index % 3 === 0) {
      // Everything older than ten days, in one NEFT payment.
      const amount = old.reduce((sum, i) => sum.plus(i.owing), new Decimal(0));
      await payments.create(caller, {
        type: 'INVOICE',
        supplierId,
        paymentDate: later(old.at(-1)!.supplierInvoiceDate, 7, today),
        amount: amount.toFixed(2),
        paymentMode: 'NEFT',
        bankName: 'HDFC Bank',
        reference: `UTR${String(510_000 + index * 29).padStart(10, '0')}`,
        settlements: old.map((i) => ({ invoiceId: i.invoiceId, amount: new Decimal(i.owing).toFixed(2) })),
      });
      recorded++;
    } else if (index % 3 === 1) {
      // Half the oldest invoice by cheque; a second cheque, for the rest, stopped before it was cashed.
      const half = new Decimal(oldest.owing).div(2).toDecimalPlaces(0, Decimal.ROUND_DOWN);
      if (half.lte(0)) continue;
      await payments.create(caller, {
        type: 'INVOICE',
        supplierId,
        paymentDate: later(oldest.supplierInvoiceDate, 12, today),
        amount: half.toFixed(2),
        paymentMode: 'CHEQUE',
        chequeNo: String(204_500 + index).padStart(6, '0'),
        chequeDate: later(oldest.supplierInvoiceDate, 12, today),
        bankName: 'ICICI Bank',
        notes: 'Part payment; the rest after the slips are checked.',
        settlements: [{ invoiceId: oldest.invoiceId, amount: half.toFixed(2) }],
      });
      recorded++;
      if (!stopped) {
        const rest = new Decimal(oldest.owing).minus(half).toFixed(2);
        const { payment } = await payments.create(caller, {
          type: 'INVOICE',
          supplierId,
          paymentDate: later(oldest.supplierInvoiceDate, 15, today),
          amount: rest,
          paymentMode: 'CHEQUE',
          chequeNo: String(204_600 + index).padStart(6, '0'),
          bankName: 'ICICI Bank',
          settlements: [{ invoiceId: oldest.invoiceId, amount: rest }],
        });
        await payments.cancel(caller, payment.id, 'Cheque stopped: the supplier disputed two duty slips.');
        stopped = true;
        recorded++;
      }
    } else if (!advanced) {
      // An advance on account, applied to the oldest invoice as far as it goes.
      const { payment } = await payments.create(caller, {
        type: 'ADVANCE',
        supplierId,
        paymentDate: later(oldest.supplierInvoiceDate, 3, today),
        amount: '5000.00',
        paymentMode: 'NEFT',
        reference: `UTR${String(930_000 + index * 13).padStart(10, '0')}`,
        notes: 'Advance for fuel on the month’s outstation duties.',
        settlements: [],
      });
      const amount = Decimal.min(new Decimal(oldest.owing), new Decimal(3000));
      await payments.apply(caller, payment.id, [{ invoiceId: oldest.invoiceId, amount: amount.toFixed(2) }]);
      advanced = true;
      recorded++;
    }
  }
  return recorded;
}

/** Seeds the supplier payments, logging what it did or why it could not; never throws. */
export async function seedDemoSupplierPaymentsLogged(
  billing: DemoBilling,
  caller: TenantCaller,
  today: string,
  logger: Logger,
): Promise<void> {
  try {
    const payments = await seedDemoSupplierPayments(billing, caller, today);
    logger.info({ tenantId: caller.tenantId, payments }, 'demo supplier payments seeded');
  } catch (error) {
    logger.error({ err: error, tenantId: caller.tenantId }, 'demo supplier payments could not be seeded');
  }
}
