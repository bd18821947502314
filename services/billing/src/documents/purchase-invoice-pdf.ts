// A supplier's invoice as the operator recorded it, as a PDF: the operator's billing company, the
// supplier with its GSTIN, our number beside the supplier's number and dates, every row, the discount,
// the supplier's taxes, the round-off, the total, the TDS deducted and what is payable.
import { createPdfDocument, formatRupees } from '@fleet/platform/pdf';
import type { PurchaseInvoice } from '@fleet/proto/fleet/billing/v1/purchase_invoice_pb';
import { displayDate } from '../domain/invoice-document';

const ROW_KINDS: Record<string, string> = {
  CAR_HIRE_CHARGES: 'Car hire',
  BILLING_ITEM: 'Billing item',
  CUSTOM: 'Other',
  DISCOUNT_AMOUNT: 'Discount',
};

const STATUS_TAGS: Record<string, string> = { DRAFT: 'Draft', APPROVED: 'Approved', CANCELLED: 'Cancelled' };

export async function renderPurchaseInvoicePdf(
  invoice: PurchaseInvoice,
  company: { name: string; lines: string[] },
  printedAt: Date,
): Promise<Buffer> {
  const pdf = createPdfDocument({
    title: `Purchase invoice ${invoice.purchaseNo}`,
    author: company.name,
    createdAt: printedAt,
    footerNote: `Purchase invoice ${invoice.purchaseNo} · ${invoice.supplierName} ${invoice.supplierInvoiceNo}`,
  });
  pdf.letterhead({ name: company.name, lines: company.lines });
  pdf.title({
    title: 'Purchase invoice',
    subtitle: `No. ${invoice.purchaseNo} · supplier's invoice ${invoice.supplierInvoiceNo}`,
    tag: STATUS_TAGS[invoice.status] ?? invoice.status,
  });
  pdf.keyValues(
    [
      { label: 'Supplier', value: invoice.supplierName },
      { label: 'Supplier GSTIN', value: invoice.supplierGstNo || 'Not registered' },
      { label: "Supplier's invoice no.", value: invoice.supplierInvoiceNo },
      { label: "Supplier's invoice date", value: displayDate(invoice.supplierInvoiceDate) },
      { label: 'Received on', value: displayDate(invoice.receivedDate) },
      { label: 'Due date', value: invoice.dueDate ? displayDate(invoice.dueDate) : '' },
    ],
    3,
  );
  pdf.table({
    columns: [
      { header: 'Row', share: 70 },
      { header: 'Description', share: 300 },
      { header: 'Amount', share: 90, align: 'right' },
    ],
    rows: invoice.rows.map((row) => [
      ROW_KINDS[row.type] ?? row.type,
      row.description,
      row.type === 'DISCOUNT_AMOUNT' ? `− ${formatRupees(row.amount)}` : formatRupees(row.amount),
    ]),
  });
  pdf.table({
    columns: [
      { header: 'Figure', share: 370 },
      { header: 'Amount', share: 90, align: 'right' },
    ],
    rows: [
      ['Sub-total', formatRupees(invoice.subTotal)],
      ['Discount', formatRupees(invoice.discount)],
      ['Taxable value', formatRupees(invoice.taxable)],
      ...invoice.taxes.map((tax) => [`${tax.name} (${tax.percentage}%)`, formatRupees(tax.amount)]),
      ['Round off', formatRupees(invoice.roundOff)],
      ['Total', formatRupees(invoice.total)],
      [`TDS deducted (${invoice.tdsPercentage}%)`, formatRupees(invoice.tds)],
    ],
    totals: [['Payable to the supplier', formatRupees(invoice.payable)]],
  });
  if (invoice.status === 'CANCELLED') pdf.paragraph(`Cancelled: ${invoice.cancellationReason}`);
  if (invoice.notes) pdf.paragraph(invoice.notes);
  return pdf.render();
}
