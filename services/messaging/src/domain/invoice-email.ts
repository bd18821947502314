// A dispatched invoice put into words: one email per address billing was asked to send it to, in the
// operator's INVOICE_EMAIL template (or the default), carrying the invoice's PDF — named here, fetched from
// billing when the email is sent. Pure; the caller writes what this answers.
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

/** What billing's fleet.billing.invoice.dispatched says of the invoice. */
export interface DispatchedInvoice {
  id: string;
  invoiceNo: string;
  /** Who it is to (the buyer's billing name) and from (the seller, the operator's billing company). */
  buyerName: string;
  sellerName: string;
  /** Decimal text, e.g. 2708.00. */
  total: string;
  /** YYYY-MM-DD; empty when it has none. */
  dueDate: string;
}

export interface InvoiceEmail {
  type: 'INVOICE_EMAIL';
  channel: 'EMAIL';
  role: 'CUSTOMER';
  name: string;
  email: string;
  subject: string;
  text: string;
  variables: TemplateValues;
  attachments: { kind: 'INVOICE'; invoiceId: string; fileName: string }[];
}

/** The invoice's file as the email carries it: invoice-KC-2526-0001.pdf. */
export const invoiceFileName = (invoiceNo: string) =>
  `invoice-${invoiceNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

export function invoiceValues(invoice: DispatchedInvoice): TemplateValues {
  return {
    ...NO_BOOKING_VALUES,
    ...NO_BILLING_VALUES,
    customerName: invoice.buyerName.trim(),
    companyName: invoice.sellerName.trim(),
    invoiceNo: invoice.invoiceNo,
    invoiceTotal: formatRupees(invoice.total || '0'),
    dueDate: shownDate(invoice.dueDate),
  };
}

/** The emails of one dispatch: each address once, in the order given. */
export function invoiceEmails(
  invoice: DispatchedInvoice,
  to: readonly string[],
  template: TemplateText = DEFAULT_TEMPLATES.INVOICE_EMAIL,
): InvoiceEmail[] {
  const rendered = renderMessage(template, invoiceValues(invoice));
  const addresses = [...new Set(to.map((address) => address.trim()).filter(Boolean))];
  return addresses.map((email) => ({
    type: 'INVOICE_EMAIL',
    channel: 'EMAIL',
    role: 'CUSTOMER',
    name: invoice.buyerName,
    email,
    subject: rendered.subject,
    text: rendered.text,
    variables: rendered.values,
    attachments: [{ kind: 'INVOICE', invoiceId: invoice.id, fileName: invoiceFileName(invoice.invoiceNo) }],
  }));
}
