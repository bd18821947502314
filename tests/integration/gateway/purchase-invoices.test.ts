// Suppliers' invoices through the gateway over HTTP, as the web app calls them: a supplier's duties offered
// with their purchase amounts, an invoice recorded over one (figures arriving as Decimal), approved,
// printed, emailed and cancelled freeing the duty; bad input refused with the field named and nothing
// recorded, a person without the permission refused, and another operator seeing nothing.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let viewer: ReturnType<GatewayHarness['client']>;
let other: ReturnType<GatewayHarness['client']>;
let tenantId: string;
let supplierId: string;
let customerId: string;
let bookingNo = 100;

/** A closed duty the supplier ran, as billing keeps it, with its slip accepted. */
async function supplierDuty(amount: string, slip = 'ACCEPTED'): Promise<string> {
  const id = randomUUID();
  bookingNo += 1;
  await h.database.db.withTenant(tenantId, (tx) =>
    tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
        from_city_id, start_date, supplier_id, supplier_name, purchase_charges, purchase_amount,
        purchase_slip_status, billing_items)
      values (${id}, ${tenantId}, ${bookingNo}, 1, 'CLOSED', ${customerId}, 'mh-pune', '2026-11-03', ${supplierId},
        'Sai Travels', ${JSON.stringify({ total: amount })}::jsonb, ${amount}, ${slip},
        ${JSON.stringify([{ name: 'Toll', amount: '85' }])}::jsonb)`),
  );
  return id;
}

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Purchase Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  const me = await h.query('user.me', undefined, bearer(ownerToken));
  tenantId = (me.body.result?.data as { tenant: { id: string } } | undefined)?.tenant.id ?? '';
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Purchase reader',
    permissions: ['view_purchase'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Reader',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  const { token: viewerToken } = await h.signIn(viewerPhone);
  viewer = h.client(() => bearer(viewerToken));
  await owner.masters.company.create.mutate({
    values: {
      name: 'Purchase Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: '12 FC Road, Pune',
      is_primary: true,
    },
  });
  customerId = (await owner.masters.customer.create.mutate({ values: { name: 'Harbour Logistics' } })).id;
  supplierId = (
    await owner.masters.supplier.create.mutate({
      values: {
        name: 'Sai Travels',
        supplier_type: 'COMPANY',
        tds_ledger_type: '194C_INDIVIDUAL',
        email: 'accounts@saitravels.example',
      },
    })
  ).id;
}, 120_000);
afterAll(() => h?.close());

it("records a supplier's invoice over its duty, approves, prints, emails and cancels it", async () => {
  const duty = await supplierDuty('2500.00');
  const offered = await owner.purchaseInvoice.billableDuties.query({ supplierId, dateFrom: '2026-11-01' });
  expect(offered.duties.map((d) => [d.bookingId, d.purchaseAmount?.toFixed(2), d.blockedReason])).toEqual([
    [duty, '2500.00', null],
  ]);
  expect(offered.defaultTdsPercentage).toBe('1.00');
  const invoice = await owner.purchaseInvoice.create.mutate({
    supplierId,
    supplierInvoiceNo: 'ST/118',
    supplierInvoiceDate: '2026-11-05',
    receivedDate: '2026-11-06',
    duties: [{ bookingId: duty, includeBillingItems: true }],
    rows: [{ type: 'CUSTOM', description: 'Night halt', amount: '300' }],
  });
  expect(invoice.payable).toBeInstanceOf(Decimal);
  // 2500 + 85 toll + 300 = 2885 taxable, no taxes; TDS 1% = 28.85 → ₹29.
  expect([
    invoice.purchaseNo,
    invoice.taxable.toFixed(2),
    invoice.tds.toFixed(2),
    invoice.payable.toFixed(2),
  ]).toEqual([expect.stringMatching(/^PUR\/26-27\/0001$/), '2885.00', '29.00', '2856.00']);
  expect(invoice.activity.map((a) => [a.action, a.by])).toEqual([['created', expect.any(String)]]);
  const listed = await owner.purchaseInvoice.list.query({ search: 'st/1' });
  expect(listed.purchaseInvoices.map((p) => [p.id, p.payable.toFixed(2)])).toEqual([[invoice.id, '2856.00']]);

  const approved = await owner.purchaseInvoice.approve.mutate({ id: invoice.id });
  expect(approved.status).toBe('APPROVED');
  const pdf = await fetch(
    `${h.baseUrl}/api/purchase-invoices/${invoice.id}/purchase-invoice.pdf?download=1`,
    {
      headers: bearer(ownerToken),
    },
  );
  expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(pdf.headers.get('content-disposition')).toContain(
    "attachment; filename*=UTF-8''purchase-invoice-PUR-",
  );
  expect((await fetch(`${h.baseUrl}/api/purchase-invoices/${invoice.id}/purchase-invoice.pdf`)).status).toBe(
    401,
  );
  const emailed = await owner.purchaseInvoice.email.mutate({ id: invoice.id });
  expect(emailed.activity.at(-1)).toMatchObject({ action: 'emailed', detail: 'accounts@saitravels.example' });

  const cancelled = await owner.purchaseInvoice.cancel.mutate({ id: invoice.id, reason: 'Wrong month' });
  expect([cancelled.status, cancelled.cancellationReason]).toEqual(['CANCELLED', 'Wrong month']);
  const again = await owner.purchaseInvoice.billableDuties.query({ supplierId, dateFrom: '2026-11-01' });
  expect(again.duties.map((d) => d.bookingId)).toContain(duty);
  expect((await owner.purchaseInvoice.list.query({})).purchaseInvoices).toEqual([]);
  expect((await owner.purchaseInvoice.list.query({ includeCancelled: true })).purchaseInvoices).toHaveLength(
    1,
  );
});

it('refuses bad input with the field named, recording nothing', async () => {
  const duty = await supplierDuty('1000.00');
  const bad = async (call: Promise<unknown>) => {
    const error = await expectTrpcError(call);
    return [error.data?.code, error.data?.fieldErrors ? Object.keys(error.data.fieldErrors) : []];
  };
  const base = {
    supplierId,
    supplierInvoiceNo: 'ST/200',
    supplierInvoiceDate: '2026-11-05',
    receivedDate: '2026-11-06',
    duties: [{ bookingId: duty }],
  };
  const refusals: [object, string][] = [
    [{ supplierInvoiceNo: '' }, 'supplierInvoiceNo'],
    [{ supplierInvoiceNo: 'x'.repeat(41) }, 'supplierInvoiceNo'],
    [{ supplierInvoiceDate: '05-11-2026' }, 'supplierInvoiceDate'],
    [{ receivedDate: '2026-11-04' }, 'receivedDate'],
    [{ rows: [{ type: 'CUSTOM', amount: '1e3' }] }, 'rows.0.amount'],
    [{ tdsPercentage: '120' }, 'tdsPercentage'],
    [{ notes: 'a\u0000b' }, 'notes'],
    [{ supplierId: 'x' }, 'supplierId'],
    [{ duties: [{ bookingId: randomUUID() }] }, 'duties.0.bookingId'],
  ];
  for (const [change, field] of refusals) {
    expect(await bad(owner.purchaseInvoice.create.mutate({ ...base, ...change } as typeof base))).toEqual([
      'BAD_REQUEST',
      [field],
    ]);
  }
  expect(await bad(owner.purchaseInvoice.list.query({ cursor: '%%%' }))).toEqual(['BAD_REQUEST', ['cursor']]);
  expect(await bad(owner.purchaseInvoice.cancel.mutate({ id: randomUUID(), reason: '' }))).toEqual([
    'BAD_REQUEST',
    ['reason'],
  ]);
  const kept = await owner.purchaseInvoice.create.mutate(base);
  expect(
    await bad(
      owner.purchaseInvoice.create.mutate({ ...base, duties: [{ bookingId: await supplierDuty('5') }] }),
    ),
  ).toEqual(['BAD_REQUEST', ['supplierInvoiceNo']]);
  expect((await owner.purchaseInvoice.list.query({})).purchaseInvoices.map((p) => p.id)).toEqual([kept.id]);
});

it('refuses a person without the permission, and shows another operator nothing', async () => {
  const [mine] = (await owner.purchaseInvoice.list.query({ includeCancelled: true })).purchaseInvoices;
  expect((await viewer.purchaseInvoice.get.query({ id: mine!.id })).id).toBe(mine!.id);
  expect((await expectTrpcError(viewer.purchaseInvoice.approve.mutate({ id: mine!.id }))).data?.code).toBe(
    'FORBIDDEN',
  );
  expect(
    (await expectTrpcError(viewer.purchaseInvoice.billableDuties.query({ supplierId }))).data?.code,
  ).toBe('FORBIDDEN');
  expect((await expectTrpcError(other.purchaseInvoice.get.query({ id: mine!.id }))).data?.code).toBe(
    'NOT_FOUND',
  );
  expect((await other.purchaseInvoice.list.query({ includeCancelled: true })).purchaseInvoices).toEqual([]);
});
