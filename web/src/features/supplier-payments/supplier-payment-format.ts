// How the supplier payment screens write a payment: its type in words, and what this person may do to
// it now. Payment modes are the receipts' (spec §9).
import type { SupplierPayment, SupplierPaymentType } from './supplier-payment-types';

export const SUPPLIER_PAYMENT_TYPE_LABELS: Record<SupplierPaymentType, string> = {
  INVOICE: 'Against invoices',
  ADVANCE: 'Advance',
};

export const SUPPLIER_PAYMENT_TYPES_OFFERED: readonly SupplierPaymentType[] = ['INVOICE', 'ADVANCE'];

export const supplierPaymentTypeText = (type: string) =>
  Object.entries(SUPPLIER_PAYMENT_TYPE_LABELS).find(([key]) => key === type)?.[1] ?? type;

/**
 * Which actions this person may take on the payment now. Cancelling needs manage_purchase_payment: the
 * permission catalogue has no cancel permission of its own for supplier payments.
 */
export function offeredPaymentActions(
  payment: Pick<SupplierPayment, 'isCancelled' | 'unappliedAmount'>,
  permissions: ReadonlySet<string>,
) {
  const manages = !payment.isCancelled && permissions.has('manage_purchase_payment');
  return { cancel: manages, apply: manages && payment.unappliedAmount.greaterThan(0) };
}

export const paymentPath = (id: string) => `/operations/purchases/payments/${id}`;
