// The demo operator's suppliers' invoices, recorded through billing's own use cases as the accounts desk
// would once a supplier's bill arrives: for each supplier with closed duties it may bill, an invoice over
// most of them numbered like the supplier's own, most approved, one left a draft, and one entered twice
// and cancelled — so the purchase invoice list, an invoice's page and the duties still to bill all show
// something real.
import type { TenantCaller } from '@fleet/billing';
import { addCalendarDays, supplierMaster } from '@fleet/domain';
import type { Caller } from '@fleet/platform';
import Decimal from 'decimal.js';
import type { DemoBilling } from './seed-billing';
import { listAll } from './seed-bookings';
import type { MastersClient } from './seed-masters';

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * What the supplier billed for a duty: its purchase pricing, or — for a duty priced at ₹0, when the
 * supplier has no card of its own (a DCO on revenue share) — a fare the supplier typed on its bill.
 */
const billed = (duty: { bookingNo: string; purchaseAmount: string | null }) =>
  new Decimal(duty.purchaseAmount ?? 0).isZero()
    ? new Decimal(1400).plus((Number(duty.bookingNo) % 9) * 150).toFixed(2)
    : undefined;

/** Seeds the purchase invoices and answers how many; nothing when the operator already has one. */
export async function seedDemoPurchases(
  billing: DemoBilling,
  masters: MastersClient,
  caller: TenantCaller & Caller,
  today: string,
): Promise<{ approved: number; drafts: number; cancelled: number }> {
  const counts = { approved: 0, drafts: 0, cancelled: 0 };
  const { purchaseInvoices } = billing.useCases;
  if ((await purchaseInvoices.list(caller, { limit: 1, includeCancelled: true })).items.length > 0)
    return counts;
  const suppliers = await listAll(masters, caller, supplierMaster);
  let number = 0;
  for (const supplier of suppliers.sort((a, b) => a.id.localeCompare(b.id))) {
    const { duties } = await purchaseInvoices.billableDuties(caller, {
      supplierId: supplier.id,
      dateFrom: addCalendarDays(today, -60),
      dateTo: today,
    });
    const takeable = duties.filter((d) => !d.blockedReason).map((d) => d.duty);
    // The last few days' duties stay to bill: the supplier has not sent their bill yet.
    const taken = takeable.filter((d) => d.startDate <= addCalendarDays(today, -4));
    if (taken.length === 0) continue;
    number++;
    const last = taken.at(-1)!.startDate;
    const supplierInvoiceDate = earlier(addCalendarDays(last, 1), today);
    const prefix = supplier.values.supplier_type === 'DCO' ? 'BILL' : 'INV';
    const made = await purchaseInvoices.create(caller, {
      supplierId: supplier.id,
      supplierInvoiceNo: `${prefix}/${String(40 + number * 7).padStart(4, '0')}`,
      supplierInvoiceDate,
      receivedDate: earlier(addCalendarDays(supplierInvoiceDate, 2), today),
      duties: taken.map((d) => ({
        bookingId: d.bookingId,
        includeBillingItems: d.billingItems.length > 0,
        amount: billed(d),
      })),
      rows: [],
      notes: `Duties of ${taken[0]!.startDate} to ${last}.`,
    });
    if (counts.drafts === 0 && number % 3 === 2) {
      counts.drafts++;
      continue;
    }
    if (counts.cancelled === 0 && number % 3 === 1) {
      // Entered twice by mistake: cancelled, and the same bill recorded again.
      await purchaseInvoices.cancel(caller, made.invoice.id, 'Entered twice; the bill is recorded again.');
      counts.cancelled++;
      const again = await purchaseInvoices.create(caller, {
        supplierId: supplier.id,
        supplierInvoiceNo: made.invoice.supplierInvoiceNo,
        supplierInvoiceDate,
        receivedDate: made.invoice.receivedDate,
        duties: taken.map((d) => ({ bookingId: d.bookingId, amount: billed(d) })),
        rows: [],
      });
      await purchaseInvoices.approve(caller, again.invoice.id);
      counts.approved++;
      continue;
    }
    await purchaseInvoices.approve(caller, made.invoice.id);
    counts.approved++;
  }
  return counts;
}
