import type { PurchaseInvoice } from './purchase-invoice-types';

export const PURCHASE_STATUS_LABELS: Record<string, { label: string; color: string }> = {
  DRAFT: { label: 'Draft', color: 'gray' },
  APPROVED: { label: 'Approved', color: 'green' },
  CANCELLED: { label: 'Cancelled', color: 'red' },
};

export const SLIP_STATUS_LABELS: Record<string, string> = {
  ACCEPTED: 'Slip accepted',
  NO_ACTION: 'Slip not reviewed',
  REJECTED: 'Slip rejected',
};

export const purchasePdfUrl = (id: string, download = false) =>
  `/api/purchase-invoices/${encodeURIComponent(id)}/purchase-invoice.pdf${download ? '?download=1' : ''}`;

/** What this person may do to the invoice now. */
export function offeredPurchaseActions(invoice: PurchaseInvoice, permissions: ReadonlySet<string>) {
  return {
    edit: invoice.status === 'DRAFT' && permissions.has('manage_purchase'),
    approve: invoice.status === 'DRAFT' && permissions.has('approve_purchase_invoice'),
    cancel: invoice.status !== 'CANCELLED' && invoice.paid.isZero() && permissions.has('cancel_purchase'),
    print: permissions.has('download_print_purchase'),
    email: invoice.status === 'APPROVED' && permissions.has('email_purchase'),
  };
}
