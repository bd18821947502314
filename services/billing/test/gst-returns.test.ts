// GSTR-1 from billing's own invoices and notes of a month, through its gRPC stream: the portal's JSON
// (B2B of a registered customer, the documents issued with a cancelled number, a credit note in CDNR)
// reconciling to the invoices, and the Excel workbook of its sections; permission and bad input.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-12-02T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
}, 60_000);
afterAll(() => h?.close());

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));

async function invoiceOn(date: string, rate: string, approve = true) {
  const { invoice } = await h.client.createInvoice(
    {
      draft: {
        customerId: m.customer,
        invoiceDate: date,
        lines: [
          {
            type: 'CUSTOM',
            description: 'Outstation duty',
            quantity: '1',
            rate,
            isTaxable: true,
            sacCode: '9966',
          },
        ],
      },
    },
    staff(),
  );
  return approve ? (await h.client.approveInvoice({ id: invoice!.id }, staff())).invoice! : invoice!;
}

async function exported(format: string, month = '2026-11', caller = staff()) {
  let header: { fileName: string; totalRows: bigint } | undefined;
  const chunks: Uint8Array[] = [];
  for await (const message of h.client.exportGstr1({ companyId: m.company, month, format }, caller)) {
    if (message.part.case === 'header') header = message.part.value;
    else if (message.part.case === 'chunk') chunks.push(message.part.value);
  }
  return { header: header!, bytes: Buffer.concat(chunks) };
}

it('files the month’s invoices and notes as the portal’s JSON, reconciled to them', async () => {
  const first = await invoiceOn('2026-11-05', '10000'); // 10,500: CGST 250 + SGST 250
  const second = await invoiceOn('2026-11-20', '2000'); // 2,100
  const wrong = await invoiceOn('2026-11-21', '999');
  await h.client.cancelInvoice({ id: wrong.id, reason: 'Billed to the wrong customer' }, staff());
  await invoiceOn('2026-11-28', '500', false); // a draft: not in the return
  await invoiceOn('2026-12-01', '7000'); // next month's
  await h.client.createNote(
    {
      type: 'CREDIT',
      invoiceId: first.id,
      taxableAmount: '1000',
      reason: 'Waiting charged twice',
      noteDate: '2026-11-30',
    },
    staff(),
  );

  const { header, bytes } = await exported('JSON');
  expect([header.fileName, header.totalRows]).toEqual(['GSTR1-27AABCK1234E1Z1-2026-11.json', 3n]);
  const gstr1 = JSON.parse(bytes.toString());
  expect([gstr1.gstin, gstr1.fp]).toEqual(['27AABCK1234E1Z1', '112026']);
  const invoices = gstr1.b2b.flatMap((g: { ctin: string; inv: unknown[] }) => g.inv);
  expect(invoices.map((i: { inum: string; val: number }) => [i.inum, i.val])).toEqual([
    [first.invoiceNo, 10500],
    [second.invoiceNo, 2100],
  ]);
  expect(gstr1.b2b[0].ctin).toBe('27AAACH7409R1Z1');
  expect(invoices[0].itms[0].itm_det).toEqual({
    txval: 10000,
    rt: 5,
    iamt: 0,
    camt: 250,
    samt: 250,
    csamt: 0,
  });
  expect(gstr1.cdnr[0].nt).toEqual([
    expect.objectContaining({
      ntty: 'C',
      val: 1050,
      itms: [{ num: 1, itm_det: { txval: 1000, rt: 5, iamt: 0, camt: 25, samt: 25, csamt: 0 } }],
    }),
  ]);
  // The SAC summary nets the credit note: 10,000 + 2,000 − 1,000.
  expect(gstr1.hsn.hsn_b2b).toEqual([
    expect.objectContaining({ hsn_sc: '9966', rt: 5, txval: 11000, camt: 275, samt: 275 }),
  ]);
  const [invoiceDocs] = gstr1.doc_issue.doc_det;
  expect(invoiceDocs.docs).toEqual([
    { num: 1, from: first.invoiceNo, to: wrong.invoiceNo, totnum: 3, cancel: 1, net_issue: 2 },
  ]);
});

it('writes the same return as a workbook of its sections with the sales register and the reconciliation', async () => {
  const { header, bytes } = await exported('xlsx');
  expect(header.fileName).toBe('GSTR1-27AABCK1234E1Z1-2026-11.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([bytes]));
  expect(workbook.worksheets.map((w) => w.name)).toEqual([
    'Reconciliation',
    'b2b',
    'b2c',
    'cdn',
    'hsn',
    'Sales register',
  ]);
  const reconciliation = workbook.getWorksheet('Reconciliation')!;
  const row = (label: string) => {
    let found: (string | number)[] = [];
    reconciliation.eachRow((r) => {
      const values = (r.values as (string | number)[]).slice(1);
      if (values[0] === label) found = values;
    });
    return found;
  };
  expect(row('Invoices of the month').slice(1, 3)).toEqual([2, 12000]);
  expect(row('B2B (table 4)').slice(1, 3)).toEqual([2, 12000]);
  expect(row('SAC summary (table 12)')[2]).toBe(11000);
  expect(row('Drafts numbered in the month, not in the return: 1')[1]).toBe(1);
  const register = workbook.getWorksheet('Sales register')!;
  expect(register.rowCount).toBe(1 + 4);
  expect(new Decimal(String(workbook.getWorksheet('b2b')!.getCell('E2').value)).toFixed(2)).toBe('10500.00');
});

it('refuses a bad month or format, and a person without the export permission', async () => {
  const refused = async (call: Promise<unknown>) =>
    (await expectDomainError(call)).fieldViolations.map((v) => v.field);
  expect(await refused(exported('JSON', '2026-13'))).toEqual(['month']);
  expect(await refused(exported('PDF'))).toEqual(['format']);
  const denied = await expectDomainError(
    exported(
      'JSON',
      '2026-11',
      callAs(
        h.callerFor(
          T,
          Object.values(PERMISSION).filter((p) => p !== PERMISSION.export_invoice),
        ),
      ),
    ),
  );
  expect(denied.code).toBe('PERMISSION_DENIED');
});
