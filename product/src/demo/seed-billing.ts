// The demo operator's month of invoices, made through billing's own use cases in this process as the
// accounts desk would: the closed duties invoiced week by week per customer, most approved and emailed,
// one downloaded, one cancelled with its reason, one moved to another of the operator’s companies (cancelled and
// reissued in that company's series), a draft discarded, the last weeks' still drafts, a few manual
// invoices, and the last days' duties left bill-pending. Customers invoiced per duty are left to billing's
// auto-invoicer, which invoices their duties as they close.
import type { BillingModule, TenantCaller } from '@fleet/billing';
import { addCalendarDays, operatorDate } from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';
import type { BookingsClient } from './seed-bookings';

/** What the seeding uses of billing: its use cases and its copies of the masters. */
export type DemoBilling = Pick<BillingModule, 'useCases' | 'copies'>;

/** How many invoices the seeding left in each state. */
export type DemoInvoiceCounts = Record<string, number>;

/** Duties this close to today stay bill-pending: their slips are still with the accounts desk. */
const PENDING_DAYS = 3;
/** How long billing may take to hear the month's closed duties from bookings' events. */
const HEARING_DEADLINE_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until billing has heard every duty bookings closed, and has its copies of the operator's
 * companies, their profiles and business settings (masters' events): invoicing reads only those.
 */
async function billingHasHeard(billing: DemoBilling, caller: TenantCaller, closed: ReadonlySet<string>) {
  const deadline = Date.now() + HEARING_DEADLINE_MS;
  for (;;) {
    const [duties, companies, profiles, settings] = await Promise.all([
      billing.useCases.lists.duties(caller, { billingStatus: 'ALL', limit: 1000 }),
      billing.copies.loadAll(caller, 'company'),
      billing.copies.loadAll(caller, 'company_profile'),
      billing.copies.loadOne(caller, 'business_settings'),
    ]);
    const heard = new Set(duties.items.map((d) => d.bookingId));
    const ready =
      [...closed].every((id) => heard.has(id)) &&
      companies.length >= 2 &&
      profiles.length >= companies.length &&
      settings !== undefined;
    if (ready) return companies;
    if (Date.now() > deadline) {
      throw new Error(
        `billing heard ${heard.size} of ${closed.size} closed duties and ${companies.length} companies in ${HEARING_DEADLINE_MS / 1000} s`,
      );
    }
    await sleep(100);
  }
}

/**
 * Seeds the demo month of invoices as `owner`. Does nothing (and answers undefined) if the operator has
 * an invoice staff have approved, discarded or cancelled (the auto-invoicer only makes drafts), so a
 * restart never doubles them.
 */
export async function seedDemoInvoices(
  clients: { billing: DemoBilling; bookings: BookingsClient },
  owner: Caller,
  options: { today?: string } = {},
): Promise<DemoInvoiceCounts | undefined> {
  const { billing } = clients;
  if (!owner.tenantId || !owner.userId) return undefined;
  const caller: TenantCaller = { ...owner, tenantId: owner.tenantId, userId: owner.userId };
  const { lists, invoicing, documents } = billing.useCases;
  const handled = await lists.list(caller, { statuses: ['APPROVED', 'CANCELLED', 'DISCARDED'], limit: 1 });
  if (handled.items.length > 0) return undefined;
  const today = options.today ?? operatorDate(new Date());

  const { bookings } = await clients.bookings.listBookings(
    { tab: 'all', page: { limit: 1000 } },
    callAs(owner),
  );
  const closed = new Set(bookings.filter((b) => b.status === 'CLOSED').map((b) => b.id));
  if (closed.size === 0) return undefined;
  const companies = await billingHasHeard(billing, caller, closed);

  const pending = await lists.duties(caller, { billingStatus: 'UNBILLED', limit: 1000 });
  const customers = await billing.copies.load(caller, {
    customer: [...new Set(pending.items.map((d) => d.customerId))],
  });
  const perDuty = (customerId: string) =>
    customers.customer.get(customerId)?.connection?.autoInvoiceOnDutyEnd ?? false;
  const lastBilled = addCalendarDays(today, -PENDING_DAYS);
  const toInvoice = pending.items.filter((d) => d.startDate < lastBilled && !perDuty(d.customerId));
  if (toInvoice.length === 0) return undefined;

  // A week's duties per customer on one invoice, dated the day after the week ends.
  const weeks = new Map<string, string[]>();
  const first = toInvoice.map((d) => d.startDate).sort()[0]!;
  for (const duty of toInvoice) {
    let weekEnd = addCalendarDays(first, 6);
    while (weekEnd < duty.startDate) weekEnd = addCalendarDays(weekEnd, 7);
    weeks.set(weekEnd, [...(weeks.get(weekEnd) ?? []), duty.bookingId]);
  }
  const byWeek = [];
  for (const [weekEnd, bookingIds] of [...weeks].sort(([a], [b]) => a.localeCompare(b))) {
    const invoiceDate = [addCalendarDays(weekEnd, 1), today].sort()[0]!;
    byWeek.push(
      await invoicing.createFromDuties(caller, { bookingIds, grouping: 'PER_CUSTOMER', invoiceDate }),
    );
  }

  // Every week but the latest is approved and mostly emailed (one invoice in five waits to be sent); of
  // them one is downloaded, one cancelled and one moved to another company. The latest week stays drafts.
  const settledWeeks = Math.max(1, byWeek.length - 1);
  const settled = byWeek.slice(0, settledWeeks).flat();
  const drafts = byWeek.slice(settledWeeks).flat();
  for (const invoice of settled) await invoicing.approve(caller, invoice.id);
  const [cancelled, moved, downloaded] = settled.slice(-3).reverse();
  for (const [i, invoice] of settled.slice(0, -3).entries()) {
    if (i % 5 !== 4) await documents.dispatch(caller, invoice.id, []);
  }
  if (downloaded) await documents.render(caller, downloaded.id, 'INVOICE');
  if (cancelled) {
    await invoicing.cancel(caller, cancelled.id, 'Waiting charges disputed by the customer; to be rebilled.');
  }
  if (moved) {
    const other = companies.find((c) => c.id !== moved.companyId && !c.isPrimary) ?? companies[1]!;
    const { reissued } = await invoicing.changeCompany(caller, {
      id: moved.id,
      companyId: other.id,
      reason: `Billed from ${other.name}, where the customer's office is registered.`,
    });
    await invoicing.approve(caller, reissued.id);
  }
  const [discarded] = drafts;
  if (discarded && drafts.length > 1) {
    await invoicing.discard(caller, discarded.id, 'Duplicate of an invoice raised by the branch.');
  }

  // Invoices of no duty: a decorated fleet for a wedding, approved and sent, and a training day, a draft.
  const corporates = [...customers.customer.values()].filter((c) => c.connection?.taxType === 'GSTIN');
  const [wedding, training] = [corporates[0], corporates[1] ?? corporates[0]];
  if (wedding?.connection && training?.connection) {
    const decorated = await invoicing.create(caller, {
      customerId: wedding.connection.id,
      bookingIds: [],
      invoiceDate: addCalendarDays(today, -10),
      lines: [
        {
          type: 'CUSTOM',
          description: 'Innova Crysta for the wedding party, full day',
          quantity: '3',
          rate: '4500',
          isTaxable: true,
          sacCode: '9966',
        },
        {
          type: 'CUSTOM',
          description: 'Car decoration (flowers)',
          quantity: '3',
          rate: '1500',
          isTaxable: true,
          sacCode: '998596',
        },
        { type: 'DISCOUNT_AMOUNT', description: 'Goodwill discount', amount: '500' },
      ],
      notes: 'Wedding fleet, as agreed on the phone with the family.',
    });
    await invoicing.approve(caller, decorated.id);
    await documents.dispatch(caller, decorated.id, []);
    await invoicing.create(caller, {
      customerId: training.connection.id,
      bookingIds: [],
      invoiceDate: addCalendarDays(today, -1),
      lines: [
        {
          type: 'CUSTOM',
          description: 'Defensive driving training for the client’s chauffeurs',
          quantity: '1',
          rate: '12000',
          isTaxable: true,
          sacCode: '9992',
        },
      ],
    });
  }

  const all = await lists.list(caller, { limit: 1000 });
  const counts: DemoInvoiceCounts = {};
  for (const invoice of all.items) {
    const state = invoice.status === 'APPROVED' && invoice.isDispatched ? 'DISPATCHED' : invoice.status;
    counts[state] = (counts[state] ?? 0) + 1;
  }
  return counts;
}
