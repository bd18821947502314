// What a billing company's GST return for a month reads: its invoices numbered in the month (approved
// ones with their stored GST, cancelled and discarded ones for the documents issued), and its notes.
import type { JsonValue } from '@bufbuild/protobuf';
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

export interface ReturnInvoiceRow {
  invoiceNo: string;
  prefix: string;
  invoiceDate: string;
  status: 'DRAFT' | 'APPROVED' | 'CANCELLED' | 'DISCARDED';
  buyerName: string;
  buyerGstNo: string;
  total: string;
  /** The stored document's tax, taxes, lines and seller (billing.v1.Invoice protobuf JSON). */
  tax: JsonValue;
  taxes: JsonValue;
  lines: JsonValue;
  sellerStateCode: string | null;
}

export async function invoicesOfMonth(
  tx: Tx,
  query: { companyId: string; from: string; to: string },
): Promise<ReturnInvoiceRow[]> {
  return rows<ReturnInvoiceRow>(
    tx,
    sql`select i.invoice_no as "invoiceNo", i.prefix, to_char(i.invoice_date, 'YYYY-MM-DD') as "invoiceDate",
          i.status, i.buyer_name as "buyerName", i.buyer_gst_no as "buyerGstNo", i.total::text as total,
          case when i.status = 'APPROVED' then i.document->'tax' end as tax,
          case when i.status = 'APPROVED' then i.document->'taxes' end as taxes,
          case when i.status = 'APPROVED' then i.document->'lines' end as lines,
          i.document->'seller'->>'gstStateCode' as "sellerStateCode"
        from billing.invoices i
        where i.company_id = ${query.companyId} and i.invoice_date between ${query.from}::date and ${query.to}::date
        order by i.prefix, i.sequence`,
  );
}

export interface ReturnNoteRow {
  noteNo: string;
  type: 'CREDIT' | 'DEBIT';
  noteDate: string;
  isCancelled: boolean;
  total: string;
  taxes: JsonValue;
  invoiceNo: string;
  invoiceTotal: string;
  buyerName: string;
  buyerGstNo: string;
  tax: JsonValue;
  sellerStateCode: string | null;
}

export async function notesOfMonth(
  tx: Tx,
  query: { companyId: string; from: string; to: string },
): Promise<ReturnNoteRow[]> {
  return rows<ReturnNoteRow>(
    tx,
    sql`select n.note_no as "noteNo", n.type, to_char(n.note_date, 'YYYY-MM-DD') as "noteDate",
          n.is_cancelled as "isCancelled", n.total::text as total, n.taxes, i.invoice_no as "invoiceNo",
          i.total::text as "invoiceTotal", i.buyer_name as "buyerName", i.buyer_gst_no as "buyerGstNo",
          i.document->'tax' as tax, i.document->'seller'->>'gstStateCode' as "sellerStateCode"
        from billing.notes n join billing.invoices i on i.id = n.invoice_id
        where n.company_id = ${query.companyId} and n.note_date between ${query.from}::date and ${query.to}::date
        order by n.type, n.sequence`,
  );
}
