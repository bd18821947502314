// Export profiles and the streamed exports through billing's gRPC routes, on real PostgreSQL and
// JetStream with masters and bookings beside it: duties closed in bookings are invoiced, then exported
// as CSV and Excel with a profile's columns, the row count first and the amounts exact.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { callAs, requireTenant } from '@fleet/platform';
import type { ExportRecordsRequestSchema } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import type { Invoice } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import type { PurchaseInvoice } from '@fleet/proto/fleet/billing/v1/purchase_invoice_pb';
import { expectDomainError } from '@fleet/testing';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createRecordExports } from '../src/use-cases/record-exports';
import {
  type BillingHarness,
  bootBilling,
  closedDuty,
  type OperatorMasters,
  operatorMasters,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let invoices: Invoice[];
let dutyIds: string[];
/** A supplier's two invoices: the first over two of its duties and approved, the second over one. */
let purchases: PurchaseInvoice[];

const staff = (permissions: string[] = Object.values(PERMISSION)) => callAs(h.callerFor(T, permissions));

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  dutyIds = [
    await closedDuty(h, T, m, '2026-11-18'),
    await closedDuty(h, T, m, '2026-11-19'),
    await closedDuty(h, T, m, '2026-11-20'),
  ];
  const two = await h.client.createInvoice(
    { draft: { customerId: m.customer, bookingIds: dutyIds.slice(0, 2) } },
    staff(),
  );
  const one = await h.client.createInvoice(
    { draft: { customerId: m.customer, bookingIds: [dutyIds[2]!] } },
    staff(),
  );
  invoices = [two.invoice!, one.invoice!];
  purchases = await supplierInvoices();
}, 120_000);

/** Rao Cabs' three closed duties, written into billing's read model, invoiced to us as two invoices. */
async function supplierInvoices(): Promise<PurchaseInvoice[]> {
  const rao = await m.create('supplier', { name: 'Rao Cabs', supplier_type: 'DCO', tds_percentage: '1.5' });
  const ran = [1, 2, 3].map(() => randomUUID());
  for (const [i, id] of ran.entries()) {
    const amount = ['1800.00', '2250.50', '999.99'][i]!;
    await h.database.db.asOwner((tx) =>
      tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
          customer_name, from_city_id, start_date, vehicle_no, driver_name, billing_items, supplier_id,
          supplier_name, purchase_charges, purchase_amount, purchase_slip_status)
        values (${id}, ${T}, ${9100 + i}, 1, 'CLOSED', ${m.customer}, 'Harbour Logistics', 'mh-pune',
          ${`2026-11-1${i}`}, 'KA01AB1234', 'Manju', '[]'::jsonb, ${rao}, 'Rao Cabs',
          ${JSON.stringify({ total: amount, lines: [{ label: 'Base', amount }] })}::jsonb, ${amount}, 'ACCEPTED')`),
    );
  }
  const record = async (supplierInvoiceNo: string, bookingIds: string[]) =>
    (
      await h.client.createPurchaseInvoice(
        {
          draft: {
            supplierId: rao,
            supplierInvoiceNo,
            supplierInvoiceDate: '2026-11-20',
            receivedDate: '2026-11-22',
            duties: bookingIds.map((bookingId) => ({ bookingId })),
          },
        },
        staff(),
      )
    ).purchaseInvoice!;
  const first = await record('RAO/77', ran.slice(0, 2));
  const approved = (await h.client.approvePurchaseInvoice({ id: first.id }, staff())).purchaseInvoice!;
  return [approved, await record('RAO/78', ran.slice(2))];
}
afterAll(() => h?.close());

/** The stream read whole: its header and the file's bytes. */
async function exported(
  request: MessageInitShape<typeof ExportRecordsRequestSchema>,
  permissions?: string[],
) {
  let header: { totalRows: bigint; fileName: string; contentType: string } | undefined;
  const chunks: Uint8Array[] = [];
  let first = true;
  for await (const message of h.client.exportRecords(request, staff(permissions))) {
    if (message.part.case === 'header') {
      expect(first).toBe(true);
      header = message.part.value;
    } else if (message.part.case === 'chunk') {
      chunks.push(message.part.value);
    }
    first = false;
  }
  return { header: header!, file: Buffer.concat(chunks) };
}

const csvLines = (file: Buffer) =>
  file
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
const sum = (values: string[]) => values.reduce((total, v) => total.plus(v), new Decimal(0)).toFixed(2);

describe('export profiles', () => {
  it('are saved per kind with columns of its catalogue, one default per kind, names unique', async () => {
    const first = await h.client.saveExportProfile(
      { kind: 'INVOICES', name: 'Accounts', columns: ['invoice_no', 'total'], isDefault: true },
      staff(),
    );
    const second = await h.client.saveExportProfile(
      {
        kind: 'INVOICES',
        name: 'GST return',
        columns: ['invoice_no', 'buyer_gst_no', 'taxable_value', 'tax'],
        isDefault: true,
      },
      staff(),
    );
    const { profiles } = await h.client.listExportProfiles({ kind: 'INVOICES' }, staff());
    expect(profiles.map((p) => [p.name, p.isDefault])).toEqual([
      ['Accounts', false],
      ['GST return', true],
    ]);
    expect((await h.client.listExportProfiles({ kind: 'DUTIES' }, staff())).profiles).toEqual([]);

    const taken = await expectDomainError(
      h.client.saveExportProfile({ kind: 'INVOICES', name: 'Accounts', columns: ['total'] }, staff()),
    );
    expect(taken).toMatchObject({ code: 'CONFLICT', reason: 'EXPORT_PROFILE_NAME_TAKEN' });
    const unknown = await expectDomainError(
      h.client.saveExportProfile({ kind: 'INVOICES', name: 'Fleet', columns: ['vehicle_no'] }, staff()),
    );
    expect(unknown.fieldViolations).toEqual([
      { field: 'columns', message: '“vehicle_no” is not a column of invoices.' },
    ]);

    await h.client.deleteExportProfile({ id: first.profile!.id }, staff());
    await h.client.deleteExportProfile({ id: second.profile!.id }, staff());
    expect((await h.client.listExportProfiles({ kind: 'INVOICES' }, staff())).profiles).toEqual([]);
  });

  it('are seen and changed with their kind’s permissions', async () => {
    const viewOnly = [PERMISSION.view_invoice_export_profile];
    await h.client.listExportProfiles({ kind: 'INVOICE_DUTIES' }, staff(viewOnly));
    expect(
      (await expectDomainError(h.client.listExportProfiles({ kind: 'DUTIES' }, staff(viewOnly)))).code,
    ).toBe('PERMISSION_DENIED');
    expect(
      (
        await expectDomainError(
          h.client.saveExportProfile({ kind: 'INVOICES', name: 'Mine', columns: ['total'] }, staff(viewOnly)),
        )
      ).code,
    ).toBe('PERMISSION_DENIED');
  });
});

describe('exporting invoices', () => {
  const columns = ['invoice_no', 'invoice_date', 'buyer_name', 'duty_count', 'taxable_value', 'tax', 'total'];
  let profileId: string;
  beforeAll(async () => {
    const saved = await h.client.saveExportProfile({ kind: 'INVOICES', name: 'Month end', columns }, staff());
    profileId = saved.profile!.id;
  });

  it('writes a CSV of the profile’s columns, the row count first, the totals exactly as invoiced', async () => {
    const { header, file } = await exported({ kind: 'INVOICES', format: 'CSV', profileId });
    expect(header).toMatchObject({
      totalRows: 2n,
      fileName: 'invoices_all.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    const [head, ...body] = csvLines(file);
    expect(head).toBe('Invoice no.,Invoice date,Customer,Duties,Taxable value (₹),Tax (₹),Total (₹)');
    expect(body).toEqual(
      invoices.map(
        (i) =>
          `${i.invoiceNo},2026-11-24,Harbour Logistics Pvt Ltd,${i.bookingIds.length},${i.totals!.taxableValue},${i.totals!.tax},${i.totals!.total}`,
      ),
    );
    expect(body[0]).toBe('KC/26-27/0001,2026-11-24,Harbour Logistics Pvt Ltd,2,5159.00,257.96,5417.00');
    expect(sum(body.map((line) => line.split(',').at(-1)!))).toBe(sum(invoices.map((i) => i.totals!.total)));
  });

  it('writes the same rows as an Excel workbook, amounts as numbers', async () => {
    const { header, file } = await exported({
      kind: 'INVOICES',
      format: 'XLSX',
      profileId,
      invoiceFilters: { dateFrom: '2026-11-01', dateTo: '2026-11-30' },
    });
    expect(header.fileName).toBe('invoices_2026-11-01_2026-11-30.xlsx');
    expect(header.totalRows).toBe(2n);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file]));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Invoices');
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(values[0]).toEqual([
      'Invoice no.',
      'Invoice date',
      'Customer',
      'Duties',
      'Taxable value (₹)',
      'Tax (₹)',
      'Total (₹)',
    ]);
    expect(values.slice(1).map((row) => (Array.isArray(row) ? [row[0], row[3], row[6]] : row))).toEqual(
      invoices.map((i) => [i.invoiceNo, i.bookingIds.length, Number(i.totals!.total)]),
    );
  });

  it('keeps to the list’s filters, and counts what it writes', async () => {
    const { header, file } = await exported({
      kind: 'INVOICES',
      format: 'CSV',
      columns: ['invoice_no'],
      invoiceFilters: { search: invoices[1]!.invoiceNo },
    });
    expect(header.totalRows).toBe(1n);
    expect(csvLines(file)).toEqual(['Invoice no.', invoices[1]!.invoiceNo]);
  });

  it('writes a row per duty of each invoice, priced by its invoice’s lines, its tax share at its rate', async () => {
    const { header, file } = await exported({
      kind: 'INVOICE_DUTIES',
      format: 'CSV',
      columns: [
        'invoice_no',
        'booking_no',
        'duty_date',
        'vehicle_no',
        'car_hire',
        'taxable',
        'tax_rate',
        'tax_share',
      ],
    });
    expect(header.totalRows).toBe(3n);
    const [, ...body] = csvLines(file);
    expect(body.map((line) => line.split(',').slice(0, 7))).toEqual([
      [invoices[0]!.invoiceNo, expect.any(String), '2026-11-18', 'MH12AB1001', '2579.50', '2579.50', '5'],
      [invoices[0]!.invoiceNo, expect.any(String), '2026-11-19', 'MH12AB1001', '2579.50', '2579.50', '5'],
      [invoices[1]!.invoiceNo, expect.any(String), '2026-11-20', 'MH12AB1001', '2579.50', '2579.50', '5'],
    ]);
    // 5% of ₹2,579.50 is ₹128.975, written to the paisa; the invoice rounds its tax once per tax line.
    expect(body.map((line) => line.split(',')[7])).toEqual(['128.98', '128.98', '128.98']);
  });

  it('refuses without export_invoice, an unknown column, and kinds not exportable yet', async () => {
    const withoutExport = Object.values(PERMISSION).filter((p) => p !== PERMISSION.export_invoice);
    expect((await expectDomainError(exported({ kind: 'INVOICES', format: 'CSV' }, withoutExport))).code).toBe(
      'PERMISSION_DENIED',
    );
    const unknown = await expectDomainError(
      exported({ kind: 'INVOICES', format: 'CSV', columns: ['vehicle_no'] }),
    );
    expect(unknown).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(unknown.fieldViolations[0]?.field).toBe('columns');
    const reversed = await expectDomainError(
      exported({
        kind: 'INVOICES',
        format: 'CSV',
        invoiceFilters: { dateFrom: '2026-11-30', dateTo: '2026-11-01' },
      }),
    );
    expect(reversed).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(reversed.fieldViolations[0]?.field).toBe('dateTo');
    const channel = await expectDomainError(exported({ kind: 'CHANNEL_DUTIES', format: 'XLSX' }));
    expect(channel.message).toMatch(/channel integration/);
  });
});

describe('exporting duties', () => {
  it('writes the closed duties with their charges and invoice number, by date', async () => {
    const { header, file } = await exported({
      kind: 'DUTIES',
      format: 'CSV',
      dutyFilters: { dateFrom: '2026-11-19' },
    });
    expect(header.totalRows).toBe(2n);
    expect(header.fileName).toBe('duties_from_2026-11-19.csv');
    const [head, ...body] = csvLines(file);
    expect(head).toBe(
      'Duty no.,Duty date,Customer,Vehicle,Car hire (₹),Billing items (₹),Duty total (₹),Invoice no.',
    );
    expect(body.map((line) => line.split(',').slice(1))).toEqual([
      ['2026-11-19', 'Harbour Logistics', 'MH12AB1001', '2579.50', '0.00', '2579.50', invoices[0]!.invoiceNo],
      ['2026-11-20', 'Harbour Logistics', 'MH12AB1001', '2579.50', '0.00', '2579.50', invoices[1]!.invoiceNo],
    ]);
    expect(dutyIds).toHaveLength(3);
  });
});

describe('exporting purchase invoices', () => {
  it('writes each supplier invoice with its duties and figures, to the paisa, within the list’s filters', async () => {
    const { header, file } = await exported({ kind: 'PURCHASE_INVOICES', format: 'CSV' });
    expect(header.totalRows).toBe(2n);
    expect(header.fileName).toBe('purchase-invoices_all.csv');
    const [head, ...body] = csvLines(file);
    expect(head).toBe(
      'Purchase invoice no.,Supplier’s invoice no.,Invoice date,Supplier,Supplier GSTIN,Status,Duties,' +
        'Taxable value (₹),Tax (₹),Total (₹),TDS (₹),Payable (₹),Paid (₹),Balance (₹)',
    );
    const [approved, draft] = purchases;
    expect(body).toEqual([
      // 1,800.00 + 2,250.50, no tax, the total rounded to the rupee; TDS 1.5% of the taxable 4,050.50 is
      // 60.76, rounded once to the rupee: 61; payable is the total less the TDS.
      `${approved!.purchaseNo},RAO/77,2026-11-20,Rao Cabs,,APPROVED,2,4050.50,0.00,4051.00,61.00,3990.00,0.00,3990.00`,
      `${draft!.purchaseNo},RAO/78,2026-11-20,Rao Cabs,,DRAFT,1,999.99,0.00,1000.00,15.00,985.00,0.00,985.00`,
    ]);
    expect(body.map((line) => line.split(',')[11])).toEqual([approved!.payable, draft!.payable]);

    const onlyApproved = await exported({
      kind: 'PURCHASE_INVOICES',
      format: 'CSV',
      purchaseInvoiceFilters: { statuses: ['APPROVED'], search: 'rao/7' },
    });
    expect(onlyApproved.header.totalRows).toBe(1n);
    expect(
      csvLines(onlyApproved.file)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual([approved!.purchaseNo]);
  });

  it('refuses without export_purchase, and a filter that is not one with the field named', async () => {
    const withoutExport = Object.values(PERMISSION).filter((p) => p !== PERMISSION.export_purchase);
    const refused = await expectDomainError(
      exported({ kind: 'PURCHASE_INVOICES', format: 'CSV' }, withoutExport),
    );
    expect(refused.code).toBe('PERMISSION_DENIED');
    const bad = await expectDomainError(
      exported({ kind: 'PURCHASE_INVOICES', format: 'CSV', purchaseInvoiceFilters: { statuses: ['PAID'] } }),
    );
    expect(bad).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(bad.fieldViolations[0]?.field).toBe('statuses');
  });
});

describe('the keyset walk', () => {
  it.each([1, 2])('writes the same file reading %i row(s) per query as in one page', async (pageRows) => {
    const paged = createRecordExports({ db: h.database.db, pageRows });
    const caller = requireTenant(h.callerFor(T));
    for (const kind of ['INVOICES', 'INVOICE_DUTIES', 'DUTIES', 'PURCHASE_INVOICES']) {
      const chunks: Uint8Array[] = [];
      for await (const part of paged.export(caller, { kind, format: 'CSV' })) {
        if (part.case === 'chunk') chunks.push(part.bytes);
      }
      const whole = await exported({ kind, format: 'CSV' });
      expect(Buffer.concat(chunks).toString('utf8')).toBe(whole.file.toString('utf8'));
      expect(csvLines(whole.file)).toHaveLength(Number(whole.header.totalRows) + 1);
    }
  });
});
