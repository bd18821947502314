// Payments to suppliers and what they settle (spec §3 PurchasePayment, DOMAIN.md Invoicing): the
// supplier side of receipts. All figures are BigInt paise while worked out; decimal text at the edges.
// A payment settles a purchase invoice by the money applied to it alone (the TDS the operator deducts is
// already out of the invoice's payable).
import { formatRupees } from '../display/rupees';
import { financialYearOf } from '../financial-year';
import { invoiceNumber } from './invoice-number';
import { sumOf } from './paise';
import { ReceiptError, rupees } from './receipts';

export const SUPPLIER_PAYMENT_TYPES = ['INVOICE', 'ADVANCE'] as const;
export type SupplierPaymentType = (typeof SUPPLIER_PAYMENT_TYPES)[number];

/** A supplier payment's number in its billing company's series for the financial year: PAY/26-27/0001. */
export const supplierPaymentNumber = (paymentDate: string, sequence: number) =>
  invoiceNumber(`PAY/${financialYearOf(paymentDate).short}/`, sequence);

/** One purchase invoice's share of a payment. */
export interface SupplierSettlementPaise {
  invoiceId: string;
  amount: bigint;
}

export interface SupplierPaymentFigures {
  amount: bigint;
  /** Of it, what its settlements apply to invoices (with what earlier applications applied). */
  applied: bigint;
  /** Of it, what is held for the supplier as an advance, to apply later. */
  unapplied: bigint;
}

/**
 * Checks a payment's settlements against what each invoice still owes (`owing`, by invoice id: payable
 * less paid) and answers its figures. No invoice is paid beyond what it owes, none twice in one payment,
 * the money applied never exceeds the payment, and a payment of type INVOICE settles at least one.
 * Refusals are ReceiptErrors naming the field.
 */
export function checkSupplierPayment(
  payment: { type: SupplierPaymentType; amount: bigint; settlements: readonly SupplierSettlementPaise[] },
  owing: ReadonlyMap<string, bigint>,
  alreadyApplied = 0n,
): SupplierPaymentFigures {
  const seen = new Set<string>();
  payment.settlements.forEach((s, index) => {
    const field = `settlements.${index}`;
    if (seen.has(s.invoiceId))
      throw new ReceiptError(`${field}.purchaseInvoiceId`, 'Each invoice is paid once a payment.');
    seen.add(s.invoiceId);
    const left = owing.get(s.invoiceId);
    if (left === undefined)
      throw new ReceiptError(`${field}.purchaseInvoiceId`, 'Pay only approved invoices of this supplier.');
    if (s.amount === 0n)
      throw new ReceiptError(`${field}.amount`, 'Pay something of this invoice, or leave it out.');
    if (s.amount > left) {
      throw new ReceiptError(
        `${field}.amount`,
        `That pays more than the ${formatRupees(rupees(left))} the invoice still owes.`,
      );
    }
  });
  if (payment.type === 'INVOICE' && payment.settlements.length === 0) {
    throw new ReceiptError('settlements', 'A payment against invoices pays at least one.');
  }
  const applied = alreadyApplied + sumOf(payment.settlements.map((s) => s.amount));
  if (applied > payment.amount) {
    throw new ReceiptError(
      'amount',
      `The invoices take ${formatRupees(rupees(applied))}, more than the ${formatRupees(rupees(payment.amount))} paid.`,
    );
  }
  return { amount: payment.amount, applied, unapplied: payment.amount - applied };
}
