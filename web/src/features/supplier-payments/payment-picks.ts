// The arithmetic of paying purchase invoices (a new payment, applying an advance): which invoices are
// ticked, what each leaves owing, what the rows take of the money there is, and what is wrong before it
// is sent. All in decimal.js from the typed text, never a JS number. An invoice owes its payable less
// what live payments paid of it; a payment pays each invoice at most what it owes.
import Decimal from 'decimal.js';
import { rupees } from '../duties/duty-format';
import type { OwingInvoice, SupplierSettlementInput } from './supplier-payment-types';

/** The ticked invoices' amounts as typed, by invoice id (unticked invoices are not in it). */
export type Picks = Readonly<Record<string, string>>;

/** What the table needs of an invoice. */
export type PayableInvoice = Pick<OwingInvoice, 'purchaseInvoiceId' | 'companyId' | 'owing'>;

const MONEY = /^\d{1,11}(\.\d{1,2})?$/;

/** Money typed by a person: blank is nothing (0); null when it is not an amount in rupees. */
export function moneyOf(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed === '') return new Decimal(0);
  return MONEY.test(trimmed) ? new Decimal(trimmed) : null;
}

/** The field name the gateway and billing give a settlement's amount: `settlements.0.amount`. */
export const amountKey = (index: number) => `settlements.${index}.amount`;

/** The ticked invoices in the table's order: the order they are sent in, so `settlements.N` is the Nth. */
export const tickedOf = <I extends PayableInvoice>(invoices: readonly I[], picks: Picks): I[] =>
  invoices.filter((invoice) => picks[invoice.purchaseInvoiceId] !== undefined);

/** The money the ticked rows take, counting only what is typed as an amount. */
export function appliedOf(invoices: readonly PayableInvoice[], picks: Picks): Decimal {
  return tickedOf(invoices, picks).reduce(
    (sum, invoice) => sum.plus(moneyOf(picks[invoice.purchaseInvoiceId]!) ?? 0),
    new Decimal(0),
  );
}

/** A payment pays the invoices of one billing company: the company of those already ticked. */
export function mayTick(invoice: PayableInvoice, invoices: readonly PayableInvoice[], picks: Picks): boolean {
  const company = tickedOf(invoices, picks)[0]?.companyId;
  return company === undefined || company === invoice.companyId;
}

/**
 * The picks with this invoice ticked or unticked. Ticked, it starts at what it owes — or, when less and
 * something is left of `available`, at what is left.
 */
export function toggled(
  invoice: PayableInvoice,
  invoices: readonly PayableInvoice[],
  picks: Picks,
  available: Decimal | null,
): Picks {
  if (picks[invoice.purchaseInvoiceId] !== undefined) {
    const { [invoice.purchaseInvoiceId]: _dropped, ...rest } = picks;
    return rest;
  }
  const room = available ? available.minus(appliedOf(invoices, picks)) : null;
  const amount = room?.greaterThan(0) ? Decimal.min(room, invoice.owing) : invoice.owing;
  return { ...picks, [invoice.purchaseInvoiceId]: amount.toFixed(2) };
}

/** The oldest invoices ticked first, each at what it owes, until `available` runs out. */
export function fillInOrder(invoices: readonly PayableInvoice[], available: Decimal): Picks {
  let picks: Picks = {};
  for (const invoice of invoices) {
    if (!available.minus(appliedOf(invoices, picks)).greaterThan(0)) break;
    if (mayTick(invoice, invoices, picks)) picks = toggled(invoice, invoices, picks, available);
  }
  return picks;
}

/** The settlements as supplierPayment.create and .applyToInvoices take them, in the table's order. */
export function settlementsToSend(
  invoices: readonly PayableInvoice[],
  picks: Picks,
): SupplierSettlementInput[] {
  return tickedOf(invoices, picks).map((invoice) => ({
    purchaseInvoiceId: invoice.purchaseInvoiceId,
    amount: picks[invoice.purchaseInvoiceId]!.trim(),
  }));
}

/**
 * What is wrong with the ticked rows before they are sent, by the gateway's field names
 * (`settlements.1.amount`); and, under `over.field`, when they take more money than is available.
 */
export function pickProblems(
  invoices: readonly PayableInvoice[],
  picks: Picks,
  available: Decimal | null,
  over: { field: string; words: string },
): Record<string, string> {
  const problems: Record<string, string> = {};
  tickedOf(invoices, picks).forEach((invoice, index) => {
    const amount = moneyOf(picks[invoice.purchaseInvoiceId]!);
    if (amount === null)
      problems[amountKey(index)] = 'Enter the amount in rupees, to the paisa, e.g. 10300.50';
    else if (amount.isZero()) problems[amountKey(index)] = 'Pay something of this invoice, or untick it.';
    else if (amount.greaterThan(invoice.owing))
      problems[amountKey(index)] = `That is more than the ${rupees(invoice.owing)} it still owes.`;
  });
  const applied = appliedOf(invoices, picks);
  if (available && applied.greaterThan(available))
    problems[over.field] =
      `The invoices take ${rupees(applied)}, more than the ${rupees(available)} ${over.words}.`;
  return problems;
}
