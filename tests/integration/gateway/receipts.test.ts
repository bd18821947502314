// Receipts through the gateway over HTTP, as the web app calls them: a payment with TDS against an
// approved invoice (amounts arriving as Decimal), the invoice's outstanding, the receipt cancelled; bad
// input refused with the field named and nothing recorded, a person without the permission refused, and
// another operator seeing nothing.
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let viewer: ReturnType<GatewayHarness['client']>;
let other: ReturnType<GatewayHarness['client']>;
let customerId: string;
let invoiceId: string;
let companyId: string;
let viewerToken: string;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Receipt Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Invoice reader',
    permissions: ['view_invoice'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Reader',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  ({ token: viewerToken } = await h.signIn(viewerPhone));
  viewer = h.client(() => bearer(viewerToken));

  const company = await owner.masters.company.create.mutate({
    values: {
      name: 'Receipt Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: '12 FC Road, Pune',
      is_primary: true,
    },
  });
  companyId = company.id;
  await owner.masters.company_profile.create.mutate({
    values: { name: 'Main', company_id: company.id, invoice_prefix: 'RC/{FY}/' },
  });
  customerId = (
    await owner.masters.customer.create.mutate({
      values: {
        name: 'Harbour Logistics',
        tax_type: 'GSTIN',
        tds_percentage: '2',
        billing_details: [
          {
            billing_name: 'Harbour Logistics Pvt Ltd',
            gst_no: '27AAACH7409R1Z1',
            address: 'Andheri East, Mumbai',
            state_id: 'MH',
            is_default: true,
          },
        ],
      },
    })
  ).id;
  const draft = await owner.invoice.create.mutate({
    customerId,
    lines: [
      { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '10000', isTaxable: true },
    ],
  });
  invoiceId = (await owner.invoice.approve.mutate({ id: draft.id })).id;
}, 120_000);
afterAll(() => h?.close());

it('receives a payment with TDS, shows the invoice settled, and cancels it back', async () => {
  const [open] = (await owner.receipt.openInvoices.query({ customerId })).invoices;
  expect(open).toMatchObject({ invoiceId, total: new Decimal('10500'), defaultTds: new Decimal('200') });
  const receipt = await owner.receipt.create.mutate({
    type: 'INVOICE',
    customerId,
    receivedAmount: '10300',
    paymentMode: 'NEFT',
    reference: 'UTR77',
    settlements: [{ invoiceId, amount: '10300', tdsAmount: '200' }],
  });
  expect(receipt.receivedAmount).toBeInstanceOf(Decimal);
  expect([receipt.receiptNo, receipt.tdsAmount.toFixed(2), receipt.unappliedAmount.toFixed(2)]).toEqual([
    expect.stringMatching(/^RCT\/\d\d-\d\d\/0001$/),
    '200.00',
    '0.00',
  ]);
  expect((await owner.receipt.openInvoices.query({ customerId })).invoices).toEqual([]);
  expect((await owner.receipt.outstanding.query({})).customers).toEqual([]);
  const listed = await owner.receipt.list.query({ search: 'UTR77' });
  expect(listed.receipts.map((r) => r.id)).toEqual([receipt.id]);
  expect((await owner.receipt.list.query({ invoiceId })).receipts.map((r) => r.id)).toEqual([receipt.id]);

  const tds = await owner.receipt.tdsReceivable.query({});
  expect(tds.customers.map((c) => [c.customerName, c.tds.toFixed(2), c.receipts])).toEqual([
    ['Harbour Logistics', '200.00', 1],
  ]);
  const cancelled = await owner.receipt.cancel.mutate({ id: receipt.id, reason: 'Entered twice' });
  expect(cancelled.isCancelled).toBe(true);
  const [again] = (await owner.receipt.openInvoices.query({ invoiceIds: [invoiceId] })).invoices;
  expect(again?.outstanding.toFixed(2)).toBe('10500.00');
  expect((await owner.receipt.list.query({})).receipts).toEqual([]);
  const owed = await owner.receipt.outstanding.query({ basis: 'DUE_DATE' });
  expect(owed.customers.map((c) => [c.customerName, c.outstanding.toFixed(2), c.openInvoices])).toEqual([
    ['Harbour Logistics', '10500.00', 1],
  ]);
  expect(owed.total.outstanding).toEqual(new Decimal('10500'));

  const statement = await owner.receipt.statement.query({ customerId });
  expect(statement.entries.map((e) => [e.kind, e.debit.toFixed(2), e.credit.toFixed(2)])).toEqual([
    ['INVOICE', '10500.00', '0.00'],
  ]);
  expect(statement.closing).toEqual(new Decimal('10500'));
  const pdf = await fetch(`${h.baseUrl}/api/customers/${customerId}/statement.pdf?download=1`, {
    headers: bearer(ownerToken),
  });
  expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(pdf.headers.get('content-disposition')).toContain(
    "attachment; filename*=UTF-8''Statement-Harbour-Logistics-",
  );
  const refused = await fetch(`${h.baseUrl}/api/customers/${customerId}/statement.pdf?from=24-11-2026`, {
    headers: bearer(ownerToken),
  });
  expect(refused.status).toBe(400);
});

it('refuses bad input with the field named, recording nothing', async () => {
  const bad = async (call: Promise<unknown>) => {
    const error = await expectTrpcError(call);
    return [error.data?.code, error.data?.fieldErrors ? Object.keys(error.data.fieldErrors) : []];
  };
  const base = {
    type: 'INVOICE' as const,
    customerId,
    receivedAmount: '100',
    paymentMode: 'NEFT' as const,
    settlements: [{ invoiceId, amount: '100' }],
  };
  expect(await bad(owner.receipt.create.mutate({ ...base, receivedAmount: '1e3' }))).toEqual([
    'BAD_REQUEST',
    ['receivedAmount'],
  ]);
  expect(await bad(owner.receipt.create.mutate({ ...base, paymentMode: 'BARTER' as 'NEFT' }))).toEqual([
    'BAD_REQUEST',
    ['paymentMode'],
  ]);
  expect(await bad(owner.receipt.create.mutate({ ...base, customerId: 'x' }))).toEqual([
    'BAD_REQUEST',
    ['customerId'],
  ]);
  expect(await bad(owner.receipt.create.mutate({ ...base, notes: 'a\u0000b' }))).toEqual([
    'BAD_REQUEST',
    ['notes'],
  ]);
  expect(
    await bad(
      owner.receipt.create.mutate({
        ...base,
        settlements: [{ invoiceId, amount: '20000' }],
        receivedAmount: '20000',
      }),
    ),
  ).toEqual(['BAD_REQUEST', ['settlements.0.amount']]);
  expect(await bad(owner.receipt.list.query({ cursor: '%%%' }))).toEqual(['BAD_REQUEST', ['cursor']]);
  expect(await bad(owner.receipt.openInvoices.query({}))).toEqual(['BAD_REQUEST', ['customerId']]);
  expect(await bad(owner.receipt.outstanding.query({ basis: 'TODAY' as 'DUE_DATE' }))).toEqual([
    'BAD_REQUEST',
    ['basis'],
  ]);
  expect((await owner.receipt.list.query({ includeCancelled: true })).receipts).toHaveLength(1);
});

it('refuses a person without the permission, and shows another operator nothing', async () => {
  expect((await expectTrpcError(viewer.receipt.list.query({}))).data?.code).toBe('FORBIDDEN');
  expect(
    (
      await expectTrpcError(
        viewer.receipt.create.mutate({
          type: 'ON_ACCOUNT',
          customerId,
          receivedAmount: '1',
          paymentMode: 'CASH',
        }),
      )
    ).data?.code,
  ).toBe('FORBIDDEN');
  const [mine] = (await owner.receipt.list.query({ includeCancelled: true })).receipts;
  expect((await expectTrpcError(other.receipt.get.query({ id: mine!.id }))).data?.code).toBe('NOT_FOUND');
  expect((await other.receipt.list.query({ includeCancelled: true })).receipts).toEqual([]);
});

it('credits the invoice with a note over HTTP, and refuses a bad one with the field named', async () => {
  const note = await owner.note.create.mutate({
    type: 'CREDIT',
    invoiceId,
    taxableAmount: '1000',
    reason: 'Waiting charged twice',
  });
  expect([note.noteNo, note.total]).toEqual([
    expect.stringMatching(/^CN\/\d\d-\d\d\/0001$/),
    new Decimal('1050'),
  ]);
  const [open] = (await owner.receipt.openInvoices.query({ invoiceIds: [invoiceId] })).invoices;
  expect(open?.outstanding.toFixed(2)).toBe('9450.00');
  expect((await owner.note.list.query({ invoiceId })).notes.map((n) => n.id)).toEqual([note.id]);
  const error = await expectTrpcError(
    owner.note.create.mutate({ type: 'CREDIT', invoiceId, taxableAmount: '-5', reason: 'x' }),
  );
  expect([error.data?.code, Object.keys(error.data?.fieldErrors ?? {})]).toEqual([
    'BAD_REQUEST',
    ['taxableAmount'],
  ]);
  expect((await expectTrpcError(viewer.note.list.query({}))).data?.code).toBe('FORBIDDEN');
  await owner.note.cancel.mutate({ id: note.id, reason: 'Issued in error' });
});

it('files the month’s GSTR-1 as JSON over HTTP, and refuses a bad request or a person without the permission', async () => {
  const { invoice } = await owner.invoice.get.query({ id: invoiceId });
  const month = invoice.invoiceDate.slice(0, 7);
  const url = (query: string) => `${h.baseUrl}/api/exports/gstr1/${month}.json?${query}`;
  const answer = await fetch(url(`companyId=${companyId}`), { headers: bearer(ownerToken) });
  expect([answer.status, answer.headers.get('content-type')]).toEqual([
    200,
    'application/json; charset=utf-8',
  ]);
  const gstr1 = (await answer.json()) as { fp: string; b2b: { inv: { inum: string; val: number }[] }[] };
  expect(gstr1.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
  expect(gstr1.b2b[0]?.inv.map((i) => [i.inum, i.val])).toEqual([[invoice.invoiceNo, 10500]]);
  expect((await fetch(url('companyId=nope'), { headers: bearer(ownerToken) })).status).toBe(400);
  const xlsx = await fetch(url(`companyId=${companyId}`).replace('.json?', '.xlsx?'), {
    headers: bearer(ownerToken),
  });
  expect(xlsx.headers.get('content-disposition')).toContain('.xlsx');
  expect((await fetch(url(`companyId=${companyId}`), { headers: bearer(viewerToken) })).status).toBe(403);
});
