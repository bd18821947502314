// What exports read beside the lists' own pages: how many rows a file will hold, for a page of invoices
// the duties they bill and the lines that price each duty, and for a page of purchase invoices how many
// duties each took.
import type { JsonValue } from '@bufbuild/protobuf';
import { idArray, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import { type DutyFilters, dutyConditions } from './duties-store';
import { type InvoiceFilters, invoiceConditions } from './invoices-store';
import { type NoteFilters, noteConditions } from './notes-store';
import { type PurchaseInvoiceFilters, purchaseInvoiceConditions } from './purchase-invoices-store';
import { type ReceiptFilters, receiptConditions } from './receipts-store';

const whereOf = (conditions: SQL[]) =>
  conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

/** The invoices of a filter, or (perDuty) the duties they bill, as the export writes them. */
export async function countInvoiceExport(tx: Tx, filters: InvoiceFilters, perDuty: boolean): Promise<number> {
  const counted = perDuty
    ? sql`coalesce(sum(jsonb_array_length(coalesce(v.document -> 'bookingIds', '[]'::jsonb))), 0)`
    : sql`count(*)`;
  const [row] = await rows<{ total: string }>(
    tx,
    sql`select ${counted}::text as total from billing.invoices v ${whereOf(invoiceConditions(filters))}`,
  );
  return Number(row?.total ?? 0);
}

export async function countDutyExport(tx: Tx, filters: DutyFilters): Promise<number> {
  const [row] = await rows<{ total: string }>(
    tx,
    sql`select count(*)::text as total from billing.duties d ${whereOf(dutyConditions(filters))}`,
  );
  return Number(row?.total ?? 0);
}

export async function countPurchaseInvoiceExport(tx: Tx, filters: PurchaseInvoiceFilters): Promise<number> {
  const [row] = await rows<{ total: string }>(
    tx,
    sql`select count(*)::text as total from billing.purchase_invoices p ${whereOf(purchaseInvoiceConditions(filters))}`,
  );
  return Number(row?.total ?? 0);
}

export async function countReceiptExport(tx: Tx, filters: ReceiptFilters): Promise<number> {
  const [row] = await rows<{ total: string }>(
    tx,
    sql`select count(*)::text as total from billing.receipts r ${whereOf(receiptConditions(filters))}`,
  );
  return Number(row?.total ?? 0);
}

export async function countNoteExport(tx: Tx, filters: NoteFilters): Promise<number> {
  const [row] = await rows<{ total: string }>(
    tx,
    sql`select count(*)::text as total from billing.notes n ${whereOf(noteConditions(filters))}`,
  );
  return Number(row?.total ?? 0);
}

/** How many duties each of some purchase invoices took, by invoice; an invoice of none is absent. */
export async function dutyCountsOfPurchaseInvoices(
  tx: Tx,
  purchaseInvoiceIds: readonly string[],
): Promise<Map<string, number>> {
  if (purchaseInvoiceIds.length === 0) return new Map();
  const counted = await rows<{ id: string; duties: number }>(
    tx,
    sql`select d.purchase_invoice_id as id, count(*)::int as duties from billing.duties d
      where d.purchase_invoice_id = any(${idArray(purchaseInvoiceIds)}) group by d.purchase_invoice_id`,
  );
  return new Map(counted.map((row) => [row.id, row.duties]));
}

/** What an invoice's document says of its duties: which it bills, in order, and the lines pricing them. */
export interface InvoiceDutyLines {
  id: string;
  /** billing.v1.Invoice protobuf JSON's bookingIds and lines. */
  bookingIds: JsonValue | null;
  lines: JsonValue | null;
}

export async function dutyLinesOfInvoices(
  tx: Tx,
  invoiceIds: readonly string[],
): Promise<InvoiceDutyLines[]> {
  if (invoiceIds.length === 0) return [];
  return rows<InvoiceDutyLines>(
    tx,
    sql`select id, document -> 'bookingIds' as "bookingIds", document -> 'lines' as lines
        from billing.invoices where id = any(${idArray(invoiceIds)})`,
  );
}
