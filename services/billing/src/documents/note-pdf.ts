// A credit or debit note as a PDF: the issuing company's letterhead, the note's number and date, the
// invoice it changes, the customer, why, its GST by head at the invoice's rates, and the total in figures
// and words; a cancelled note is marked so, with the reason.
import { rupeesInWords } from '@fleet/domain';
import { createPdfDocument, formatRupees, type Letterhead } from '@fleet/platform/pdf';
import Decimal from 'decimal.js';
import { displayDate } from '../domain/invoice-document';
import type { NoteRow } from '../storage/notes-store';

export interface NoteDocument {
  note: NoteRow;
  company: Letterhead;
  customer: { name: string; lines: string[] };
}

const TITLES: Record<NoteRow['type'], string> = { CREDIT: 'Credit note', DEBIT: 'Debit note' };

/** The note's file: credit-note-CN-26-27-0001.pdf. */
export const noteFileName = (note: Pick<NoteRow, 'type' | 'noteNo'>) =>
  `${note.type.toLowerCase()}-note-${note.noteNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

export async function renderNotePdf(document: NoteDocument, printedAt: Date): Promise<Buffer> {
  const { note, company, customer } = document;
  const title = TITLES[note.type];
  const pdf = createPdfDocument({
    title: `${title} ${note.noteNo}`,
    author: company.name,
    createdAt: printedAt,
    footerNote: `${title} ${note.noteNo} against invoice ${note.invoiceNo}`,
  });
  pdf.letterhead(company);
  pdf.title({
    title,
    subtitle: `No. ${note.noteNo} · ${displayDate(note.noteDate)}`,
    tag: note.isCancelled ? 'Cancelled' : undefined,
  });
  pdf.keyValues(
    [
      { label: 'Note number', value: note.noteNo },
      { label: 'Note date', value: displayDate(note.noteDate) },
      { label: 'Against invoice', value: note.invoiceNo },
      { label: note.type === 'CREDIT' ? 'Credited to' : 'Debited to', value: customer.name },
      { label: 'Address', value: customer.lines.join(' · ') },
      { label: 'Reason', value: note.reason },
    ],
    3,
  );
  pdf.table({
    columns: [
      { header: 'Head', share: 120 },
      { header: 'Rate', share: 60, align: 'right' },
      { header: 'Taxable value', share: 100, align: 'right' },
      { header: 'Amount', share: 100, align: 'right' },
    ],
    rows: [
      ['Value before GST', '', '', formatRupees(note.taxableValue)],
      ...note.taxes.map((tax) => [
        tax.kind,
        `${tax.rate}%`,
        formatRupees(tax.taxableValue),
        formatRupees(tax.amount),
      ]),
      ...(new Decimal(note.roundOff).isZero() ? [] : [['Round off', '', '', formatRupees(note.roundOff)]]),
    ],
    totals: [['Total', '', '', formatRupees(note.total)]],
  });
  pdf.paragraph(`${title} for ${rupeesInWords(new Decimal(note.total))}.`);
  if (note.isCancelled) {
    pdf.paragraph(
      `Cancelled: ${note.cancellationReason}. This note changes nothing of invoice ${note.invoiceNo}.`,
    );
  }
  return pdf.render();
}
