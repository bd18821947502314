// Exports of invoices, of their duties, of billable duties, of suppliers' invoices, of receipts and of
// credit/debit notes as CSV or Excel, streamed: the row count
// first, then the file in chunks as the platform's writers make it, the rows read page by page in a
// keyset walk so memory stays flat however many there are.
import { PassThrough } from 'node:stream';
import { fromJson } from '@bufbuild/protobuf';
import {
  EXPORT_FORMATS,
  type ExportFileFormat,
  type ExportRecordKind,
  exportCatalogue,
  exportColumnsOf,
} from '@fleet/domain';
import {
  type ExportColumn,
  type ExportResult,
  exportFileName,
  invalidField,
  notFound,
  preconditionFailed,
  requireId,
  requirePermission,
  type Tx,
  toPage,
  writeCsvExport,
  writeXlsxExport,
} from '@fleet/platform';
import { InvoiceSchema, InvoiceTotalsSchema } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import Decimal from 'decimal.js';
import type { DutyRecord } from '../domain/duty';
import {
  type ListExportFilters,
  NOTE_VALUES,
  noteExportFiltersOf,
  RECEIPT_VALUES,
  receiptExportFiltersOf,
} from '../exports/receipt-note-exports';
import {
  type ColumnValues,
  DUTY_VALUES,
  exportColumn,
  INVOICE_DUTY_VALUES,
  INVOICE_VALUES,
  type InvoiceDutyExportRow,
  type InvoiceExportRow,
  PURCHASE_INVOICE_VALUES,
  type PurchaseInvoiceExportRow,
} from '../exports/record-columns';
import { type DutyFilters, listDuties, readDuties } from '../storage/duties-store';
import { defaultExportProfile, getExportProfile } from '../storage/export-profiles-store';
import {
  countDutyExport,
  countInvoiceExport,
  countNoteExport,
  countPurchaseInvoiceExport,
  countReceiptExport,
  dutyCountsOfPurchaseInvoices,
  dutyLinesOfInvoices,
  type InvoiceDutyLines,
} from '../storage/export-rows';
import { type InvoiceFilters, type InvoiceRow, listInvoices } from '../storage/invoices-store';
import { listNotes } from '../storage/notes-store';
import { listPurchaseInvoices, type PurchaseInvoiceFilters } from '../storage/purchase-invoices-store';
import { listReceipts } from '../storage/receipts-store';
import type { BillingDeps, TenantCaller } from './deps';
import { checkedExportColumns, checkedExportKind } from './export-profiles';
import {
  type DutyListInput,
  dutyFiltersOf,
  type InvoiceListInput,
  invoiceFiltersOf,
  type PageInput,
} from './invoice-lists';
import { type PurchaseListInput, purchaseFiltersOf } from './purchase-invoices';

/** Rows read per query of the walk. */
export const EXPORT_PAGE_ROWS = 500;
/** Bytes gathered into one message of the stream (the writers hand on a row at a time). */
export const EXPORT_CHUNK_BYTES = 64 * 1024;

const CONTENT_TYPES: Record<ExportFileFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportInput {
  kind: string;
  format: string;
  profileId?: string;
  columns?: readonly string[];
  invoiceFilters?: Omit<InvoiceListInput, keyof PageInput>;
  dutyFilters?: Omit<DutyListInput, keyof PageInput>;
  purchaseInvoiceFilters?: Omit<PurchaseListInput, 'limit' | 'cursor' | 'sortBy' | 'direction'>;
  receiptFilters?: ListExportFilters;
  noteFilters?: ListExportFilters;
}

export type ExportPart =
  | { case: 'header'; totalRows: number; fileName: string; contentType: string }
  | { case: 'chunk'; bytes: Uint8Array };

/** Writes a file of rows with its columns into the export's stream. */
type FileWriter = <Row>(columns: ExportColumn<Row>[], rows: AsyncIterable<Row>) => Promise<ExportResult>;

const decimal = (text: string | undefined) => new Decimal(text || 0);

/** Each duty an invoice bills, priced by the invoice's lines for it, in the invoice's order. */
function invoiceDutyRows(
  invoice: InvoiceRow,
  document: InvoiceDutyLines,
  duties: Map<string, DutyRecord>,
): InvoiceDutyExportRow[] {
  const parsed = fromJson(
    InvoiceSchema,
    { bookingIds: document.bookingIds ?? [], lines: document.lines ?? [] },
    { ignoreUnknownFields: true },
  );
  return parsed.bookingIds.map((bookingId) => {
    const lines = parsed.lines.filter((line) => line.bookingId === bookingId);
    const booking = lines.find((line) => line.type === 'BOOKING');
    const sumOf = (pick: (line: (typeof lines)[number]) => Decimal) =>
      lines.reduce((total, line) => total.plus(pick(line)), new Decimal(0));
    const duty = duties.get(bookingId);
    return {
      invoice,
      duty,
      bookingNo: duty ? Number(duty.bookingNo) : Number(booking?.bookingNo ?? 0n),
      carHire: sumOf((line) => (line.type === 'BOOKING' ? decimal(line.amount) : new Decimal(0))),
      billingItems: sumOf((line) => (line.type === 'BILLING_ITEM' ? decimal(line.amount) : new Decimal(0))),
      taxable: sumOf((line) => (line.isTaxable ? decimal(line.taxableValue) : new Decimal(0))),
      taxRate: booking?.taxRate ? new Decimal(booking.taxRate) : null,
      // Each line's tax at its own rate: the duty's share of the invoice's tax before rounding.
      taxShare: sumOf((line) =>
        line.isTaxable
          ? decimal(line.taxableValue).times(decimal(line.taxRate)).dividedBy(100)
          : new Decimal(0),
      ),
    };
  });
}

function checkedFormat(format: string): ExportFileFormat {
  const upper = format.toUpperCase();
  if (!(EXPORT_FORMATS as readonly string[]).includes(upper)) {
    throw invalidField('format', 'Export as CSV or XLSX.');
  }
  return upper as ExportFileFormat;
}

/**
 * The date filter a file is named after, as the export applied it; a period ending before it starts
 * would export nothing, so it is refused naming the end.
 */
function periodOf(
  from: string | undefined,
  to: string | undefined,
): [string | undefined, string | undefined] {
  if (from && to && to < from) throw invalidField('dateTo', 'The end date cannot be before the start date.');
  return [from || undefined, to || undefined];
}

export function createRecordExports(
  deps: Pick<BillingDeps, 'db'> & {
    /** Rows read per query; EXPORT_PAGE_ROWS unless a test walks many pages of few rows. */
    pageRows?: number;
  },
) {
  const { db, pageRows = EXPORT_PAGE_ROWS } = deps;

  /**
   * A list's rows page after page in its keyset order, each page read in its own short transaction:
   * `read` answers up to `limit + 1` rows after the cursor, `keyOf` is a row's sort key and id.
   */
  async function* keysetPages<Row>(
    tenantId: string,
    read: (tx: Tx, cursor: string | undefined) => Promise<Row[]>,
    keyOf: (row: Row) => [value: string | null, id: string],
  ): AsyncGenerator<Row[]> {
    let cursor: string | undefined;
    do {
      const fetched = await db.read(tenantId, (tx) => read(tx, cursor));
      const page = toPage(fetched, pageRows, keyOf);
      if (page.items.length > 0) yield page.items;
      cursor = page.nextCursor || undefined;
    } while (cursor);
  }

  async function* invoicePages(tenantId: string, filters: InvoiceFilters) {
    const pages = keysetPages(
      tenantId,
      (tx, cursor) =>
        listInvoices(tx, filters, { sortBy: 'created_at', direction: 'asc', cursor, limit: pageRows }),
      (row) => [row.sortKey, row.id],
    );
    for await (const invoices of pages) {
      const documents = await db.read(tenantId, (tx) =>
        dutyLinesOfInvoices(
          tx,
          invoices.map((i) => i.id),
        ),
      );
      yield { invoices, documents: new Map(documents.map((d) => [d.id, d])) };
    }
  }

  async function* invoiceRows(tenantId: string, filters: InvoiceFilters): AsyncGenerator<InvoiceExportRow> {
    for await (const { invoices, documents } of invoicePages(tenantId, filters)) {
      for (const invoice of invoices) {
        const bookingIds = documents.get(invoice.id)?.bookingIds;
        yield {
          invoice,
          totals: fromJson(InvoiceTotalsSchema, invoice.totals, { ignoreUnknownFields: true }),
          dutyCount: Array.isArray(bookingIds) ? bookingIds.length : 0,
        };
      }
    }
  }

  async function* invoiceDutyExportRows(
    tenantId: string,
    filters: InvoiceFilters,
  ): AsyncGenerator<InvoiceDutyExportRow> {
    for await (const { invoices, documents } of invoicePages(tenantId, filters)) {
      const bookingIds = [...documents.values()].flatMap((d) =>
        Array.isArray(d.bookingIds) ? d.bookingIds.filter((id) => typeof id === 'string') : [],
      );
      const duties = await db.read(tenantId, (tx) => readDuties(tx, bookingIds));
      const byId = new Map(duties.map((duty) => [duty.bookingId, duty]));
      for (const invoice of invoices) {
        const document = documents.get(invoice.id);
        if (document) yield* invoiceDutyRows(invoice, document, byId);
      }
    }
  }

  async function* dutyRows(tenantId: string, filters: DutyFilters): AsyncGenerator<DutyRecord> {
    const pages = keysetPages(
      tenantId,
      (tx, cursor) =>
        listDuties(tx, filters, { sortBy: 'start_date', direction: 'asc', cursor, limit: pageRows }),
      (row) => [row.sortKey, row.bookingId],
    );
    for await (const duties of pages) yield* duties;
  }

  async function* purchaseInvoiceRows(
    tenantId: string,
    filters: PurchaseInvoiceFilters,
  ): AsyncGenerator<PurchaseInvoiceExportRow> {
    const pages = keysetPages(
      tenantId,
      (tx, cursor) =>
        listPurchaseInvoices(tx, filters, {
          sortBy: 'created_at',
          direction: 'asc',
          cursor,
          limit: pageRows,
        }),
      (row) => [row.sortKey, row.id],
    );
    for await (const invoices of pages) {
      const duties = await db.read(tenantId, (tx) =>
        dutyCountsOfPurchaseInvoices(
          tx,
          invoices.map((invoice) => invoice.id),
        ),
      );
      for (const invoice of invoices) yield { invoice, dutyCount: duties.get(invoice.id) ?? 0 };
    }
  }

  /** The columns asked for: named, else the profile's, else the kind's default profile's, else the catalogue's. */
  async function chosenColumns(caller: TenantCaller, kind: ExportRecordKind, input: ExportInput) {
    if (input.columns && input.columns.length > 0) return checkedExportColumns(kind, input.columns);
    if (input.profileId) {
      const profile = await db.read(caller.tenantId, (tx) =>
        getExportProfile(tx, requireId(input.profileId ?? '', 'profileId')),
      );
      if (!profile || profile.kind !== kind) throw notFound('The export profile');
      return checkedExportColumns(kind, profile.columns);
    }
    const fallback = await db.read(caller.tenantId, (tx) => defaultExportProfile(tx, kind));
    return checkedExportColumns(kind, fallback?.columns ?? exportCatalogue(kind).defaultColumns);
  }

  /** What one kind of export reads and writes: its row count, its period, and how to write its file. */
  async function plan(
    caller: TenantCaller,
    kind: ExportRecordKind,
    keys: readonly string[],
    input: ExportInput,
  ) {
    const definitions = exportColumnsOf(kind, keys);
    const columnsOf = <Row>(values: ColumnValues<Row>): ExportColumn<Row>[] =>
      definitions.map((definition) => exportColumn(definition, values));
    if (kind === 'DUTIES') {
      const filters = dutyFiltersOf(input.dutyFilters ?? {}, 'ALL');
      const columns = columnsOf(DUTY_VALUES);
      return {
        total: await db.read(caller.tenantId, (tx) => countDutyExport(tx, filters)),
        period: [filters.dateFrom, filters.dateTo] as const,
        start: (writeFile: FileWriter) => writeFile(columns, dutyRows(caller.tenantId, filters)),
      };
    }
    if (kind === 'PURCHASE_INVOICES') {
      const filters = purchaseFiltersOf(input.purchaseInvoiceFilters ?? {});
      const columns = columnsOf(PURCHASE_INVOICE_VALUES);
      return {
        total: await db.read(caller.tenantId, (tx) => countPurchaseInvoiceExport(tx, filters)),
        period: [filters.dateFrom, filters.dateTo] as const,
        start: (writeFile: FileWriter) => writeFile(columns, purchaseInvoiceRows(caller.tenantId, filters)),
      };
    }
    if (kind === 'RECEIPTS') {
      const filters = receiptExportFiltersOf(input.receiptFilters ?? {});
      const columns = columnsOf(RECEIPT_VALUES);
      const receipts = async function* () {
        const pages = keysetPages(
          caller.tenantId,
          (tx, cursor) =>
            listReceipts(tx, filters, { sortBy: 'created_at', direction: 'asc', cursor, limit: pageRows }),
          (row) => [row.sortKey, row.id],
        );
        for await (const page of pages) yield* page;
      };
      return {
        total: await db.read(caller.tenantId, (tx) => countReceiptExport(tx, filters)),
        period: [filters.dateFrom, filters.dateTo] as const,
        start: (writeFile: FileWriter) => writeFile(columns, receipts()),
      };
    }
    if (kind === 'CREDIT_DEBIT_NOTES') {
      const filters = noteExportFiltersOf(input.noteFilters ?? {});
      const columns = columnsOf(NOTE_VALUES);
      const notes = async function* () {
        const pages = keysetPages(
          caller.tenantId,
          (tx, cursor) =>
            listNotes(tx, filters, { sortBy: 'created_at', direction: 'asc', cursor, limit: pageRows }),
          (row) => [row.sortKey, row.id],
        );
        for await (const page of pages) yield* page;
      };
      return {
        total: await db.read(caller.tenantId, (tx) => countNoteExport(tx, filters)),
        period: [filters.dateFrom, filters.dateTo] as const,
        start: (writeFile: FileWriter) => writeFile(columns, notes()),
      };
    }
    const filters = invoiceFiltersOf(input.invoiceFilters ?? {});
    const perDuty = kind === 'INVOICE_DUTIES';
    const total = await db.read(caller.tenantId, (tx) => countInvoiceExport(tx, filters, perDuty));
    const period = [filters.dateFrom, filters.dateTo] as const;
    if (perDuty) {
      const columns = columnsOf(INVOICE_DUTY_VALUES);
      return {
        total,
        period,
        start: (writeFile: FileWriter) => writeFile(columns, invoiceDutyExportRows(caller.tenantId, filters)),
      };
    }
    const columns = columnsOf(INVOICE_VALUES);
    return {
      total,
      period,
      start: (writeFile: FileWriter) => writeFile(columns, invoiceRows(caller.tenantId, filters)),
    };
  }

  return {
    /**
     * The export as the stream sends it: the header (row count, file name, type), then the file's bytes.
     * Everything is checked before the header; a failure after it ends the stream with the error, so a
     * half file is never taken for a whole one.
     */
    async *export(caller: TenantCaller, input: ExportInput): AsyncGenerator<ExportPart> {
      const kind = checkedExportKind(input.kind);
      const catalogue = exportCatalogue(kind);
      requirePermission(caller, catalogue.exportPermission, `export ${catalogue.label.toLowerCase()}`);
      if (catalogue.unavailable) throw preconditionFailed(catalogue.unavailable, 'EXPORT_NOT_AVAILABLE');
      const format = checkedFormat(input.format);
      const keys = await chosenColumns(caller, kind, input);
      const { total, period, start } = await plan(caller, kind, keys, input);
      const [from, to] = periodOf(period[0], period[1]);
      const fileName = exportFileName(catalogue.label, from, to, format === 'CSV' ? 'csv' : 'xlsx');
      yield { case: 'header', totalRows: total, fileName, contentType: CONTENT_TYPES[format] };

      const out = new PassThrough({ highWaterMark: EXPORT_CHUNK_BYTES });
      const writing = start((columns, rows) =>
        format === 'CSV'
          ? writeCsvExport({ columns, rows, out })
          : writeXlsxExport({ sheetName: catalogue.label, columns, rows, out }),
      );
      // Observed below; until then (and when the reader goes away first) a rejection is expected.
      writing.catch(() => undefined);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let readFailure: unknown;
      try {
        for await (const chunk of out) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= EXPORT_CHUNK_BYTES) {
            yield { case: 'chunk', bytes: Buffer.concat(pending) };
            pending = [];
            pendingBytes = 0;
          }
        }
      } catch (error) {
        readFailure = error;
      } finally {
        // The reader went away (or failed): the writer stops at its next write.
        if (!out.readableEnded) out.destroy();
      }
      // The writer's own failure says more than the destination's premature close.
      await writing;
      if (readFailure) throw readFailure;
      if (pendingBytes > 0) yield { case: 'chunk', bytes: Buffer.concat(pending) };
    },
  };
}

export type RecordExports = ReturnType<typeof createRecordExports>;
