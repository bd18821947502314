// The new-payment form's values as typed, what is wrong with them before they are sent (by the gateway's
// field names), and the input supplierPayment.create takes.
import Decimal from 'decimal.js';
import { moneyOf, type Picks, pickProblems, settlementsToSend } from './payment-picks';
import type {
  OwingInvoice,
  PaymentMode,
  SupplierPaymentInput,
  SupplierPaymentType,
} from './supplier-payment-types';

export interface PaymentFormValues {
  type: SupplierPaymentType;
  supplierId: string;
  companyId: string;
  paymentDate: string;
  amount: string;
  paymentMode: PaymentMode;
  chequeNo: string;
  chequeDate: string;
  bankName: string;
  reference: string;
  notes: string;
  /** The duty an advance is paid on (from a duty's page), or ''. */
  bookingId: string;
}

export const blankPayment = (
  today: string,
  preset: { supplierId?: string; bookingId?: string } = {},
): PaymentFormValues => ({
  type: preset.bookingId ? 'ADVANCE' : 'INVOICE',
  supplierId: preset.supplierId ?? '',
  companyId: '',
  paymentDate: today,
  amount: '',
  paymentMode: 'NEFT',
  chequeNo: '',
  chequeDate: '',
  bankName: '',
  reference: '',
  notes: '',
  bookingId: preset.bookingId ?? '',
});

/** The amount paid, when it is one: more than nothing, in rupees to the paisa. */
export function paidOf(values: Pick<PaymentFormValues, 'amount'>): Decimal | null {
  const amount = moneyOf(values.amount);
  return amount?.greaterThan(0) ? amount : null;
}

export function paymentProblems(
  values: PaymentFormValues,
  invoices: readonly OwingInvoice[],
  picks: Picks,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!values.supplierId) problems.supplierId = 'Choose the supplier.';
  if (!values.paymentDate) problems.paymentDate = 'Give the payment date.';
  const amount = moneyOf(values.amount);
  if (amount === null) problems.amount = 'Enter the amount paid in rupees, to the paisa, e.g. 10300.50';
  else if (amount.isZero()) problems.amount = 'Give the amount paid.';
  if (values.paymentMode === 'CHEQUE' && !values.chequeNo.trim())
    problems.chequeNo = 'Give the cheque number.';
  if (values.type === 'INVOICE') {
    if (Object.keys(picks).length === 0) problems.settlements = 'Tick the invoices this payment pays.';
    Object.assign(
      problems,
      pickProblems(invoices, picks, paidOf(values), { field: 'amount', words: 'paid' }),
    );
  }
  return problems;
}

const given = (text: string) => text.trim() || undefined;

export function paymentInputOf(
  values: PaymentFormValues,
  invoices: readonly OwingInvoice[],
  picks: Picks,
): SupplierPaymentInput {
  const cheque = values.paymentMode === 'CHEQUE';
  return {
    type: values.type,
    supplierId: values.supplierId,
    companyId: values.type === 'ADVANCE' ? given(values.companyId) : undefined,
    paymentDate: given(values.paymentDate),
    amount: new Decimal(values.amount.trim()).toFixed(2),
    paymentMode: values.paymentMode,
    chequeNo: cheque ? given(values.chequeNo) : undefined,
    chequeDate: cheque ? given(values.chequeDate) : undefined,
    bankName: given(values.bankName),
    reference: given(values.reference),
    notes: given(values.notes),
    bookingId: values.type === 'ADVANCE' ? given(values.bookingId) : undefined,
    settlements: values.type === 'INVOICE' ? settlementsToSend(invoices, picks) : [],
  };
}
