// How the billing screens write an invoice's state: its status and the dispatched and downloaded
// marks, as badges.
import type { InvoiceRow } from './invoice-types';

export interface InvoiceMark {
  label: string;
  color: string;
}

const STATUS_MARKS: Record<InvoiceRow['status'], InvoiceMark> = {
  DRAFT: { label: 'Draft', color: 'gray' },
  APPROVED: { label: 'Approved', color: 'green' },
  CANCELLED: { label: 'Cancelled', color: 'red' },
  DISCARDED: { label: 'Discarded', color: 'dark' },
};

/** The badges an invoice shows: its status, then Dispatched and Downloaded when they apply. */
export function invoiceMarks(
  invoice: Pick<InvoiceRow, 'status' | 'isDispatched' | 'isDownloaded'>,
): InvoiceMark[] {
  const marks = [STATUS_MARKS[invoice.status]];
  if (invoice.isDispatched) marks.push({ label: 'Dispatched', color: 'blue' });
  if (invoice.isDownloaded) marks.push({ label: 'Downloaded', color: 'grape' });
  return marks;
}

/** A draft has no number until it is approved. */
export const invoiceNumberText = (invoice: Pick<InvoiceRow, 'invoiceNo'>) => invoice.invoiceNo || 'Draft';

/** Which actions this person may take on the invoice now. */
export function offeredInvoiceActions(invoice: Pick<InvoiceRow, 'status'>, permissions: ReadonlySet<string>) {
  const draft = invoice.status === 'DRAFT';
  const approved = invoice.status === 'APPROVED';
  return {
    approve: draft && permissions.has('approve_invoice'),
    edit: draft && permissions.has('edit_invoice'),
    discard: draft && permissions.has('manage_invoice'),
    cancel: approved && permissions.has('cancel_invoice'),
    move: (draft || approved) && permissions.has('manage_invoice'),
    email: approved && permissions.has('email_invoice'),
    download: permissions.has('download_print_invoice'),
  };
}

/**
 * The company a new invoice is billed from: the one chosen on the form, else the customer's own
 * billed-from company (the customer master's "Billed from"), else '' for billing's primary company.
 */
export function companyToBillFrom(from: {
  chosen: string;
  customer: { billed_from_company_id: string | null } | undefined;
}): string {
  return from.chosen || from.customer?.billed_from_company_id || '';
}
