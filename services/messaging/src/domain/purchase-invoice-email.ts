// A supplier's invoice emailed back to the supplier: one email per address billing was asked to send it
// to, in the operator's PURCHASE_INVOICE_EMAIL template (or the default), carrying our record of the
// invoice as a PDF — named here, fetched from billing when the email is sent. Pure; the caller writes
// what this answers.
import { formatRupees } from '@fleet/platform/pdf';
import {
  DEFAULT_TEMPLATES,
  NO_BILLING_VALUES,
  NO_BOOKING_VALUES,
  renderMessage,
  shownDate,
  type TemplateText,
  type TemplateValues,
} from './templates';

/** What billing's fleet.billing.purchase_invoice.emailed says of the invoice. */
export interface EmailedPurchaseInvoice {
  id: string;
  /** Ours: PUR/26-27/0001 (the file's name). */
  purchaseNo: string;
  /** The supplier's own number: what the supplier knows it by. */
  supplierInvoiceNo: string;
  supplierName: string;
  /** The operator's billing company, by name; '' when not known. */
  companyName: string;
  /** What is payable to the supplier after TDS, decimal text. */
  payable: string;
  /** YYYY-MM-DD; empty when it has none. */
  dueDate: string;
}

export interface PurchaseInvoiceEmail {
  type: 'PURCHASE_INVOICE_EMAIL';
  channel: 'EMAIL';
  role: 'SUPPLIER';
  name: string;
  email: string;
  subject: string;
  text: string;
  variables: TemplateValues;
  attachments: { kind: 'PURCHASE_INVOICE'; purchaseInvoiceId: string; fileName: string }[];
}

/** Our record's file: purchase-invoice-PUR-26-27-0001.pdf (as billing names it). */
export const purchaseInvoiceFileName = (purchaseNo: string) =>
  `purchase-invoice-${purchaseNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

export function purchaseInvoiceValues(invoice: EmailedPurchaseInvoice): TemplateValues {
  return {
    ...NO_BOOKING_VALUES,
    ...NO_BILLING_VALUES,
    customerName: '',
    companyName: invoice.companyName.trim(),
    supplierName: invoice.supplierName.trim(),
    invoiceNo: invoice.supplierInvoiceNo,
    invoiceTotal: formatRupees(invoice.payable || '0'),
    dueDate: shownDate(invoice.dueDate),
  };
}

/** The emails of one sending: each address once, in the order given. */
export function purchaseInvoiceEmails(
  invoice: EmailedPurchaseInvoice,
  to: readonly string[],
  template: TemplateText = DEFAULT_TEMPLATES.PURCHASE_INVOICE_EMAIL,
): PurchaseInvoiceEmail[] {
  const rendered = renderMessage(template, purchaseInvoiceValues(invoice));
  const addresses = [...new Set(to.map((address) => address.trim()).filter(Boolean))];
  return addresses.map((email) => ({
    type: 'PURCHASE_INVOICE_EMAIL',
    channel: 'EMAIL',
    role: 'SUPPLIER',
    name: invoice.supplierName,
    email,
    subject: rendered.subject,
    text: rendered.text,
    variables: rendered.values,
    attachments: [
      {
        kind: 'PURCHASE_INVOICE',
        purchaseInvoiceId: invoice.id,
        fileName: purchaseInvoiceFileName(invoice.purchaseNo),
      },
    ],
  }));
}
