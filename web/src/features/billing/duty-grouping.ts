// Bill-pending duties as the invoicing screen shows them: grouped by customer with their totals, and
// how many invoices a choice of duties makes under each grouping (what invoice.createFromDuties does).
import Decimal from 'decimal.js';
import type { BillableDuty, Grouping } from './invoice-types';

export const GROUPINGS: { value: Grouping; label: string }[] = [
  { value: 'PER_CUSTOMER', label: 'One invoice per customer' },
  { value: 'PER_CUSTOMER_DAY', label: 'One per customer per day' },
  { value: 'PER_DUTY', label: 'One per duty' },
];

type Duty = Pick<
  BillableDuty,
  'bookingId' | 'customerId' | 'customerName' | 'startDate' | 'carHire' | 'billingItems'
>;

export interface CustomerGroup<D extends Duty> {
  customerId: string;
  customerName: string;
  duties: D[];
  carHire: Decimal;
  billingItems: Decimal;
}

/** The duties by customer, customers in the order they first appear, each with its sums. */
export function groupByCustomer<D extends Duty>(duties: readonly D[]): CustomerGroup<D>[] {
  const groups = new Map<string, CustomerGroup<D>>();
  for (const duty of duties) {
    let group = groups.get(duty.customerId);
    if (!group) {
      group = {
        customerId: duty.customerId,
        customerName: duty.customerName,
        duties: [],
        carHire: new Decimal(0),
        billingItems: new Decimal(0),
      };
      groups.set(duty.customerId, group);
    }
    group.duties.push(duty);
    group.carHire = group.carHire.plus(duty.carHire);
    group.billingItems = group.billingItems.plus(duty.billingItems);
  }
  return [...groups.values()];
}

/** How many invoices the chosen duties make under a grouping. */
export function invoiceCount(duties: readonly Duty[], grouping: Grouping): number {
  const keyOf = (duty: Duty) =>
    grouping === 'PER_DUTY'
      ? duty.bookingId
      : grouping === 'PER_CUSTOMER_DAY'
        ? `${duty.customerId}|${duty.startDate}`
        : duty.customerId;
  return new Set(duties.map(keyOf)).size;
}

/** The selection with all of `ids` added, or (when all were already in it) all of them taken out. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(selected);
  const allIn = ids.length > 0 && ids.every((id) => next.has(id));
  for (const id of ids) {
    if (allIn) next.delete(id);
    else next.add(id);
  }
  return next;
}
