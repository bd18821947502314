// The settlement table's arithmetic (receiving a payment, applying an advance): which invoices are
// ticked, what each row settles and leaves outstanding, what the rows apply of the money there is, and
// what is wrong before it is sent. All in decimal.js from the typed text, never a JS number.
//
// An invoice's outstanding = total − Σ(money + TDS + bank charges) of its live settlements. Bank charges
// are the operator's cost: what the bank kept settles the invoice like money, but only the money is
// taken from what was received.
import Decimal from 'decimal.js';
import { rupees } from '../duties/duty-format';
import type { OpenInvoice, SettlementInput } from './receipt-types';

/** One ticked invoice's row, as typed. */
export interface SettlementValues {
  amount: string;
  tdsAmount: string;
  bankCharges: string;
}

/** The ticked invoices' rows, by invoice id (unticked invoices are not in it). */
export type Picks = Readonly<Record<string, SettlementValues>>;

/** What the table needs of an invoice. */
export type AskingInvoice = Pick<OpenInvoice, 'invoiceId' | 'companyId' | 'outstanding' | 'defaultTds'>;

export type SettlementField = keyof SettlementValues;
export const SETTLEMENT_FIELDS: readonly SettlementField[] = ['amount', 'tdsAmount', 'bankCharges'];

/** What the gateway takes: rupees to the paisa. */
const MONEY = /^\d{1,11}(\.\d{1,2})?$/;

/** Money typed by a person: blank is nothing (0); null when it is not an amount in rupees. */
export function moneyOf(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed === '') return new Decimal(0);
  return MONEY.test(trimmed) ? new Decimal(trimmed) : null;
}

/** The field name the gateway and billing give a settlement's input: `settlements.0.amount`. */
export const settlementKey = (index: number, field: SettlementField | 'invoiceId') =>
  `settlements.${index}.${field}`;

/** The ticked invoices in the table's order: the order they are sent in, so `settlements.N` is the Nth. */
export const tickedOf = <I extends AskingInvoice>(invoices: readonly I[], picks: Picks): I[] =>
  invoices.filter((invoice) => picks[invoice.invoiceId] !== undefined);

/**
 * The row an invoice starts with when ticked: the TDS its customer deducts by default (never more than
 * it asks), and as the amount the rest of its outstanding — or, when less and some is left, what `room`
 * leaves of the money to apply. With nothing left the amount is the whole rest, so the summary shows
 * plainly that the rows take more than there is.
 */
export function pickedRow(invoice: AskingInvoice, room?: Decimal | null): SettlementValues {
  const tds = Decimal.min(invoice.defaultTds, invoice.outstanding);
  const rest = invoice.outstanding.minus(tds);
  const amount = room?.greaterThan(0) ? Decimal.min(rest, room) : rest;
  return { amount: amount.toFixed(2), tdsAmount: tds.toFixed(2), bankCharges: '' };
}

/** The picks with this invoice ticked (pre-filled from what is left of `available`) or unticked. */
export function toggled(
  invoice: AskingInvoice,
  invoices: readonly AskingInvoice[],
  picks: Picks,
  available: Decimal | null,
): Picks {
  if (picks[invoice.invoiceId]) {
    const { [invoice.invoiceId]: _dropped, ...rest } = picks;
    return rest;
  }
  const room = available === null ? null : available.minus(summarise(invoices, picks, null).applied);
  return { ...picks, [invoice.invoiceId]: pickedRow(invoice, room) };
}

/**
 * The invoices ticked oldest first (the table's order), each pre-filled, until the money available runs
 * out; an invoice of another billing company than the first is passed over.
 */
export function fillInOrder(invoices: readonly AskingInvoice[], available: Decimal): Picks {
  let picks: Picks = {};
  for (const invoice of invoices) {
    const room = available.minus(summarise(invoices, picks, null).applied);
    if (!room.greaterThan(0)) break;
    if (mayTick(invoice, invoices, picks))
      picks = { ...picks, [invoice.invoiceId]: pickedRow(invoice, room) };
  }
  return picks;
}

/** The billing company of the ticked invoices: a receipt settles invoices of one company only. */
export const companyOfPicks = (invoices: readonly AskingInvoice[], picks: Picks): string | undefined =>
  tickedOf(invoices, picks)[0]?.companyId;

/** Whether this invoice may be ticked with those already ticked (the same billing company). */
export function mayTick(invoice: AskingInvoice, invoices: readonly AskingInvoice[], picks: Picks): boolean {
  const company = companyOfPicks(invoices, picks);
  return company === undefined || company === invoice.companyId;
}

export interface RowFigures {
  /** Money, TDS and bank charges together; null while one of them is not an amount. */
  settles: Decimal | null;
  /** What the invoice will still ask for; null while one of them is not an amount. */
  after: Decimal | null;
}

export interface SettlementSummary {
  /** The ticked invoices' figures, by invoice id. */
  rows: ReadonlyMap<string, RowFigures>;
  /** The money the rows apply (what is taken from the amount available). */
  applied: Decimal;
  tds: Decimal;
  bankCharges: Decimal;
  /** What the rows leave of the money available; null when that is not given. Negative: they take too much. */
  unapplied: Decimal | null;
}

/** The table's figures, live: each ticked row's, and the totals against the money available. */
export function summarise(
  invoices: readonly AskingInvoice[],
  picks: Picks,
  available: Decimal | null,
): SettlementSummary {
  const rows = new Map<string, RowFigures>();
  let applied = new Decimal(0);
  let tds = new Decimal(0);
  let bankCharges = new Decimal(0);
  for (const invoice of tickedOf(invoices, picks)) {
    const values = picks[invoice.invoiceId]!;
    const [amount, tdsAmount, charges] = SETTLEMENT_FIELDS.map((field) => moneyOf(values[field]));
    if (amount) applied = applied.plus(amount);
    if (tdsAmount) tds = tds.plus(tdsAmount);
    if (charges) bankCharges = bankCharges.plus(charges);
    const settles = amount && tdsAmount && charges ? amount.plus(tdsAmount).plus(charges) : null;
    rows.set(invoice.invoiceId, { settles, after: settles ? invoice.outstanding.minus(settles) : null });
  }
  return { rows, applied, tds, bankCharges, unapplied: available ? available.minus(applied) : null };
}

const given = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The settlements as receipt.create and receipt.applyToInvoices take them, in the table's order. */
export function settlementsToSend(invoices: readonly AskingInvoice[], picks: Picks): SettlementInput[] {
  return tickedOf(invoices, picks).map((invoice) => {
    const values = picks[invoice.invoiceId]!;
    return {
      invoiceId: invoice.invoiceId,
      amount: given(values.amount),
      tdsAmount: given(values.tdsAmount),
      bankCharges: given(values.bankCharges),
    };
  });
}

const FIELD_WORDS: Record<SettlementField, string> = {
  amount: 'amount',
  tdsAmount: 'TDS',
  bankCharges: 'bank charges',
};

/**
 * What is wrong with the ticked rows before they are sent, by the gateway's field names
 * (`settlements.1.tdsAmount`); and, under `over.field`, when they apply more money than is available.
 */
export function settlementProblems(
  invoices: readonly AskingInvoice[],
  picks: Picks,
  available: Decimal | null,
  over: { field: string; words: string },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const summary = summarise(invoices, picks, available);
  tickedOf(invoices, picks).forEach((invoice, index) => {
    const values = picks[invoice.invoiceId]!;
    for (const field of SETTLEMENT_FIELDS) {
      if (moneyOf(values[field]) === null)
        problems[settlementKey(index, field)] =
          `Enter the ${FIELD_WORDS[field]} in rupees, to the paisa, e.g. 10300.50`;
    }
    const { settles } = summary.rows.get(invoice.invoiceId)!;
    if (settles?.isZero())
      problems[settlementKey(index, 'amount')] = 'Settle something of this invoice, or untick it.';
    else if (settles?.greaterThan(invoice.outstanding))
      problems[settlementKey(index, 'amount')] =
        `That settles ${rupees(settles)}, more than the ${rupees(invoice.outstanding)} outstanding (money, TDS and bank charges together).`;
  });
  if (available && summary.unapplied?.isNegative())
    problems[over.field] =
      `The invoices take ${rupees(summary.applied)}, more than the ${rupees(available)} ${over.words}.`;
  return problems;
}

/** Whether any of these field errors belongs to the settlement table. */
export const hasSettlementProblem = (problems: Record<string, string>) =>
  Object.keys(problems).some((key) => key === 'settlements' || key.startsWith('settlements.'));
