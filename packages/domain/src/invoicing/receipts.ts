// Receipts and what they settle (DOMAIN.md "Receipts, settlements, notes"). All figures are BigInt
// paise while worked out; decimal text at the edges.
//
// The one rule for bank charges, applied everywhere: they are the operator's cost. The customer paid
// the whole amount and the bank kept its charges, so what the bank kept settles the invoice exactly as
// the money that arrived does, and `received` is what reached the operator's account. An invoice of
// ₹10,500 with ₹200 TDS deducted, paid by NEFT with ₹15 bank charges, is settled by ₹10,285 received +
// ₹200 TDS + ₹15 bank charges; nothing is left for the customer to pay.

import Decimal from 'decimal.js';
import { formatRupees } from '../display/rupees';
import type { ReceiptType } from '../vocabulary';
import { expandPrefix, invoiceNumber } from './invoice-number';
import { divideHalfUp, fromPaise, scaled, sumOf } from './paise';

/** The receipt prefix of a company profile that sets none. */
export const DEFAULT_RECEIPT_PREFIX = 'RCT/{FY}/';

/**
 * A receipt's number in its registration's series for the financial year: RCT/26-27/0001, or the
 * profile's receipt prefix with {FY} written as the receipt date's year.
 */
export const receiptNumber = (receiptDate: string, sequence: number, prefix = DEFAULT_RECEIPT_PREFIX) =>
  invoiceNumber(expandPrefix(prefix || DEFAULT_RECEIPT_PREFIX, receiptDate), sequence);

/** What is wrong with a receipt, named by the field the person typed it in. */
export class ReceiptError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReceiptError';
  }
}

/** Money typed by a person: at most two decimal places, not negative, at most ₹99,99,99,99,999.99. */
export function paiseOf(value: string, field: string): bigint {
  const text = value.trim() === '' ? '0' : value.trim();
  let decimal: Decimal;
  try {
    decimal = new Decimal(text);
  } catch {
    throw new ReceiptError(field, 'Give an amount in rupees, e.g. 1050.50.');
  }
  const paise = scaled(decimal, 2);
  if (paise === undefined)
    throw new ReceiptError(field, 'Give the amount to the paisa, at most two decimals.');
  if (paise < 0n) throw new ReceiptError(field, 'An amount cannot be negative.');
  if (paise > 99_999_999_999_99n) throw new ReceiptError(field, 'That amount is too large.');
  return paise;
}

export const rupees = (paise: bigint) => fromPaise(paise).toFixed(2);

/**
 * The TDS a customer deducts by default from a payment of this invoice: its TDS percentage (s.194C: 1%
 * individuals/HUF, 2% others) of the invoice's value before GST, rounded to the rupee (s.288B).
 */
export function defaultTdsPaise(taxableValuePaise: bigint, tdsPercentage: string): bigint {
  const rate = scaled(new Decimal(tdsPercentage.trim() === '' ? '0' : tdsPercentage), 2);
  if (rate === undefined || rate <= 0n || taxableValuePaise <= 0n) return 0n;
  // paise × (percent × 100) ÷ 10,000 is paise; ÷ 100 more is rupees, rounded once, half up.
  return divideHalfUp(taxableValuePaise * rate, 1_000_000n) * 100n;
}

/**
 * The most TDS a customer may deduct from an invoice over all its receipts: 20% of its value before GST,
 * the s.206AA rate for a payee without a PAN and the highest any TDS section asks of car hire.
 */
export const maxTdsPaise = (taxableValuePaise: bigint) => divideHalfUp(taxableValuePaise * 20n, 100n);

/** One invoice's share of a receipt: the money, the TDS deducted and the bank's charges. */
export interface SettlementPaise {
  invoiceId: string;
  amount: bigint;
  tds: bigint;
  bankCharges: bigint;
}

export const settledBy = (s: Pick<SettlementPaise, 'amount' | 'tds' | 'bankCharges'>) =>
  s.amount + s.tds + s.bankCharges;

/** What an invoice still asks for: its total less every live settlement, less credit notes, plus debit notes. */
export function outstandingPaise(
  totalPaise: bigint,
  settlements: readonly Pick<SettlementPaise, 'amount' | 'tds' | 'bankCharges'>[],
  notes: { creditPaise: bigint; debitPaise: bigint } = { creditPaise: 0n, debitPaise: 0n },
): bigint {
  return totalPaise - sumOf(settlements.map(settledBy)) - notes.creditPaise + notes.debitPaise;
}

export interface ReceiptFigures {
  /** What reached the operator. */
  received: bigint;
  /** Of it, what the settlements apply to invoices. */
  applied: bigint;
  /** Of it, what is held for the customer: an advance or money on account, to apply later. */
  unapplied: bigint;
  tds: bigint;
  bankCharges: bigint;
}

/**
 * Checks a receipt's settlements against what each invoice still asks (`outstanding`, by invoice id) and
 * answers its figures. No invoice is settled beyond its outstanding, no invoice twice, the money applied
 * never exceeds the money received, and a receipt of type INVOICE settles at least one invoice.
 */
export function checkReceipt(
  receipt: { type: ReceiptType; received: bigint; settlements: readonly SettlementPaise[] },
  outstanding: ReadonlyMap<string, bigint>,
  alreadyApplied = 0n,
  /** What TDS each invoice may still have deducted (maxTdsPaise less what earlier receipts deducted). */
  tdsRoom: ReadonlyMap<string, bigint> = new Map(),
): ReceiptFigures {
  const seen = new Set<string>();
  receipt.settlements.forEach((s, index) => {
    const field = `settlements.${index}`;
    if (seen.has(s.invoiceId))
      throw new ReceiptError(`${field}.invoiceId`, 'Each invoice is settled once a receipt.');
    seen.add(s.invoiceId);
    const left = outstanding.get(s.invoiceId);
    if (left === undefined) {
      throw new ReceiptError(`${field}.invoiceId`, 'Settle only approved invoices of this customer.');
    }
    const room = tdsRoom.get(s.invoiceId);
    if (room !== undefined && s.tds > room) {
      throw new ReceiptError(
        `${field}.tdsAmount`,
        `TDS is at most 20% of the invoice's value before GST: ${formatRupees(rupees(room < 0n ? 0n : room))} more at most.`,
      );
    }
    if (settledBy(s) === 0n)
      throw new ReceiptError(`${field}.amount`, 'Settle something of this invoice, or leave it out.');
    if (settledBy(s) > left) {
      throw new ReceiptError(
        `${field}.amount`,
        `That settles more than the invoice's outstanding ${formatRupees(rupees(left))} (money, TDS and bank charges together).`,
      );
    }
  });
  if (receipt.type === 'INVOICE' && receipt.settlements.length === 0) {
    throw new ReceiptError('settlements', 'A receipt against invoices settles at least one.');
  }
  const applied = alreadyApplied + sumOf(receipt.settlements.map((s) => s.amount));
  if (applied > receipt.received) {
    throw new ReceiptError(
      'receivedAmount',
      `The settlements apply ${formatRupees(rupees(applied))}, more than the ${formatRupees(rupees(receipt.received))} received.`,
    );
  }
  return {
    received: receipt.received,
    applied,
    unapplied: receipt.received - applied,
    tds: sumOf(receipt.settlements.map((s) => s.tds)),
    bankCharges: sumOf(receipt.settlements.map((s) => s.bankCharges)),
  };
}
