// A payment being received (/operations/receipts/new) as its form holds it (text as typed), what
// receipt.create takes from it, and what is wrong with it before it is sent — by the gateway's field
// names, so its own messages land at the same fields.
import type { PaymentMode, ReceiptInput, ReceiptType } from './receipt-types';
import {
  type AskingInvoice,
  moneyOf,
  type Picks,
  settlementProblems,
  settlementsToSend,
  tickedOf,
} from './settlements';

export interface ReceiptFormValues {
  type: ReceiptType;
  customerId: string;
  /** The company receiving an advance or money on account ('' for the primary); against invoices, theirs. */
  companyId: string;
  /** YYYY-MM-DD. */
  receiptDate: string;
  receivedAmount: string;
  paymentMode: PaymentMode;
  chequeNo: string;
  /** YYYY-MM-DD or ''. */
  chequeDate: string;
  bankName: string;
  reference: string;
  notes: string;
}

/** A new receipt: dated today, against invoices, by bank transfer; the customer when it comes pre-set. */
export function blankReceipt(today: string, customerId = ''): ReceiptFormValues {
  return {
    type: 'INVOICE',
    customerId,
    companyId: '',
    receiptDate: today,
    receivedAmount: '',
    paymentMode: 'NEFT',
    chequeNo: '',
    chequeDate: '',
    bankName: '',
    reference: '',
    notes: '',
  };
}

const given = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * What receipt.create takes: the cheque's number and date only for a cheque, the settlements only
 * against invoices (an advance or money on account is applied later, to invoices of the company chosen
 * for it; against invoices, the company is theirs).
 */
export function receiptInputOf(
  values: ReceiptFormValues,
  invoices: readonly AskingInvoice[],
  picks: Picks,
): ReceiptInput {
  const cheque = values.paymentMode === 'CHEQUE';
  return {
    type: values.type,
    customerId: values.customerId,
    companyId: values.type === 'INVOICE' ? undefined : values.companyId || undefined,
    receiptDate: values.receiptDate || undefined,
    receivedAmount: values.receivedAmount.trim(),
    paymentMode: values.paymentMode,
    chequeNo: cheque ? given(values.chequeNo) : undefined,
    chequeDate: cheque ? values.chequeDate || undefined : undefined,
    bankName: given(values.bankName),
    reference: given(values.reference),
    notes: given(values.notes),
    settlements: values.type === 'INVOICE' ? settlementsToSend(invoices, picks) : [],
  };
}

/** The money received as a Decimal, when it is a valid amount above nothing. */
export function receivedOf(values: Pick<ReceiptFormValues, 'receivedAmount'>) {
  const received = moneyOf(values.receivedAmount);
  return received?.greaterThan(0) ? received : null;
}

/** What is wrong with the receipt before it is sent, by field; empty when it may be sent. */
export function receiptProblems(
  values: ReceiptFormValues,
  invoices: readonly AskingInvoice[],
  picks: Picks,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.customerId) problems.customerId = 'Choose the customer who paid.';
  if (!values.receiptDate) problems.receiptDate = 'Give the date the money was received.';
  const received = moneyOf(values.receivedAmount);
  if (received === null)
    problems.receivedAmount = 'Enter the amount received in rupees, to the paisa, e.g. 10300.50';
  else if (received.isZero()) problems.receivedAmount = 'Enter the amount received.';
  if (values.paymentMode === 'CHEQUE' && !values.chequeNo.trim())
    problems.chequeNo = 'Give the cheque number.';
  if (values.type === 'INVOICE') {
    if (tickedOf(invoices, picks).length === 0)
      problems.settlements =
        'Tick the invoices this payment settles, or receive it as an advance or on account.';
    Object.assign(
      problems,
      settlementProblems(invoices, picks, receivedOf(values), {
        field: 'receivedAmount',
        words: 'received',
      }),
    );
  }
  return problems;
}
