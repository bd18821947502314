// A receipt as a PDF: the receiving company's letterhead, the receipt's number and date, who paid, the
// amount in figures and words, how it was paid, each invoice it settles with the money, TDS and bank
// charges, and what it still holds for the customer; a cancelled receipt is marked so, with the reason.
import { operatorDate, rupeesInWords } from '@fleet/domain';
import { createPdfDocument, formatRupees, type Letterhead } from '@fleet/platform/pdf';
import Decimal from 'decimal.js';
import { displayDate } from '../domain/invoice-document';
import type { ReceiptRow, SettlementRow } from '../storage/receipts-store';

export interface ReceiptDocument {
  receipt: ReceiptRow;
  settlements: readonly SettlementRow[];
  company: Letterhead;
  customer: { name: string; lines: string[] };
}

const TYPE_NAMES: Record<ReceiptRow['type'], string> = {
  INVOICE: 'Against invoices',
  ADVANCE: 'Advance',
  ON_ACCOUNT: 'On account',
};

export const PAYMENT_MODE_NAMES: Record<string, string> = {
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  NEFT: 'NEFT / bank transfer',
  CREDIT_CARD: 'Credit card',
  OTHER: 'Other',
};

/** The receipt's file: receipt-RCT-26-27-0001.pdf. */
export const receiptFileName = (receiptNo: string) =>
  `receipt-${receiptNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

export async function renderReceiptPdf(document: ReceiptDocument, printedAt: Date): Promise<Buffer> {
  const { receipt, settlements, company, customer } = document;
  const received = new Decimal(receipt.receivedAmount);
  const holds = receipt.isCancelled ? new Decimal(0) : received.minus(receipt.adjustedAmount);
  const pdf = createPdfDocument({
    title: `Receipt ${receipt.receiptNo}`,
    author: company.name,
    createdAt: printedAt,
    footerNote: `Receipt ${receipt.receiptNo}`,
  });
  pdf.letterhead(company);
  pdf.title({
    title: 'Payment receipt',
    subtitle: `No. ${receipt.receiptNo} · ${displayDate(receipt.receiptDate)}`,
    tag: receipt.isCancelled ? 'Cancelled' : TYPE_NAMES[receipt.type],
  });
  pdf.keyValues(
    [
      { label: 'Receipt number', value: receipt.receiptNo },
      { label: 'Receipt date', value: displayDate(receipt.receiptDate) },
      { label: 'Received from', value: customer.name },
      { label: 'Address', value: customer.lines.join(' · ') },
      { label: 'Amount received', value: formatRupees(received) },
      { label: 'Payment mode', value: PAYMENT_MODE_NAMES[receipt.paymentMode] ?? receipt.paymentMode },
      ...(receipt.chequeNo ? [{ label: 'Cheque number', value: receipt.chequeNo }] : []),
      ...(receipt.chequeDate ? [{ label: 'Cheque date', value: displayDate(receipt.chequeDate) }] : []),
      ...(receipt.bankName ? [{ label: 'Bank', value: receipt.bankName }] : []),
      ...(receipt.reference ? [{ label: 'Reference', value: receipt.reference }] : []),
    ],
    3,
  );
  pdf.paragraph(`Received with thanks ${rupeesInWords(received)}.`);
  if (settlements.length > 0) {
    const sum = (key: 'amount' | 'tdsAmount' | 'bankCharges') =>
      settlements.reduce((total, s) => total.plus(s[key]), new Decimal(0));
    const settledOf = (s: SettlementRow) => new Decimal(s.amount).plus(s.tdsAmount).plus(s.bankCharges);
    pdf.heading('Invoices settled');
    pdf.table({
      columns: [
        { header: 'Invoice', share: 110 },
        { header: 'Applied on', share: 70 },
        { header: 'Received', share: 80, align: 'right' },
        { header: 'TDS', share: 70, align: 'right' },
        { header: 'Bank charges', share: 70, align: 'right' },
        { header: 'Settled', share: 80, align: 'right' },
      ],
      rows: settlements.map((s) => [
        s.invoiceNo,
        displayDate(operatorDate(new Date(s.appliedAt))),
        formatRupees(s.amount),
        formatRupees(s.tdsAmount),
        formatRupees(s.bankCharges),
        formatRupees(settledOf(s)),
      ]),
      totals: [
        [
          'Total',
          '',
          formatRupees(sum('amount')),
          formatRupees(sum('tdsAmount')),
          formatRupees(sum('bankCharges')),
          formatRupees(sum('amount').plus(sum('tdsAmount')).plus(sum('bankCharges'))),
        ],
      ],
    });
  }
  pdf.keyValues(
    [
      { label: 'Applied to invoices', value: formatRupees(receipt.adjustedAmount) },
      { label: 'Held for the customer', value: formatRupees(holds) },
    ],
    2,
  );
  if (receipt.notes) pdf.paragraph(`Notes: ${receipt.notes}`);
  if (receipt.isCancelled) {
    pdf.paragraph(`Cancelled: ${receipt.cancellationReason}. This receipt settles nothing.`);
  }
  pdf.paragraph(
    'Bank charges are the amounts your bank kept of the payment; they settle the invoice as money does.',
  );
  return pdf.render();
}
