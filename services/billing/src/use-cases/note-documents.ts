// A credit or debit note printed as a PDF. A note changes one invoice, so it prints under that invoice's
// seller and to its buyer as the invoice had them (GST rule 53 asks the note to carry the original
// invoice's parties), not as the masters say today.
import { PERMISSION } from '@fleet/domain';
import { notFound, requireId, requirePermission } from '@fleet/platform';
import { invoiceLetterhead } from '../documents/invoice-letterhead';
import { noteFileName, renderNotePdf } from '../documents/note-pdf';
import { invoiceToProto } from '../mappers';
import { getInvoice } from '../storage/invoices-store';
import { getNote } from '../storage/notes-store';
import type { BillingDeps, TenantCaller } from './deps';

export function createNoteDocuments(deps: Pick<BillingDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    async render(caller: TenantCaller, id: string): Promise<{ pdf: Buffer; fileName: string }> {
      requirePermission(caller, PERMISSION.download_print_credit_debit_note, 'download or print notes');
      requireId(id, 'id');
      const { note, invoice } = await db.read(caller.tenantId, async (tx) => {
        const found = await getNote(tx, id);
        if (!found) throw notFound('The note');
        const invoiceRecord = await getInvoice(tx, found.invoiceId);
        return { note: found, invoice: invoiceRecord ? invoiceToProto(invoiceRecord) : undefined };
      });
      const buyer = invoice?.buyer;
      const pdf = await renderNotePdf(
        {
          note,
          company: invoice ? invoiceLetterhead(invoice) : { name: '', lines: [] },
          customer: {
            name: buyer?.name || note.customerName,
            lines: [buyer?.address ?? '', buyer?.gstNo ? `GSTIN ${buyer.gstNo}` : ''].filter(Boolean),
          },
        },
        clock(),
      );
      return { pdf, fileName: noteFileName(note) };
    },
  };
}
