// Receipts and credit/debit notes exported as CSV or Excel through billing's ExportRecords, and a note
// printed as a PDF, on a real PostgreSQL: each export with its list's filters and amounts to the paisa,
// each guarded by its own permission (export_receipt, export_credit_debit_note,
// download_print_credit_debit_note).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import type { ExportRecordsRequestSchema } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import type { Invoice } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import { expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import ExcelJS from 'exceljs';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let invoice: Invoice;
let creditNoteId: string;

const all = Object.values(PERMISSION);
const staff = (permissions: string[] = all) => callAs(h.callerFor(T, permissions));
const without = (permission: string) => all.filter((p) => p !== permission);

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  const { invoice: draft } = await h.client.createInvoice(
    {
      draft: {
        customerId: m.customer,
        invoiceDate: '2026-11-02',
        lines: [
          { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '10000', isTaxable: true },
        ],
      },
    },
    staff(),
  );
  invoice = (await h.client.approveInvoice({ id: draft!.id }, staff())).invoice!;
  await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '4000.50',
      receiptDate: '2026-11-10',
      paymentMode: 'NEFT',
      reference: 'UTR0042',
      settlements: [{ invoiceId: invoice.id, amount: '4000.50', tdsAmount: '200' }],
    },
    staff(),
  );
  await h.client.createReceipt(
    {
      type: 'ON_ACCOUNT',
      customerId: m.customer,
      receivedAmount: '999.99',
      receiptDate: '2026-11-20',
      paymentMode: 'CASH',
      settlements: [],
    },
    staff(),
  );
  const { note } = await h.client.createNote(
    { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '1000', reason: 'Waiting charged twice' },
    staff(),
  );
  creditNoteId = note!.id;
  await h.client.createNote(
    { type: 'DEBIT', invoiceId: invoice.id, taxableAmount: '200', reason: 'Toll left out' },
    staff(),
  );
}, 120_000);
afterAll(() => h?.close());

/** The stream read whole: its header and the file's bytes. */
async function exported(
  request: MessageInitShape<typeof ExportRecordsRequestSchema>,
  permissions?: string[],
) {
  let header: { totalRows: bigint; fileName: string; contentType: string } | undefined;
  const chunks: Uint8Array[] = [];
  for await (const message of h.client.exportRecords(request, staff(permissions))) {
    if (message.part.case === 'header') header = message.part.value;
    else if (message.part.case === 'chunk') chunks.push(message.part.value);
  }
  return { header: header!, file: Buffer.concat(chunks) };
}

const csvLines = (file: Buffer) =>
  file
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

describe('exporting receipts', () => {
  it('writes each receipt with its customer, how it was paid and what it settled, to the paisa', async () => {
    const { header, file } = await exported({
      kind: 'RECEIPTS',
      format: 'CSV',
      columns: [
        'receipt_no',
        'receipt_date',
        'receipt_type',
        'customer_name',
        'payment_mode',
        'received_amount',
        'adjusted_amount',
        'tds_amount',
      ],
    });
    expect(header.totalRows).toBe(2n);
    expect(header.fileName).toMatch(/^receipts_.*\.csv$/);
    expect(csvLines(file)).toEqual([
      'Receipt no.,Receipt date,Receipt type,Customer,Payment mode,Received (₹),Adjusted (₹),TDS (₹)',
      'RCT/26-27/0001,2026-11-10,INVOICE,Harbour Logistics,NEFT,4000.50,4000.50,200.00',
      'RCT/26-27/0002,2026-11-20,ON_ACCOUNT,Harbour Logistics,CASH,999.99,0.00,0.00',
    ]);
  });

  it('keeps to the list’s filters, and writes Excel too', async () => {
    const { header, file } = await exported({
      kind: 'RECEIPTS',
      format: 'XLSX',
      columns: ['receipt_no', 'received_amount'],
      receiptFilters: { types: ['ON_ACCOUNT'], dateFrom: '2026-11-15' },
    });
    expect(header.totalRows).toBe(1n);
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from([file]));
    const sheet = book.worksheets[0]!;
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(2).getCell(2).value]).toEqual([
      'RCT/26-27/0002',
      999.99,
    ]);
  });

  it('refuses without export_receipt, and a filter that is not one, naming the field', async () => {
    const denied = await expectDomainError(
      exported({ kind: 'RECEIPTS', format: 'CSV' }, without(PERMISSION.export_receipt)),
    );
    expect(denied.code).toBe('PERMISSION_DENIED');
    const bad = await expectDomainError(
      exported({ kind: 'RECEIPTS', format: 'CSV', receiptFilters: { types: ['REFUND'] } }),
    );
    expect([bad.code, bad.fieldViolations.map((v) => v.field)]).toEqual(['INVALID_ARGUMENT', ['types']]);
  });
});

describe('exporting credit and debit notes', () => {
  it('writes each note with its invoice, its reason and its amounts to the paisa', async () => {
    const { header, file } = await exported({
      kind: 'CREDIT_DEBIT_NOTES',
      format: 'CSV',
      columns: [
        'note_no',
        'note_type',
        'note_date',
        'invoice_no',
        'customer_name',
        'reason',
        'taxable_value',
        'tax',
        'total',
      ],
    });
    expect(header.totalRows).toBe(2n);
    expect(header.fileName).toMatch(/^credit-and-debit-notes_.*\.csv$/);
    expect(csvLines(file)).toEqual([
      'Note no.,Type,Note date,Invoice no.,Customer,Reason,Taxable value (₹),Tax (₹),Total (₹)',
      `CN/26-27/0001,CREDIT,2026-11-24,${invoice.invoiceNo},Harbour Logistics Pvt Ltd,Waiting charged twice,1000.00,50.00,1050.00`,
      `DN/26-27/0001,DEBIT,2026-11-24,${invoice.invoiceNo},Harbour Logistics Pvt Ltd,Toll left out,200.00,10.00,210.00`,
    ]);
  });

  it('keeps to the list’s filters', async () => {
    const { header, file } = await exported({
      kind: 'CREDIT_DEBIT_NOTES',
      format: 'CSV',
      columns: ['note_no', 'total'],
      noteFilters: { types: ['DEBIT'] },
    });
    expect(header.totalRows).toBe(1n);
    expect(csvLines(file)).toEqual(['Note no.,Total (₹)', 'DN/26-27/0001,210.00']);
  });

  it('refuses without export_credit_debit_note', async () => {
    const denied = await expectDomainError(
      exported({ kind: 'CREDIT_DEBIT_NOTES', format: 'CSV' }, without(PERMISSION.export_credit_debit_note)),
    );
    expect(denied.code).toBe('PERMISSION_DENIED');
  });
});

describe('printing a note', () => {
  it('prints the note under its invoice’s seller, to its buyer, with its GST and total in words', async () => {
    const { pdf, fileName } = await h.client.renderNote({ id: creditNoteId }, staff());
    expect(fileName).toBe('credit-note-CN-26-27-0001.pdf');
    const text = (await readPdf(pdf)).pages.map((p) => p.text).join('\n');
    for (const expected of [
      'Credit note',
      'CN/26-27/0001',
      invoice.invoiceNo,
      'Harbour Logistics Pvt Ltd',
      'Waiting charged twice',
      'CGST',
      'SGST',
      '1,050.00',
      'Rupees One Thousand Fifty Only',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses without download_print_credit_debit_note, and another operator’s note is not found', async () => {
    const denied = await expectDomainError(
      h.client.renderNote({ id: creditNoteId }, staff(without(PERMISSION.download_print_credit_debit_note))),
    );
    expect(denied.code).toBe('PERMISSION_DENIED');
    const elsewhere = await expectDomainError(
      h.client.renderNote({ id: creditNoteId }, callAs(h.callerFor(randomUUID(), all))),
    );
    expect(elsewhere.code).toBe('NOT_FOUND');
  });
});
