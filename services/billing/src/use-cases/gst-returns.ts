// GSTR-1 of one billing company for one month (DOMAIN.md "Invoicing"), as the portal's JSON upload or as
// an Excel workbook of its sections plus the sales register and the reconciliation: read here, sorted into
// sections by the domain's buildGstr1, streamed as an export (the header, then the bytes).
import { PassThrough } from 'node:stream';
import { fromJson } from '@bufbuild/protobuf';
import {
  B2CL_LIMIT,
  buildGstr1,
  type Gstr1Invoice,
  type Gstr1Note,
  type Gstr1Series,
  type Gstr1Tax,
  type Gstr1Totals,
  gstCodeOfState,
  gstr1JsonText,
  PERMISSION,
} from '@fleet/domain';
import {
  type ExportColumn,
  invalidField,
  preconditionFailed,
  requireId,
  requirePermission,
  writeXlsxWorkbook,
  xlsxSheet,
} from '@fleet/platform';
import { InvoiceSchema, type InvoiceTaxLine } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import Decimal from 'decimal.js';
import { invoicesOfMonth, notesOfMonth, type ReturnInvoiceRow } from '../storage/gst-returns-store';
import type { NoteTaxRow } from '../storage/notes-store';
import type { BillingDeps, TenantCaller } from './deps';
import { EXPORT_CHUNK_BYTES, type ExportPart } from './record-exports';

const d = (text: string | undefined) => new Decimal(text || 0);
const FORMATS = {
  JSON: 'application/json; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A document's GST by rate, from its components (CGST and SGST halves share their taxable value). */
function byRate(
  components: readonly { kind: string; rate: Decimal; taxableValue: Decimal; amount: Decimal }[],
  fallbackRate: Decimal,
): Gstr1Tax[] {
  const rates = new Map<string, Gstr1Tax>();
  for (const c of components) {
    const gstRate = c.kind === 'IGST' ? (c.rate.isZero() ? fallbackRate : c.rate) : c.rate.times(2);
    const key = gstRate.toString();
    const tax = rates.get(key) ?? {
      gstRate,
      taxableValue: new Decimal(0),
      igst: new Decimal(0),
      cgst: new Decimal(0),
      sgst: new Decimal(0),
    };
    rates.set(key, {
      ...tax,
      // The taxable value once per rate: from IGST, or from the CGST half.
      taxableValue: c.kind === 'SGST' ? tax.taxableValue : tax.taxableValue.plus(c.taxableValue),
      igst: c.kind === 'IGST' ? tax.igst.plus(c.amount) : tax.igst,
      cgst: c.kind === 'CGST' ? tax.cgst.plus(c.amount) : tax.cgst,
      sgst: c.kind === 'SGST' ? tax.sgst.plus(c.amount) : tax.sgst,
    });
  }
  return [...rates.values()];
}

function monthOf(month: string): { from: string; to: string } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw invalidField('month', 'Give the month as YYYY-MM.');
  const last = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

interface RegisterRow {
  invoice: Gstr1Invoice;
  status: string;
}

const totalsColumns: ExportColumn<{ section: string; totals: Gstr1Totals }>[] = [
  { key: 'section', header: 'Section', kind: 'text', value: (r) => r.section },
  { key: 'documents', header: 'Documents', kind: 'integer', value: (r) => r.totals.documents },
  { key: 'taxable', header: 'Taxable value', kind: 'money', value: (r) => r.totals.taxableValue },
  { key: 'igst', header: 'IGST', kind: 'money', value: (r) => r.totals.igst },
  { key: 'cgst', header: 'CGST', kind: 'money', value: (r) => r.totals.cgst },
  { key: 'sgst', header: 'SGST', kind: 'money', value: (r) => r.totals.sgst },
  { key: 'value', header: 'Document value', kind: 'money', value: (r) => r.totals.value },
];

const taxColumns = <Row>(taxOf: (row: Row) => Gstr1Tax): ExportColumn<Row>[] => [
  { key: 'rate', header: 'Rate %', kind: 'decimal', value: (r) => taxOf(r).gstRate },
  { key: 'taxable', header: 'Taxable value', kind: 'money', value: (r) => taxOf(r).taxableValue },
  { key: 'igst', header: 'IGST', kind: 'money', value: (r) => taxOf(r).igst },
  { key: 'cgst', header: 'CGST', kind: 'money', value: (r) => taxOf(r).cgst },
  { key: 'sgst', header: 'SGST', kind: 'money', value: (r) => taxOf(r).sgst },
];

export function createGstReturns(deps: Pick<BillingDeps, 'db' | 'copies'>) {
  const { db, copies } = deps;

  async function gather(caller: TenantCaller, input: { companyId: string; month: string }) {
    requireId(input.companyId, 'companyId');
    const period = monthOf(input.month);
    const loaded = await copies.load(caller, { company: [input.companyId] });
    const company = loaded.company.get(input.companyId);
    if (!company) throw invalidField('companyId', 'There is no such company.');
    if (!company.gstNo) throw preconditionFailed(`${company.name} has no GSTIN: it files no GSTR-1.`);
    const supplierState = gstCodeOfState(company.stateId) ?? company.gstNo.slice(0, 2);
    const [invoiceRows, noteRows] = await db.read(caller.tenantId, (tx) =>
      Promise.all([
        invoicesOfMonth(tx, { ...period, companyId: input.companyId }),
        notesOfMonth(tx, { ...period, companyId: input.companyId }),
      ]),
    );
    const placeOf = (tax: { placeOfSupplyStateId: string } | undefined) =>
      gstCodeOfState(tax?.placeOfSupplyStateId ?? '') ?? supplierState;
    const approved = invoiceRows.filter((r) => r.status === 'APPROVED');
    const invoiceOf = (row: ReturnInvoiceRow): Gstr1Invoice => {
      const document = fromJson(
        InvoiceSchema,
        { tax: row.tax, taxes: row.taxes, lines: row.lines },
        { ignoreUnknownFields: true },
      );
      const fallback = d(document.tax?.carHireRate);
      return {
        number: row.invoiceNo,
        date: row.invoiceDate,
        buyerGstin: row.buyerGstNo,
        buyerName: row.buyerName,
        placeOfSupply: placeOf(document.tax),
        supplierStateCode: row.sellerStateCode || supplierState,
        reverseCharge: document.tax?.reverseCharge ?? false,
        zeroRated: document.tax?.kind === 'ZERO_RATED',
        value: d(row.total),
        taxes: byRate(
          document.taxes.map((t: InvoiceTaxLine) => ({
            kind: t.kind,
            rate: d(t.rate),
            taxableValue: d(t.taxableValue),
            amount: d(t.amount),
          })),
          fallback,
        ),
        lines: document.lines
          .filter((l) => l.isTaxable && l.type !== 'DISCOUNT_AMOUNT')
          .map((l) => ({
            sac: l.sacCode || '9966',
            gstRate: l.taxRate ? d(l.taxRate) : fallback,
            taxableValue: d(l.taxableValue),
          })),
      };
    };
    const invoices = approved.map(invoiceOf);
    const notes: Gstr1Note[] = noteRows
      .filter((n) => !n.isCancelled)
      .map((n) => {
        const document = fromJson(InvoiceSchema, { tax: n.tax }, { ignoreUnknownFields: true });
        const components = (Array.isArray(n.taxes) ? n.taxes : []).flatMap((t) => (isNoteTax(t) ? [t] : []));
        const gst = byRate(
          components.map((t) => ({
            kind: t.kind,
            rate: d(t.rate),
            taxableValue: d(t.taxableValue),
            amount: d(t.amount),
          })),
          d(document.tax?.carHireRate),
        );
        const placeOfSupply = placeOf(document.tax);
        const supplierStateCode = n.sellerStateCode || supplierState;
        return {
          number: n.noteNo,
          date: n.noteDate,
          type: n.type,
          invoiceNumber: n.invoiceNo,
          buyerGstin: n.buyerGstNo,
          buyerName: n.buyerName,
          placeOfSupply,
          supplierStateCode,
          reverseCharge: document.tax?.reverseCharge ?? false,
          zeroRated: document.tax?.kind === 'ZERO_RATED',
          value: d(n.total),
          taxes: gst,
          lines: gst.map((t) => ({ sac: '9966', gstRate: t.gstRate, taxableValue: t.taxableValue })),
          onB2cl:
            n.buyerGstNo === '' && placeOfSupply !== supplierStateCode && d(n.invoiceTotal).gt(B2CL_LIMIT),
        };
      });
    const series: Gstr1Series[] = [
      ...[...new Set(invoiceRows.map((r) => r.prefix))].map((prefix) => ({
        kind: 'INVOICE' as const,
        numbers: invoiceRows
          .filter((r) => r.prefix === prefix && r.status !== 'DRAFT')
          .map((r) => ({ number: r.invoiceNo, cancelled: r.status !== 'APPROVED' })),
      })),
      ...(['CREDIT', 'DEBIT'] as const).map((type) => ({
        kind: type === 'CREDIT' ? ('CREDIT_NOTE' as const) : ('DEBIT_NOTE' as const),
        numbers: noteRows
          .filter((n) => n.type === type)
          .map((n) => ({ number: n.noteNo, cancelled: n.isCancelled })),
      })),
    ];
    const gstr1 = buildGstr1({ gstin: company.gstNo, period: input.month, invoices, notes, series });
    const drafts = invoiceRows.filter((r) => r.status === 'DRAFT').length;
    const register: RegisterRow[] = invoiceRows.map((row) =>
      row.status === 'APPROVED'
        ? { invoice: invoiceOf(row), status: row.status }
        : {
            invoice: { ...invoiceOf({ ...row, tax: null, taxes: null, lines: null }), value: new Decimal(0) },
            status: row.status,
          },
    );
    return { company, gstr1, invoices, notes, drafts, register };
  }

  return {
    /** The return as the export stream sends it: the header (documents, file name, type), then the bytes. */
    async *gstr1(
      caller: TenantCaller,
      input: { companyId: string; month: string; format: string },
    ): AsyncGenerator<ExportPart> {
      requirePermission(caller, PERMISSION.export_invoice, 'export GST returns');
      const format = input.format.toUpperCase();
      if (format !== 'JSON' && format !== 'XLSX')
        throw invalidField('format', 'Export GSTR-1 as JSON or XLSX.');
      const made = await gather(caller, input);
      const fileName = `GSTR1-${made.company.gstNo}-${input.month}.${format.toLowerCase()}`;
      yield {
        case: 'header',
        totalRows: made.invoices.length + made.notes.length,
        fileName,
        contentType: FORMATS[format],
      };
      if (format === 'JSON') {
        const text = Buffer.from(gstr1JsonText(made.gstr1.json));
        for (let at = 0; at < text.length; at += EXPORT_CHUNK_BYTES) {
          yield { case: 'chunk', bytes: text.subarray(at, at + EXPORT_CHUNK_BYTES) };
        }
        return;
      }
      const out = new PassThrough({ highWaterMark: EXPORT_CHUNK_BYTES });
      const r = made.gstr1.reconciliation;
      const perRate = <T extends { taxes: Gstr1Tax[] }>(documents: readonly T[]) =>
        documents.flatMap((document) => document.taxes.map((tax) => ({ document, tax })));
      const registered = made.invoices.filter((i) => i.buyerGstin);
      const writing = writeXlsxWorkbook({
        out,
        sheets: [
          xlsxSheet({
            sheetName: 'Reconciliation',
            columns: totalsColumns,
            rows: [
              { section: 'Invoices of the month', totals: r.invoices },
              { section: 'B2B (table 4)', totals: r.b2b },
              { section: 'B2CL (table 5)', totals: r.b2cl },
              { section: 'B2CS invoices (table 7)', totals: r.b2cs },
              { section: 'Credit notes of the month', totals: r.creditNotes },
              { section: 'Debit notes of the month', totals: r.debitNotes },
              { section: 'CDNR, debit less credit (table 9B)', totals: r.cdnr },
              { section: 'CDNUR, debit less credit (table 9B)', totals: r.cdnur },
              { section: 'Notes netted into B2CS', totals: r.b2csNotes },
              { section: 'SAC summary (table 12)', totals: r.hsn },
              {
                section: `Drafts numbered in the month, not in the return: ${made.drafts}`,
                totals: {
                  documents: made.drafts,
                  taxableValue: new Decimal(0),
                  igst: new Decimal(0),
                  cgst: new Decimal(0),
                  sgst: new Decimal(0),
                  value: new Decimal(0),
                },
              },
            ],
          }),
          xlsxSheet({
            sheetName: 'b2b',
            columns: [
              {
                key: 'gstin',
                header: 'GSTIN of recipient',
                kind: 'text',
                value: (x) => x.document.buyerGstin,
              },
              { key: 'name', header: 'Receiver name', kind: 'text', value: (x) => x.document.buyerName },
              { key: 'number', header: 'Invoice number', kind: 'text', value: (x) => x.document.number },
              { key: 'date', header: 'Invoice date', kind: 'date', value: (x) => x.document.date },
              { key: 'value', header: 'Invoice value', kind: 'money', value: (x) => x.document.value },
              { key: 'pos', header: 'Place of supply', kind: 'text', value: (x) => x.document.placeOfSupply },
              {
                key: 'rcm',
                header: 'Reverse charge',
                kind: 'text',
                value: (x) => (x.document.reverseCharge ? 'Y' : 'N'),
              },
              {
                key: 'type',
                header: 'Invoice type',
                kind: 'text',
                value: (x) => (x.document.zeroRated ? 'SEZ supplies without payment' : 'Regular'),
              },
              ...taxColumns<{ document: Gstr1Invoice; tax: Gstr1Tax }>((x) => x.tax),
            ],
            rows: perRate(registered),
          }),
          xlsxSheet({
            sheetName: 'b2c',
            columns: [
              { key: 'number', header: 'Invoice number', kind: 'text', value: (x) => x.document.number },
              { key: 'date', header: 'Invoice date', kind: 'date', value: (x) => x.document.date },
              { key: 'name', header: 'Receiver name', kind: 'text', value: (x) => x.document.buyerName },
              { key: 'value', header: 'Invoice value', kind: 'money', value: (x) => x.document.value },
              { key: 'pos', header: 'Place of supply', kind: 'text', value: (x) => x.document.placeOfSupply },
              {
                key: 'section',
                header: 'Section',
                kind: 'text',
                value: (x) =>
                  x.document.placeOfSupply !== x.document.supplierStateCode && x.document.value.gt(B2CL_LIMIT)
                    ? 'B2CL'
                    : 'B2CS',
              },
              ...taxColumns<{ document: Gstr1Invoice; tax: Gstr1Tax }>((x) => x.tax),
            ],
            rows: perRate(made.invoices.filter((i) => !i.buyerGstin)),
          }),
          xlsxSheet({
            sheetName: 'cdn',
            columns: [
              {
                key: 'gstin',
                header: 'GSTIN of recipient',
                kind: 'text',
                value: (x) => x.document.buyerGstin,
              },
              { key: 'name', header: 'Receiver name', kind: 'text', value: (x) => x.document.buyerName },
              { key: 'number', header: 'Note number', kind: 'text', value: (x) => x.document.number },
              { key: 'date', header: 'Note date', kind: 'date', value: (x) => x.document.date },
              {
                key: 'type',
                header: 'Note type',
                kind: 'text',
                value: (x) => (x.document.type === 'CREDIT' ? 'C' : 'D'),
              },
              { key: 'invoice', header: 'Invoice', kind: 'text', value: (x) => x.document.invoiceNumber },
              { key: 'value', header: 'Note value', kind: 'money', value: (x) => x.document.value },
              { key: 'pos', header: 'Place of supply', kind: 'text', value: (x) => x.document.placeOfSupply },
              ...taxColumns<{ document: Gstr1Note; tax: Gstr1Tax }>((x) => x.tax),
            ],
            rows: perRate(made.notes),
          }),
          xlsxSheet({
            sheetName: 'hsn',
            columns: [
              { key: 'table', header: 'Table', kind: 'text', value: (x) => x.table },
              { key: 'sac', header: 'HSN/SAC', kind: 'text', value: (x) => x.row.sac },
              { key: 'description', header: 'Description', kind: 'text', value: (x) => x.row.description },
              { key: 'rate', header: 'Rate %', kind: 'decimal', value: (x) => x.row.rate },
              { key: 'taxable', header: 'Taxable value', kind: 'money', value: (x) => x.row.taxableValue },
              { key: 'igst', header: 'IGST', kind: 'money', value: (x) => x.row.igst },
              { key: 'cgst', header: 'CGST', kind: 'money', value: (x) => x.row.cgst },
              { key: 'sgst', header: 'SGST', kind: 'money', value: (x) => x.row.sgst },
            ],
            rows: [
              ...made.gstr1.hsn.b2b.map((row) => ({ table: 'B2B', row })),
              ...made.gstr1.hsn.b2c.map((row) => ({ table: 'B2C', row })),
            ],
          }),
          xlsxSheet({
            sheetName: 'Sales register',
            columns: [
              { key: 'number', header: 'Invoice number', kind: 'text', value: (x) => x.invoice.number },
              { key: 'date', header: 'Invoice date', kind: 'date', value: (x) => x.invoice.date },
              { key: 'status', header: 'Status', kind: 'text', value: (x) => x.status },
              { key: 'name', header: 'Customer', kind: 'text', value: (x) => x.invoice.buyerName },
              { key: 'gstin', header: 'GSTIN', kind: 'text', value: (x) => x.invoice.buyerGstin },
              { key: 'pos', header: 'Place of supply', kind: 'text', value: (x) => x.invoice.placeOfSupply },
              {
                key: 'taxable',
                header: 'Taxable value',
                kind: 'money',
                value: (x) => sumTax(x.invoice, (t) => t.taxableValue),
              },
              { key: 'igst', header: 'IGST', kind: 'money', value: (x) => sumTax(x.invoice, (t) => t.igst) },
              { key: 'cgst', header: 'CGST', kind: 'money', value: (x) => sumTax(x.invoice, (t) => t.cgst) },
              { key: 'sgst', header: 'SGST', kind: 'money', value: (x) => sumTax(x.invoice, (t) => t.sgst) },
              { key: 'value', header: 'Invoice value', kind: 'money', value: (x) => x.invoice.value },
            ],
            rows: made.register,
          }),
        ],
      });
      writing.catch(() => undefined);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of out) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= EXPORT_CHUNK_BYTES) {
          yield { case: 'chunk', bytes: Buffer.concat(pending) };
          pending = [];
          pendingBytes = 0;
        }
      }
      await writing;
      if (pendingBytes > 0) yield { case: 'chunk', bytes: Buffer.concat(pending) };
    },
  };
}

const sumTax = (invoice: Gstr1Invoice, pick: (t: Gstr1Tax) => Decimal) =>
  invoice.taxes.reduce((sum, t) => sum.plus(pick(t)), new Decimal(0));

function isNoteTax(value: unknown): value is NoteTaxRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['kind', 'rate', 'taxableValue', 'amount'].every((key) => typeof Reflect.get(value, key) === 'string')
  );
}
