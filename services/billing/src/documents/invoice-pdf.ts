// A sales invoice as a PDF (GST rule 46): who it is from and to with their GSTINs, its number and date,
// the place of supply, every row with its SAC and taxable value, each duty's charges under its row, the
// taxes by rate, the round-off and the total in figures and words, and the declarations it must carry.
import { DEFAULT_BILL_TO, stateById } from '@fleet/domain';
import { createPdfDocument, formatRupees } from '@fleet/platform/pdf';
import type { Invoice } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import Decimal from 'decimal.js';
import { BILL_TO_NAMES, billToOf } from '../domain/bill-to';
import { displayDate } from '../domain/invoice-document';
import { invoiceLetterhead, STATUS_TAGS } from './invoice-letterhead';

const LINE_KINDS: Record<string, string> = {
  DISCOUNT_AMOUNT: 'Discount',
  DISCOUNT_PERCENTAGE: 'Discount',
  DISCOUNT_PERCENTAGE_ON_CAR_HIRE: 'Discount on car hire',
  SURCHARGE_PERCENTAGE: 'Surcharge',
};

const rupees = (value: string) => formatRupees(value || '0');
const isAdjustment = (type: string) => type in LINE_KINDS;

export async function renderInvoicePdf(invoice: Invoice, printedAt: Date): Promise<Buffer> {
  const seller = invoice.seller;
  const buyer = invoice.buyer;
  const totals = invoice.totals;
  const pdf = createPdfDocument({
    title: `${invoice.title || 'Invoice'} ${invoice.invoiceNo}`,
    author: seller?.name ?? '',
    createdAt: printedAt,
    footerNote: invoice.footer || `Invoice ${invoice.invoiceNo}`,
  });
  pdf.letterhead(invoiceLetterhead(invoice));
  pdf.title({
    title: invoice.title || 'Tax Invoice',
    subtitle: `No. ${invoice.invoiceNo} · ${displayDate(invoice.invoiceDate)}`,
    tag: STATUS_TAGS[invoice.status] ?? invoice.status,
  });
  pdf.keyValues(
    [
      { label: 'Invoice number', value: invoice.invoiceNo },
      { label: 'Invoice date', value: displayDate(invoice.invoiceDate) },
      { label: 'Due date', value: displayDate(invoice.dueDate) },
      {
        label: 'Place of supply',
        value: invoice.tax ? `${placeName(invoice)} (${invoice.tax.placeOfSupplyStateId})` : '',
      },
      { label: 'Reverse charge', value: invoice.tax?.reverseCharge ? 'Yes' : 'No' },
      {
        label: 'Duties',
        value: invoice.startDate
          ? `${displayDate(invoice.startDate)} to ${displayDate(invoice.endDate || invoice.startDate)}`
          : '',
      },
    ],
    3,
  );
  pdf.heading('Billed to');
  pdf.keyValues(
    [
      { label: 'Name', value: buyer?.name ?? '' },
      { label: 'Address', value: buyer?.address ?? '' },
      {
        label: 'State',
        value: buyer?.stateName ? `${buyer.stateName} (state code ${buyer.gstStateCode})` : '',
      },
      { label: 'GSTIN', value: buyer?.gstNo || 'Unregistered' },
      // The usual bill-to goes unsaid; the others tell the reader who pays.
      ...(buyer?.billTo && buyer.billTo !== DEFAULT_BILL_TO
        ? [{ label: 'Bill to', value: BILL_TO_NAMES[billToOf(buyer.billTo)] }]
        : []),
    ],
    2,
  );

  const rows: string[][] = [];
  for (const line of invoice.lines) {
    if (isAdjustment(line.type)) continue;
    rows.push([
      line.description,
      line.sacCode,
      line.quantity,
      line.rate ? rupees(line.rate) : '',
      line.isTaxable ? `${line.taxRate}%` : 'Exempt',
      rupees(line.amount),
    ]);
    for (const charge of line.charges) {
      rows.push([
        `    ${charge.label}: ${charge.quantity} ${charge.unit} × ${rupees(charge.rate)}`,
        '',
        '',
        '',
        '',
        rupees(charge.amount),
      ]);
    }
  }
  for (const line of invoice.lines.filter((l) => isAdjustment(l.type))) {
    const sign = line.type === 'SURCHARGE_PERCENTAGE' ? '' : '−';
    const label = line.description || LINE_KINDS[line.type]!;
    rows.push([
      line.percentage ? `${label} (${line.percentage}%)` : label,
      '',
      '',
      '',
      '',
      `${sign}${rupees(line.amount)}`,
    ]);
  }
  pdf.table({
    columns: [
      { header: 'Description', share: 10 },
      { header: 'SAC', share: 2 },
      { header: 'Qty', share: 1.5, align: 'right' },
      { header: 'Rate', share: 3, align: 'right' },
      { header: 'GST', share: 1.8, align: 'right' },
      { header: 'Amount', share: 3.4, align: 'right' },
    ],
    rows,
  });

  if (invoice.taxes.length > 0) {
    pdf.heading('Taxes');
    pdf.table({
      columns: [
        { header: 'Tax', share: 4 },
        { header: 'Rate', share: 2, align: 'right' },
        { header: 'Taxable value', share: 4, align: 'right' },
        { header: 'Amount', share: 4, align: 'right' },
      ],
      rows: invoice.taxes.map((tax) => [
        tax.kind,
        `${tax.rate}%`,
        rupees(tax.taxableValue),
        rupees(tax.amount),
      ]),
    });
  }

  pdf.heading('Totals');
  const figures = [
    { label: 'Taxable value', value: rupees(totals?.taxableValue ?? '0') },
    {
      label: invoice.tax?.reverseCharge ? 'GST (payable by the recipient)' : 'GST',
      value: rupees(taxShown(invoice)),
    },
    { label: 'Not taxable', value: rupees(totals?.nonTaxableRows ?? '0') },
    { label: 'Round off', value: rupees(totals?.roundOff ?? '0') },
    { label: 'Total', value: rupees(totals?.total ?? '0') },
  ];
  pdf.keyValues(figures, 5);
  pdf.paragraph(totals?.totalInWords ?? '');
  if (invoice.tax?.declaration) pdf.paragraph(invoice.tax.declaration);
  if (invoice.cancellationReason) {
    pdf.paragraph(
      `${invoice.status === 'CANCELLED' ? 'Cancelled' : 'Discarded'}: ${invoice.cancellationReason}`,
    );
  }
  if (invoice.bank?.accountNo) {
    pdf.heading('Pay to');
    pdf.keyValues(
      [
        { label: 'Account holder', value: invoice.bank.accountHolder },
        { label: 'Bank', value: [invoice.bank.bankName, invoice.bank.branchName].filter(Boolean).join(', ') },
        { label: 'Account number', value: invoice.bank.accountNo },
        { label: 'IFSC', value: invoice.bank.ifsc },
        { label: 'UPI', value: invoice.bank.upiId },
      ],
      3,
    );
  }
  if (invoice.notes) pdf.paragraph(invoice.notes);
  if (invoice.terms) {
    pdf.heading('Terms');
    pdf.paragraph(invoice.terms);
  }
  pdf.paragraph(`For ${seller?.name ?? ''}\n\n\nAuthorised signatory`);
  return pdf.render();
}

const placeName = (invoice: Invoice) => stateById(invoice.tax?.placeOfSupplyStateId ?? '')?.name ?? '';

/** The GST the invoice shows: collected, or under reverse charge the recipient's to pay. */
const taxShown = (invoice: Invoice) =>
  invoice.tax?.reverseCharge
    ? (invoice.totals?.reverseChargeTax ?? '0')
    : new Decimal(invoice.totals?.tax || 0).toFixed(2);
