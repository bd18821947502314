// A customer's statement of account as a PDF: the operator's letterhead, the customer, the period, the
// balance brought forward, a row per invoice and receipt with the running balance, and the closing
// balance (what the customer owes, or what the operator holds for it when negative).
import { formatIsoDate } from '@fleet/domain';
import { createPdfDocument, formatRupees } from '@fleet/platform/pdf';
import type { CustomerStatement } from '../use-cases/customer-statements';

const shown = formatIsoDate;

const DOCUMENT_NAMES: Record<CustomerStatement['entries'][number]['kind'], string> = {
  INVOICE: 'Invoice',
  DEBIT_NOTE: 'Debit note',
  CREDIT_NOTE: 'Credit note',
  RECEIPT: 'Receipt',
};

/** A balance as the ledger says it: Dr (the customer owes) or Cr (held for the customer). */
const balanceText = (balance: CustomerStatement['closing']) =>
  `${formatRupees(balance.abs())} ${balance.isNegative() ? 'Cr' : 'Dr'}`;

export async function renderStatementPdf(statement: CustomerStatement, printedAt: Date): Promise<Buffer> {
  const pdf = createPdfDocument({
    title: `Statement of account ${statement.customer.name}`,
    author: statement.company.name,
    createdAt: printedAt,
    footerNote: `Statement of account of ${statement.customer.name}, ${shown(statement.from)} to ${shown(statement.to)}`,
  });
  pdf.letterhead({ name: statement.company.name, lines: statement.company.lines });
  pdf.title({
    title: 'Statement of account',
    subtitle: `${shown(statement.from)} to ${shown(statement.to)}`,
  });
  pdf.keyValues(
    [
      { label: 'Customer', value: statement.customer.name },
      { label: 'Address', value: statement.customer.lines.join(' · ') },
      { label: 'Closing balance', value: balanceText(statement.closing) },
    ],
    3,
  );
  pdf.table({
    columns: [
      { header: 'Date', share: 62 },
      { header: 'Document', share: 60 },
      { header: 'Number', share: 90 },
      { header: 'Details', share: 95 },
      { header: 'Debit', share: 68, align: 'right' },
      { header: 'Credit', share: 68, align: 'right' },
      { header: 'Balance', share: 72, align: 'right' },
    ],
    rows: [
      [shown(statement.from), '', '', 'Balance brought forward', '', '', balanceText(statement.opening)],
      ...statement.entries.map((e) => [
        shown(e.date),
        DOCUMENT_NAMES[e.kind],
        e.number,
        e.detail,
        e.debit.isZero() ? '' : formatRupees(e.debit),
        e.credit.isZero() ? '' : formatRupees(e.credit),
        balanceText(e.balance),
      ]),
    ],
    totals: [
      [
        'Total',
        '',
        '',
        '',
        formatRupees(statement.debits),
        formatRupees(statement.credits),
        balanceText(statement.closing),
      ],
    ],
  });
  pdf.paragraph(
    'Receipts are credited with the TDS deducted and the bank charges they settled. Dr: owed to us; Cr: held for you.',
  );
  return pdf.render();
}
