// How the receipt screens write a receipt: its type and payment mode in words, and what this person
// may do to it now.
import type { PaymentMode, Receipt, ReceiptType } from './receipt-types';

export const RECEIPT_TYPE_LABELS: Record<ReceiptType, string> = {
  INVOICE: 'Against invoices',
  ADVANCE: 'Advance',
  ON_ACCOUNT: 'On account',
};

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  NEFT: 'NEFT / bank transfer',
  CREDIT_CARD: 'Credit card',
  OTHER: 'Other',
};

/** The types as the screens offer them: against invoices first, the usual case. */
export const RECEIPT_TYPES_OFFERED: readonly ReceiptType[] = ['INVOICE', 'ADVANCE', 'ON_ACCOUNT'];

/** A select's choices: these values, in this order, in words. */
export const choicesOf = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const wordsOf = (labels: Record<string, string>, value: string) =>
  Object.entries(labels).find(([key]) => key === value)?.[1] ?? value;

/** A type or mode the gateway sent, in words; an unknown one as it came. */
export const receiptTypeText = (type: string) => wordsOf(RECEIPT_TYPE_LABELS, type);
export const paymentModeText = (mode: string) => wordsOf(PAYMENT_MODE_LABELS, mode);

/** Which actions this person may take on the receipt now. */
export function offeredReceiptActions(
  receipt: Pick<Receipt, 'isCancelled' | 'unappliedAmount'>,
  permissions: ReadonlySet<string>,
) {
  return {
    cancel: !receipt.isCancelled && permissions.has('cancel_receipt'),
    apply:
      !receipt.isCancelled && receipt.unappliedAmount.greaterThan(0) && permissions.has('manage_receipt'),
  };
}
