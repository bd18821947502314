// Supplier payments through the gateway over HTTP, as the web app calls them: a payment against a purchase
// invoice (written by SQL as the purchase invoices' screens leave one) with amounts arriving as Decimal,
// what the invoice still owes and what the supplier is owed, an advance applied later, the payment
// cancelled; bad input refused with the field named and nothing recorded, a person without the
// permission refused, and another operator seeing nothing.
import { randomUUID } from 'node:crypto';
import { eventually } from '@fleet/testing';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let viewer: ReturnType<GatewayHarness['client']>;
let other: ReturnType<GatewayHarness['client']>;
let tenantId: string;
let companyId: string;
let supplierId: string;
let invoiceId: string;

/** An approved purchase invoice of the supplier, written as the app role under row-level security. */
async function purchaseInvoice(payable: string, no: number, date = '2026-10-01') {
  const id = randomUUID();
  await h.database.db.withTenant(tenantId, (tx) =>
    tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, status,
        taxable, total, payable)
      values (${id}, ${tenantId}, ${`PUR/26-27/000${no}`}, ${no}, '2026-27', ${companyId}, ${supplierId},
        'Sahyadri Travels', ${`ST-${no}`}, ${date}, ${date}, 'APPROVED', ${payable}, ${payable}, ${payable})`),
  );
  return id;
}

beforeAll(async () => {
  h = await bootGateway();
  const { token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Payer Cabs' });
  owner = h.client(() => bearer(ownerToken));
  const me = await h.query('user.me', undefined, bearer(ownerToken));
  tenantId = (me.body.result!.data as { tenant: { id: string } }).tenant.id;
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Payment reader',
    permissions: ['view_purchase_payment'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Reader',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  const { token: viewerToken } = await h.signIn(viewerPhone);
  viewer = h.client(() => bearer(viewerToken));
  companyId = (
    await owner.masters.company.create.mutate({
      values: {
        name: 'Payer Cabs Pvt Ltd',
        business_type: 'PRIVATE_LIMITED',
        gst_no: '27AABCK1234E1Z1',
        state_id: 'MH',
        address: '12 FC Road, Pune',
        is_primary: true,
      },
    })
  ).id;
  supplierId = (
    await owner.masters.supplier.create.mutate({
      values: { name: 'Sahyadri Travels', supplier_type: 'COMPANY' },
    })
  ).id;
  invoiceId = await purchaseInvoice('4200', 1);
}, 120_000);
afterAll(() => h?.close());

it('pays a purchase invoice, shows what it and the supplier still owe, and cancels the payment back', async () => {
  const [open] = (await owner.supplierPayment.openInvoices.query({ supplierId })).invoices;
  expect(open).toMatchObject({
    purchaseInvoiceId: invoiceId,
    owing: new Decimal('4200'),
    supplierInvoiceNo: 'ST-1',
  });
  const payment = await owner.supplierPayment.create.mutate({
    type: 'INVOICE',
    supplierId,
    amount: '3000.50',
    paymentMode: 'NEFT',
    reference: 'UTR9001',
    settlements: [{ purchaseInvoiceId: invoiceId, amount: '3000.50' }],
  });
  expect(payment.amount).toBeInstanceOf(Decimal);
  expect([payment.paymentNo, payment.supplierName, payment.appliedAmount.toFixed(2)]).toEqual([
    expect.stringMatching(/^PAY\/\d\d-\d\d\/0001$/),
    'Sahyadri Travels',
    '3000.50',
  ]);
  const [after] = (await owner.supplierPayment.openInvoices.query({ purchaseInvoiceIds: [invoiceId] }))
    .invoices;
  expect(after?.owing.toFixed(2)).toBe('1199.50');
  const owed = await owner.supplierPayment.outstanding.query({ basis: 'DUE_DATE' });
  expect(owed.suppliers.map((s) => [s.supplierName, s.outstanding.toFixed(2), s.over90.toFixed(2)])).toEqual([
    ['Sahyadri Travels', '1199.50', expect.any(String)],
  ]);
  expect(owed.total.outstanding).toEqual(new Decimal('1199.50'));
  const listed = await owner.supplierPayment.list.query({ search: 'sahyadri' });
  expect(listed.payments.map((p) => p.id)).toEqual([payment.id]);
  const ofInvoice = await owner.supplierPayment.list.query({ purchaseInvoiceId: invoiceId });
  expect(ofInvoice.payments.map((p) => p.id)).toEqual([payment.id]);
  const got = await owner.supplierPayment.get.query({ id: payment.id });
  expect(got.settlements.map((s) => [s.purchaseNo, s.amount.toFixed(2), s.isLive])).toEqual([
    ['PUR/26-27/0001', '3000.50', true],
  ]);

  // An advance, applied to the rest.
  const advance = await owner.supplierPayment.create.mutate({
    type: 'ADVANCE',
    supplierId,
    amount: '2000',
    paymentMode: 'CASH',
  });
  expect((await owner.supplierPayment.openInvoices.query({ supplierId })).advances).toBe('2000.00');
  const applied = await owner.supplierPayment.applyToInvoices.mutate({
    id: advance.id,
    settlements: [{ purchaseInvoiceId: invoiceId, amount: '1199.50' }],
  });
  expect(applied.unappliedAmount.toFixed(2)).toBe('800.50');
  expect((await owner.supplierPayment.openInvoices.query({ supplierId })).invoices).toEqual([]);

  const cancelled = await owner.supplierPayment.cancel.mutate({ id: payment.id, reason: 'Entered twice' });
  expect([cancelled.isCancelled, cancelled.cancellationReason]).toEqual([true, 'Entered twice']);
  const [again] = (await owner.supplierPayment.openInvoices.query({ purchaseInvoiceIds: [invoiceId] }))
    .invoices;
  expect(again?.owing.toFixed(2)).toBe('3000.50');
  expect((await owner.supplierPayment.list.query({})).payments.map((p) => p.id)).toEqual([advance.id]);
  expect((await owner.supplierPayment.list.query({ includeCancelled: true })).payments).toHaveLength(2);
  // Readers of a moment share the payables' answer: the cancellation shows there within a second.
  const reowed = await eventually(
    () => owner.supplierPayment.outstanding.query({ basis: 'DUE_DATE' }),
    (o) => o.total.outstanding.toFixed(2) === '3000.50',
    1_500,
  );
  expect(reowed.total.advances.toFixed(2)).toBe('800.50');
});

it('refuses bad input with the field named, recording nothing', async () => {
  const second = await purchaseInvoice('500', 2);
  const bad = async (call: Promise<unknown>) => {
    const error = await expectTrpcError(call);
    return [error.data?.code, error.data?.fieldErrors ? Object.keys(error.data.fieldErrors) : []];
  };
  const base = {
    type: 'INVOICE' as const,
    supplierId,
    amount: '100',
    paymentMode: 'NEFT' as const,
    settlements: [{ purchaseInvoiceId: second, amount: '100' }],
  };
  expect(await bad(owner.supplierPayment.create.mutate({ ...base, amount: '1e3' }))).toEqual([
    'BAD_REQUEST',
    ['amount'],
  ]);
  expect(
    await bad(owner.supplierPayment.create.mutate({ ...base, paymentMode: 'BARTER' as 'NEFT' })),
  ).toEqual(['BAD_REQUEST', ['paymentMode']]);
  expect(await bad(owner.supplierPayment.create.mutate({ ...base, supplierId: 'x' }))).toEqual([
    'BAD_REQUEST',
    ['supplierId'],
  ]);
  expect(await bad(owner.supplierPayment.create.mutate({ ...base, notes: 'a\u0000b' }))).toEqual([
    'BAD_REQUEST',
    ['notes'],
  ]);
  // Checked again in billing: more than the invoice owes.
  expect(
    await bad(
      owner.supplierPayment.create.mutate({
        ...base,
        amount: '600',
        settlements: [{ purchaseInvoiceId: second, amount: '600' }],
      }),
    ),
  ).toEqual(['BAD_REQUEST', ['settlements.0.amount']]);
  expect(await bad(owner.supplierPayment.create.mutate({ ...base, paymentMode: 'CHEQUE' }))).toEqual([
    'BAD_REQUEST',
    ['chequeNo'],
  ]);
  expect(await bad(owner.supplierPayment.list.query({ cursor: '%%%' }))).toEqual(['BAD_REQUEST', ['cursor']]);
  expect(await bad(owner.supplierPayment.openInvoices.query({}))).toEqual(['BAD_REQUEST', ['supplierId']]);
  expect(await bad(owner.supplierPayment.outstanding.query({ basis: 'TODAY' as 'DUE_DATE' }))).toEqual([
    'BAD_REQUEST',
    ['basis'],
  ]);
  expect(await bad(owner.supplierPayment.cancel.mutate({ id: randomUUID(), reason: ' ' }))).toEqual([
    'BAD_REQUEST',
    ['reason'],
  ]);
  const [open] = (await owner.supplierPayment.openInvoices.query({ purchaseInvoiceIds: [second] })).invoices;
  expect(open?.owing.toFixed(2)).toBe('500.00');
});

it('refuses a person without the permission, and shows another operator nothing', async () => {
  expect((await viewer.supplierPayment.list.query({ includeCancelled: true })).payments).toHaveLength(2);
  const forbidden = async (call: Promise<unknown>) => (await expectTrpcError(call)).data?.code;
  expect(
    await forbidden(
      viewer.supplierPayment.create.mutate({ type: 'ADVANCE', supplierId, amount: '1', paymentMode: 'CASH' }),
    ),
  ).toBe('FORBIDDEN');
  const [mine] = (await owner.supplierPayment.list.query({})).payments;
  expect(await forbidden(viewer.supplierPayment.cancel.mutate({ id: mine!.id, reason: 'No' }))).toBe(
    'FORBIDDEN',
  );
  expect(
    await forbidden(
      viewer.supplierPayment.applyToInvoices.mutate({
        id: mine!.id,
        settlements: [{ purchaseInvoiceId: invoiceId, amount: '1' }],
      }),
    ),
  ).toBe('FORBIDDEN');
  expect(await forbidden(other.supplierPayment.get.query({ id: mine!.id }))).toBe('NOT_FOUND');
  expect((await other.supplierPayment.list.query({ includeCancelled: true })).payments).toEqual([]);
  expect((await other.supplierPayment.outstanding.query({})).suppliers).toEqual([]);
});
