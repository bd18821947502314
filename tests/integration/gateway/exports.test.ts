// Exports over HTTP: GET /api/exports/{kind}.{csv|xlsx} streams billing's file behind the gateway, the
// row count first as X-Export-Rows; export profiles through their procedures.
import { randomUUID } from 'node:crypto';
import type { PermissionId } from '@fleet/domain';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let ownerToken: string;
let clerkToken: string;
let customerId: string;
const invoiceNos: string[] = [];
const totals: string[] = [];

// Invoices are dated within the business's bounds (from the start of last financial year to a few days
// ahead), so the test's dates follow the calendar rather than a fixed day that would one day fall out.
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const INVOICED_ON = daysFromToday(-10);
const PERIOD = { from: daysFromToday(-15), to: daysFromToday(-5) };
const EARLIER = daysFromToday(-40);

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Export Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  await owner.masters.business_settings.save.mutate({
    values: { business_name: 'Export Cabs', rent_a_cab_gst: 'GST_5_NO_ITC' },
  });
  const company = await owner.masters.company.create.mutate({
    values: {
      name: 'Export Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      city_id: 'mh-pune',
      address: '12 FC Road, Pune',
      pincode: '411004',
      is_primary: true,
    },
  });
  await owner.masters.company_profile.create.mutate({
    values: {
      name: 'Invoices',
      company_id: company.id,
      invoice_title: 'Tax Invoice',
      invoice_prefix: 'EX/{FY}/',
    },
  });
  const customer = await owner.masters.customer.create.mutate({
    values: {
      name: 'Harbour Logistics',
      tax_type: 'GSTIN',
      billing_details: [
        {
          billing_name: 'Harbour Logistics, Mumbai',
          gst_no: '27AAACH7409R1Z1',
          address: 'Andheri East, Mumbai',
          state_id: 'MH',
          is_default: true,
        },
      ],
    },
  });
  customerId = customer.id;
  for (const rate of ['1500', '2250.50']) {
    const invoice = await owner.invoice.create.mutate({
      customerId: customer.id,
      invoiceDate: INVOICED_ON,
      lines: [
        {
          type: 'CUSTOM',
          description: 'Airport transfer',
          sacCode: '9966',
          quantity: '1',
          rate,
          isTaxable: true,
        },
      ],
    });
    invoiceNos.push(invoice.invoiceNo);
    totals.push(invoice.totals.total.toFixed(2));
  }
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Viewer',
    permissions: ['view_invoice'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Vee Viewer', phone, permissionProfileId: profile.id });
  ({ token: clerkToken } = await h.signIn(phone));
}, 120_000);
afterAll(() => h?.close());

const exportUrl = (path: string) => `${h.baseUrl}/api/exports/${path}`;

it('streams the invoices as CSV with the row count first and the file named by its period', async () => {
  const answer = await fetch(
    exportUrl(
      `invoices.csv?columns=invoice_no,invoice_date,buyer_name,total&dateFrom=${PERIOD.from}&dateTo=${PERIOD.to}`,
    ),
    { headers: bearer(ownerToken) },
  );
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(answer.headers.get('x-export-rows')).toBe('2');
  expect(answer.headers.get('content-disposition')).toBe(
    `attachment; filename*=UTF-8''invoices_${PERIOD.from}_${PERIOD.to}.csv`,
  );
  const text = (await answer.text()).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')).toEqual([
    'Invoice no.,Invoice date,Customer,Total (₹)',
    `${invoiceNos[0]},${INVOICED_ON},"Harbour Logistics, Mumbai",${totals[0]}`,
    `${invoiceNos[1]},${INVOICED_ON},"Harbour Logistics, Mumbai",${totals[1]}`,
    '',
  ]);
  expect(totals).toEqual(['1575.00', '2363.00']);
});

it('exports with a saved profile, and refuses to change profiles without the kind’s permission', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const profile = await owner.exportProfile.save.mutate({
    kind: 'INVOICES',
    name: 'Numbers only',
    columns: ['invoice_no', 'total'],
  });
  expect((await owner.exportProfile.list.query({ kind: 'INVOICES' })).map((p) => p.name)).toEqual([
    'Numbers only',
  ]);
  const answer = await fetch(exportUrl(`invoices.xlsx?profileId=${profile.id}`), {
    headers: bearer(ownerToken),
  });
  expect([answer.status, answer.headers.get('x-export-rows')]).toEqual([200, '2']);
  expect(
    Buffer.from(await answer.arrayBuffer())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  const clerk = h.client(() => bearer(clerkToken));
  await expect(clerk.exportProfile.list.query({ kind: 'INVOICES' })).rejects.toMatchObject({
    data: { code: 'FORBIDDEN' },
  });
});

it('refuses someone without export_invoice, an unknown column, a kind not exportable yet, and no session; exports suppliers’ invoices', async () => {
  const forbidden = await fetch(exportUrl('invoices.csv'), { headers: bearer(clerkToken) });
  expect(forbidden.status).toBe(403);
  expect(forbidden.headers.get('x-export-rows')).toBeNull();
  expect(JSON.stringify(await forbidden.json())).toContain('Export Invoices');

  const unknown = await fetch(exportUrl('invoices.csv?columns=invoice_no,vehicle_no'), {
    headers: bearer(ownerToken),
  });
  expect(unknown.status).toBe(400);
  expect(JSON.stringify(await unknown.json())).toContain('“vehicle_no” is not a column of invoices.');

  const channel = await fetch(exportUrl('channel-duties.csv'), { headers: bearer(ownerToken) });
  expect(channel.status).toBe(412);
  // Suppliers' invoices export with their list's filters; a filter that is not one is named.
  const purchases = await fetch(
    exportUrl(`purchase-invoices.csv?supplierIds=${randomUUID()}&statuses=APPROVED&includeCancelled=true`),
    { headers: bearer(ownerToken) },
  );
  expect(purchases.status).toBe(200);
  expect(purchases.headers.get('x-export-rows')).toBe('0');
  expect((await purchases.text()).replace(/^\uFEFF/, '')).toMatch(/^Purchase invoice no\.,/);
  const badSupplier = await fetch(exportUrl('purchase-invoices.csv?supplierIds=not-an-id'), {
    headers: bearer(ownerToken),
  });
  expect(badSupplier.status).toBe(400);
  expect(JSON.stringify(await badSupplier.json())).toContain('supplierIds');
  expect((await fetch(exportUrl('invoices.pdf'), { headers: bearer(ownerToken) })).status).toBe(400);
  expect((await fetch(exportUrl('invoices.csv'))).status).toBe(401);
});

it('exports receipts and notes and prints a note, each for whoever holds its own permission', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const draft = await owner.invoice.create.mutate({
    customerId,
    invoiceDate: EARLIER,
    lines: [{ type: 'CUSTOM', description: 'Outstation', quantity: '1', rate: '4000', isTaxable: true }],
  });
  const invoice = await owner.invoice.approve.mutate({ id: draft.id });
  const receipt = await owner.receipt.create.mutate({
    type: 'INVOICE',
    customerId,
    receivedAmount: '1000',
    paymentMode: 'NEFT',
    settlements: [{ invoiceId: invoice.id, amount: '1000' }],
  });
  const note = await owner.note.create.mutate({
    type: 'CREDIT',
    invoiceId: invoice.id,
    taxableAmount: '100',
    reason: 'Late arrival',
  });
  const holding = async (permissions: PermissionId[]) => {
    const profile = await owner.permissionProfile.create.mutate({ name: permissions.join(' '), permissions });
    const phone = freshPhone();
    await owner.employee.create.mutate({ name: 'Rae Reader', phone, permissionProfileId: profile.id });
    return (await h.signIn(phone)).token;
  };
  const reader = await holding(['view_receipt', 'view_credit_debit_note']);
  const exporter = await holding([
    'export_receipt',
    'export_credit_debit_note',
    'download_print_credit_debit_note',
  ]);

  const receipts = (token: string) =>
    fetch(exportUrl('receipts.csv?columns=receipt_no,received_amount&types=INVOICE'), {
      headers: bearer(token),
    });
  const notes = (token: string) =>
    fetch(exportUrl('notes.csv?columns=note_no,total&types=CREDIT'), { headers: bearer(token) });
  const notePdf = (token: string) =>
    fetch(`${h.baseUrl}/api/notes/${note.id}.pdf`, { headers: bearer(token) });
  for (const refused of [await receipts(reader), await notes(reader), await notePdf(reader)]) {
    expect(refused.status).toBe(403);
  }
  const receiptFile = await receipts(exporter);
  expect([receiptFile.status, receiptFile.headers.get('x-export-rows')]).toEqual([200, '1']);
  expect((await receiptFile.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    'Receipt no.,Received (₹)',
    `${receipt.receiptNo},1000.00`,
    '',
  ]);
  const noteFile = await notes(exporter);
  expect([noteFile.status, noteFile.headers.get('x-export-rows')]).toEqual([200, '1']);
  expect((await noteFile.text()).replace(/^\uFEFF/, '').split('\r\n')[1]).toBe(
    `${note.noteNo},${note.total.toFixed(2)}`,
  );
  const pdf = await notePdf(exporter);
  expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  const badType = await fetch(exportUrl('receipts.csv?types=REFUND'), { headers: bearer(exporter) });
  expect(badType.status).toBe(400);
});
