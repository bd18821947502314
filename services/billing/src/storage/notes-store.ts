// Credit and debit notes (billing.notes) and what they do to their invoice's outstanding (invoices.noted).
import { type CursorShape, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

export type NoteType = 'CREDIT' | 'DEBIT';

export interface NoteTaxRow {
  kind: string;
  rate: string;
  gstRate: string;
  taxableValue: string;
  amount: string;
}

export interface NoteRow {
  id: string;
  type: NoteType;
  noteNo: string;
  sequence: string;
  financialYear: string;
  companyId: string;
  customerId: string;
  customerName: string;
  invoiceId: string;
  invoiceNo: string;
  noteDate: string;
  reason: string;
  taxableValue: string;
  tax: string;
  roundOff: string;
  total: string;
  taxes: NoteTaxRow[];
  isCancelled: boolean;
  cancellationReason: string;
  version: number;
  createdAt: string;
}

const NOTE_COLUMNS = sql.raw(`n.id, n.type, n.note_no as "noteNo", n.sequence::text as sequence,
  n.financial_year as "financialYear", n.company_id as "companyId", n.customer_id as "customerId",
  n.customer_name as "customerName", n.invoice_id as "invoiceId", i.invoice_no as "invoiceNo",
  to_char(n.note_date, 'YYYY-MM-DD') as "noteDate", n.reason, n.taxable_value::text as "taxableValue",
  n.tax::text as tax, n.round_off::text as "roundOff", n.total::text as total, n.taxes,
  n.is_cancelled as "isCancelled", n.cancellation_reason as "cancellationReason", n.version,
  n.created_at as "createdAt"`);
const FROM_NOTES = sql.raw('billing.notes n join billing.invoices i on i.id = n.invoice_id');

export type NewNote = Omit<
  NoteRow,
  'invoiceNo' | 'sequence' | 'isCancelled' | 'cancellationReason' | 'version' | 'createdAt'
> & {
  tenantId: string;
  sequence: bigint;
  createdByUserId: string;
};

/** Writes a note and moves its invoice's outstanding: down by a credit note's total, up by a debit note's. */
export async function insertNote(tx: Tx, n: NewNote): Promise<void> {
  await tx.execute(sql`insert into billing.notes (id, tenant_id, type, note_no, sequence, financial_year, company_id,
      customer_id, customer_name, invoice_id, note_date, reason, taxable_value, tax, round_off, total, taxes,
      created_by_user_id)
    values (${n.id}, ${n.tenantId}, ${n.type}, ${n.noteNo}, ${n.sequence.toString()}, ${n.financialYear},
      ${n.companyId}, ${n.customerId}, ${n.customerName}, ${n.invoiceId}, ${n.noteDate}, ${n.reason},
      ${n.taxableValue}, ${n.tax}, ${n.roundOff}, ${n.total}, ${JSON.stringify(n.taxes)}::jsonb, ${n.createdByUserId})`);
  const change = n.type === 'DEBIT' ? sql`+ ${n.total}::numeric` : sql`- ${n.total}::numeric`;
  await tx.execute(sql`update billing.invoices set noted = noted ${change} where id = ${n.invoiceId}`);
}

export async function getNote(tx: Tx, id: string, lock = false): Promise<NoteRow | undefined> {
  if (lock) await tx.execute(sql`select id from billing.notes where id = ${id} for update`);
  const [row] = await rows<NoteRow>(tx, sql`select ${NOTE_COLUMNS} from ${FROM_NOTES} where n.id = ${id}`);
  return row;
}

/** Cancels a note: its invoice's outstanding moves back by its total. */
export async function cancelNoteRow(tx: Tx, note: NoteRow, reason: string): Promise<void> {
  await tx.execute(sql`update billing.notes set is_cancelled = true, cancellation_reason = ${reason},
      version = version + 1, updated_at = now() where id = ${note.id}`);
  const change = note.type === 'DEBIT' ? sql`- ${note.total}::numeric` : sql`+ ${note.total}::numeric`;
  await tx.execute(sql`update billing.invoices set noted = noted ${change} where id = ${note.invoiceId}`);
}

/** Whether live notes change this invoice. */
export async function hasLiveNotes(tx: Tx, invoiceId: string): Promise<boolean> {
  const [row] = await rows<{ noted: boolean }>(
    tx,
    sql`select exists (select 1 from billing.notes n where n.invoice_id = ${invoiceId} and not n.is_cancelled) as noted`,
  );
  return row?.noted ?? false;
}

export const NOTE_SORTS = ['note_date', 'created_at'] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];
const NOTE_SORT_SHAPES: Record<NoteSort, CursorShape> = {
  note_date: { sort: { type: 'date', nullable: false } },
  created_at: { sort: { type: 'timestamp', nullable: false } },
};

export interface NoteFilters {
  search?: string;
  types: readonly NoteType[];
  customerIds: readonly string[];
  invoiceId?: string;
  dateFrom?: string;
  dateTo?: string;
  includeCancelled: boolean;
}

export function noteConditions(filters: NoteFilters): SQL[] {
  const where: SQL[] = [];
  const search = filters.search?.trim().toLowerCase();
  // Leakproof conditions only (`^@`), so that row-level security lets them use their indexes.
  if (search) where.push(sql`(n.note_no_key ^@ ${search} or n.customer_name_key ^@ ${search})`);
  if (filters.types.length > 0) {
    where.push(
      sql`n.type in (${sql.join(
        filters.types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.customerIds.length > 0) where.push(idIn(sql`n.customer_id`, filters.customerIds));
  if (filters.invoiceId) where.push(sql`n.invoice_id = ${filters.invoiceId}`);
  if (filters.dateFrom) where.push(sql`n.note_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`n.note_date <= ${filters.dateTo}::date`);
  if (!filters.includeCancelled) where.push(sql`not n.is_cancelled`);
  return where;
}

/** Up to `limit + 1` notes of a filter, keyset-paged. */
export async function listNotes(
  tx: Tx,
  filters: NoteFilters,
  page: { sortBy: NoteSort; direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(NoteRow & { sortKey: string | null })[]> {
  const where = noteConditions(filters);
  const column = sql.raw(`n.${page.sortBy}`);
  const paging = keyset({
    sortKey: column,
    id: sql.raw('n.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: NOTE_SORT_SHAPES[page.sortBy],
  });
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${NOTE_COLUMNS}, ${column}::text as "sortKey" from ${FROM_NOTES}
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}
