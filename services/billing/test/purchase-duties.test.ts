// The duties suppliers ran, through billing's gRPC routes on a real PostgreSQL, with bookings and masters
// booted beside it: a duty a supplier ran is priced on the supplier's card from the supplier's slip and
// heard by billing; the purchase desk finds it, accepts or rejects the slip (a reason required), undoes a
// review, and cannot touch a slip a purchase invoice bills. Permissions, input, row-level security.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { type BusMessage, callAs, type Subscription } from '@fleet/platform';
import { PurchaseDutyChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  type BillingHarness,
  bootBilling,
  closedDuty,
  type OperatorMasters,
  operatorMasters,
  supplierDuty,
  supplierMasters,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let supplier: string;
let first: string;
let second: string;
let ownFleet: string;
let subscription: Subscription;
const heard: BusMessage[] = [];

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  supplier = await supplierMasters(m);
  subscription = await h.testBus.bus.subscribe({
    durable: 'purchase-duties-test',
    subjects: ['fleet.billing.purchase_duty.>'],
    async deliver(message) {
      heard.push(message);
    },
  });
  first = await supplierDuty(h, T, m, supplier, '2026-11-03');
  second = await supplierDuty(h, T, m, supplier, '2026-11-05');
  ownFleet = await closedDuty(h, T, m, '2026-11-04');
}, 120_000);
afterAll(async () => {
  await subscription?.stop();
  await h?.close();
});

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));
const without = (permission: string) =>
  callAs(
    h.callerFor(
      T,
      Object.values(PERMISSION).filter((p) => p !== permission),
    ),
  );

async function failsWith(call: Promise<unknown>, code: string, field?: string) {
  const error = await expectDomainError(call);
  expect([error.code, error.message]).toEqual([code, expect.any(String)]);
  if (field) expect(error.fieldViolations.map((v) => v.field)).toEqual([field]);
  return error;
}

const listed = async (request: Parameters<BillingHarness['client']['listPurchaseDuties']>[0] = {}) =>
  (await h.client.listPurchaseDuties(request, staff())).duties.map((d) => d.bookingId);

it('lists the duties suppliers ran with what the supplier is paid and what the customer is charged', async () => {
  const { duties } = await h.client.listPurchaseDuties({}, staff());
  expect(duties.map((d) => d.bookingId)).toEqual([second, first]);
  expect(duties[1]).toMatchObject({
    supplierId: supplier,
    supplierName: 'Deccan Travels',
    customerName: 'Harbour Logistics',
    startDate: '2026-11-03',
    vehicleNo: 'MH14XY4321',
    driverName: 'Sunil Pawar',
    // ₹1,500 + 28 km × ₹10 + 1.25 h × ₹100 on the supplier's card; ₹2,579.50 on the customer's.
    purchaseAmount: '1905.00',
    salesAmount: '2579.50',
    slipStatus: 'NO_ACTION',
    purchaseInvoiceId: '',
  });
  expect(duties.map((d) => d.bookingId)).not.toContain(ownFleet);

  const { duty } = await h.client.getPurchaseDuty({ bookingId: first }, staff());
  const charges = JSON.parse(duty!.purchaseChargesJson) as { total: string; rateCardName: string };
  expect(charges).toMatchObject({ total: '1905.00', rateCardName: 'Deccan Travels sedans' });
});

it('finds duties by supplier, date, booking number and the beginning of the vehicle number', async () => {
  const { duty } = await h.client.getPurchaseDuty({ bookingId: first }, staff());
  expect(await listed({ search: String(duty!.bookingNo) })).toEqual([first]);
  expect(await listed({ search: 'mh14x' })).toEqual([second, first]);
  expect(await listed({ search: 'MH12' })).toEqual([]);
  expect(await listed({ dateFrom: '2026-11-04' })).toEqual([second]);
  expect(await listed({ supplierIds: [randomUUID()] })).toEqual([]);
  expect(await listed({ supplierIds: [supplier], billing: 'UNBILLED' })).toEqual([second, first]);
  expect(await listed({ billing: 'BILLED' })).toEqual([]);
  const page = await h.client.listPurchaseDuties({ page: { limit: 1 } }, staff());
  expect(page.duties.map((d) => d.bookingId)).toEqual([second]);
  const next = await h.client.listPurchaseDuties(
    { page: { limit: 1, cursor: page.page!.nextCursor } },
    staff(),
  );
  expect(next.duties.map((d) => d.bookingId)).toEqual([first]);
});

it("accepts and rejects suppliers' slips, a rejection with its reason, and undoes a review", async () => {
  const from = heard.length;
  const accepted = await h.client.reviewPurchaseSlips({ bookingIds: [first], decision: 'ACCEPTED' }, staff());
  expect(accepted.duties[0]).toMatchObject({ slipStatus: 'ACCEPTED', slipReason: '' });
  expect(accepted.duties[0]!.slipReviewedAt).toBeDefined();

  await failsWith(
    h.client.reviewPurchaseSlips({ bookingIds: [second], decision: 'REJECTED' }, staff()),
    'INVALID_ARGUMENT',
    'reason',
  );
  const rejected = await h.client.reviewPurchaseSlips(
    { bookingIds: [second], decision: 'REJECTED', reason: 'Garage km do not match the GPS' },
    staff(),
  );
  expect(rejected.duties[0]).toMatchObject({
    slipStatus: 'REJECTED',
    slipReason: 'Garage km do not match the GPS',
  });
  expect(await listed({ slipStatuses: ['REJECTED'] })).toEqual([second]);
  expect(await listed({ slipStatuses: ['ACCEPTED', 'NO_ACTION'] })).toEqual([first]);

  const undone = await h.client.reviewPurchaseSlips({ bookingIds: [second], decision: 'NO_ACTION' }, staff());
  expect(undone.duties[0]).toMatchObject({
    slipStatus: 'NO_ACTION',
    slipReason: '',
    slipReviewedByUserId: '',
  });

  const deadline = Date.now() + 10_000;
  while (heard.length - from < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  const events = heard.slice(from).map((message) => fromBinary(PurchaseDutyChangedSchema, message.data));
  expect(events.map((e) => [e.action, e.duty?.bookingId, e.duty?.slipStatus])).toEqual([
    ['slipAccepted', first, 'ACCEPTED'],
    ['slipRejected', second, 'REJECTED'],
    ['slipReviewUndone', second, 'NO_ACTION'],
  ]);
});

it('leaves the slip of a duty a purchase invoice bills as it was reviewed', async () => {
  const invoiceId = randomUUID();
  const company = m.company;
  await h.database.db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence,
        financial_year, company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date,
        received_date)
      values (${invoiceId}, ${T}, 'PUR/26-27/0001', 1, '2026-27', ${company}, ${supplier}, 'Deccan Travels',
        'DT/118', '2026-11-10', '2026-11-12')`);
    await tx.execute(
      sql`update billing.duties set purchase_invoice_id = ${invoiceId} where booking_id = ${first}`,
    );
    // The supplier billed ₹1,800 of car hire and ₹150 of toll for it, not the ₹1,905 of its card.
    await tx.execute(sql`insert into billing.purchase_invoice_lines (id, tenant_id, purchase_invoice_id,
        position, type, booking_id, description, amount)
      values (gen_random_uuid(), ${T}, ${invoiceId}, 0, 'CAR_HIRE_CHARGES', ${first}, 'Car hire', 1800),
        (gen_random_uuid(), ${T}, ${invoiceId}, 1, 'BILLING_ITEM', ${first}, 'Toll', 150),
        (gen_random_uuid(), ${T}, ${invoiceId}, 2, 'CUSTOM', null, 'Night halt', 500)`);
  });
  expect(await listed({ billing: 'BILLED' })).toEqual([first]);
  // What the supplier is paid for a billed duty is what its invoice bills for it.
  const billed = (await h.client.listPurchaseDuties({ billing: 'BILLED' }, staff())).duties[0];
  expect(billed).toMatchObject({ purchaseAmount: '1950.00', salesAmount: '2579.50' });
  const { duty } = await h.client.getPurchaseDuty({ bookingId: first }, staff());
  expect(duty).toMatchObject({ purchaseNo: 'PUR/26-27/0001', supplierInvoiceNo: 'DT/118' });
  const refused = await failsWith(
    h.client.reviewPurchaseSlips(
      { bookingIds: [first, second], decision: 'REJECTED', reason: 'Late' },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'bookingIds',
  );
  expect(refused.fieldViolations[0]!.message).toContain('PUR/26-27/0001');
  // Nothing changed, the other duty of the request included.
  expect(await listed({ slipStatuses: ['REJECTED'] })).toEqual([]);
});

it('refuses what is not a duty a supplier ran, and input it cannot read, naming the field', async () => {
  await failsWith(
    h.client.reviewPurchaseSlips({ bookingIds: [ownFleet], decision: 'ACCEPTED' }, staff()),
    'INVALID_ARGUMENT',
    'bookingIds',
  );
  await failsWith(
    h.client.reviewPurchaseSlips({ bookingIds: [second], decision: 'MAYBE' }, staff()),
    'INVALID_ARGUMENT',
    'decision',
  );
  await failsWith(
    h.client.reviewPurchaseSlips({ bookingIds: ['not-an-id'], decision: 'ACCEPTED' }, staff()),
    'INVALID_ARGUMENT',
  );
  await failsWith(
    h.client.listPurchaseDuties({ slipStatuses: ['LOST'] }, staff()),
    'INVALID_ARGUMENT',
    'slipStatuses',
  );
  await failsWith(h.client.listPurchaseDuties({ billing: 'SOME' }, staff()), 'INVALID_ARGUMENT', 'billing');
  await failsWith(
    h.client.listPurchaseDuties({ dateFrom: '24/11/2026' }, staff()),
    'INVALID_ARGUMENT',
    'dateFrom',
  );
  await failsWith(h.client.listPurchaseDuties({ search: 'a\0b' }, staff()), 'INVALID_ARGUMENT', 'search');
  await failsWith(h.client.listPurchaseDuties({ page: { cursor: 'garbage' } }, staff()), 'INVALID_ARGUMENT');
  await failsWith(h.client.getPurchaseDuty({ bookingId: ownFleet }, staff()), 'NOT_FOUND');
});

it('lists the duties suppliers ran to someone holding View Purchases alone, as spec §2 opens the page', async () => {
  const purchasesOnly = callAs(h.callerFor(T, [PERMISSION.view_purchase]));
  const { duties } = await h.client.listPurchaseDuties({}, purchasesOnly);
  expect(duties.map((d) => d.bookingId)).toContain(second);
  await failsWith(h.client.listPurchaseDuties({}, without(PERMISSION.view_purchase)), 'PERMISSION_DENIED');
});

it('needs view_purchase_duty to open a duty and manage_purchase_duty to review', async () => {
  await failsWith(
    h.client.getPurchaseDuty({ bookingId: second }, without(PERMISSION.view_purchase_duty)),
    'PERMISSION_DENIED',
  );
  await failsWith(
    h.client.reviewPurchaseSlips(
      { bookingIds: [second], decision: 'ACCEPTED' },
      without(PERMISSION.manage_purchase_duty),
    ),
    'PERMISSION_DENIED',
  );
});

it("keeps each operator's purchase duties its own", async () => {
  const other = callAs(h.callerFor(randomUUID(), Object.values(PERMISSION)));
  expect((await h.client.listPurchaseDuties({}, other)).duties).toEqual([]);
  await failsWith(h.client.getPurchaseDuty({ bookingId: second }, other), 'NOT_FOUND');
  await failsWith(
    h.client.reviewPurchaseSlips({ bookingIds: [second], decision: 'ACCEPTED' }, other),
    'INVALID_ARGUMENT',
    'bookingIds',
  );
});
