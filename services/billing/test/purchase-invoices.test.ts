// Suppliers' invoices against a real PostgreSQL through billing's gRPC routes: the figures from duties and
// rows with the supplier's taxes and TDS, which duties can be taken (accepted slips, unaccepted ones only
// when the supplier allows, never rejected), numbering under concurrency, the supplier's number unique
// among its live invoices, the same duty on two racing invoices, cancelling freeing the duties and
// refused while paid, the draft changed, the PDF, row-level security and each procedure's permission.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { type BusMessage, callAs, rows, type Subscription } from '@fleet/platform';
import { PurchaseInvoiceChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import { sql } from 'drizzle-orm';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
/** Sai Travels: IGST 5%, TDS by its section 194C others (2%); invoices only accepted slips. */
let sai: string;
/** Rao Cabs: no taxes, TDS 1.5% of its own; may invoice duties whose slip is not acted on. */
let rao: string;
let bookingNo = 7000;
let subscription: Subscription;
const heard: BusMessage[] = [];

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  subscription = await h.testBus.bus.subscribe({
    durable: 'purchase-invoice-events-test',
    subjects: ['fleet.billing.purchase_invoice.>'],
    async deliver(message) {
      heard.push(message);
    },
  });
  m = await operatorMasters(h, T);
  const igst = await m.create('tax', { name: 'IGST 5%', percentage: '5' });
  sai = await m.create('supplier', {
    name: 'Sai Travels',
    supplier_type: 'COMPANY',
    tax_type: 'GSTIN',
    tax_ids: [igst],
    tds_ledger_type: '194C_OTHERS',
    invoice_due_in_days: 15,
    email: 'accounts@saitravels.example',
    billing_details: [
      {
        billing_name: 'Sai Travels',
        gst_no: '29AAGCS1234K1Z7',
        state_id: 'KA',
        address: 'Bengaluru',
        is_default: true,
      },
    ],
  });
  rao = await m.create('supplier', {
    name: 'Rao Cabs',
    supplier_type: 'DCO',
    tds_percentage: '1.5',
    invoice_unaccepted_network_duties: true,
  });
}, 60_000);
afterAll(async () => {
  await subscription?.stop();
  await h?.close();
});

/** The purchase invoice events heard on `subject` about one invoice, waiting until there is one. */
async function heardAbout(subject: string, id: string) {
  const deadline = Date.now() + 10_000;
  const matching = () =>
    heard
      .filter((m) => m.subject === subject)
      .map((m) => fromBinary(PurchaseInvoiceChangedSchema, m.data))
      .filter((e) => e.purchaseInvoice?.id === id);
  while (matching().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return matching();
}

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

/** A closed duty a supplier ran, written straight into billing's read model. */
async function supplierDuty(
  supplierId: string,
  options: {
    amount?: string | null;
    slip?: 'NO_ACTION' | 'ACCEPTED' | 'REJECTED';
    date?: string;
    tolls?: string[];
  } = {},
): Promise<string> {
  const id = randomUUID();
  bookingNo += 1;
  const amount = options.amount === undefined ? '2000.00' : options.amount;
  const slip = options.slip ?? 'ACCEPTED';
  const items = (options.tolls ?? []).map((a, i) => ({ id: randomUUID(), name: `Toll ${i + 1}`, amount: a }));
  await h.database.db.asOwner((tx) =>
    tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
        customer_name, from_city_id, start_date, vehicle_no, driver_name, billing_items, supplier_id, supplier_name,
        purchase_charges, purchase_amount, purchase_slip_status, purchase_slip_reason)
      values (${id}, ${T}, ${bookingNo}, 1, 'CLOSED', ${m.customer}, 'Harbour Logistics', 'mh-pune',
        ${options.date ?? '2026-11-10'}, 'KA01AB1234', 'Manju', ${JSON.stringify(items)}::jsonb, ${supplierId},
        'Supplier', ${amount === null ? null : JSON.stringify({ total: amount, lines: [{ label: 'Base', amount }] })}::jsonb,
        ${amount}, ${slip}, ${slip === 'REJECTED' ? 'Km do not match' : ''})`),
  );
  return id;
}

/** A purchase invoice draft as the client takes it. */
interface Draft {
  supplierId: string;
  companyId?: string;
  supplierInvoiceNo?: string;
  supplierInvoiceDate?: string;
  receivedDate?: string;
  duties?: { bookingId: string; includeBillingItems?: boolean; amount?: string }[];
  rows?: { type: string; bookingId?: string; description?: string; amount: string }[];
  discount?: string;
  tdsPercentage?: string;
  notes?: string;
}

let numbers = 0;
const draft = (supplierId: string, bookingIds: string[], more: Partial<Draft> = {}): Draft => {
  numbers += 1;
  return {
    supplierId,
    supplierInvoiceNo: `SV/${numbers}`,
    supplierInvoiceDate: '2026-11-20',
    receivedDate: '2026-11-22',
    duties: bookingIds.map((bookingId) => ({ bookingId })),
    ...more,
  };
};

const record = async (d: Draft) =>
  (await h.client.createPurchaseInvoice({ draft: d }, staff())).purchaseInvoice!;

const holderOf = async (bookingId: string) => {
  const [row] = await h.database.db.asOwner((tx) =>
    rows<{ id: string | null }>(
      tx,
      sql`select purchase_invoice_id as "id" from billing.duties where booking_id = ${bookingId}`,
    ),
  );
  return row?.id ?? null;
};

it("records a supplier's invoice over two duties and a toll: IGST 5%, 2% TDS by its section, due in 15 days", async () => {
  const a = await supplierDuty(sai, { amount: '2579.50', tolls: ['120.25'] });
  const b = await supplierDuty(sai, { amount: '2000.00' });
  const invoice = await record({
    ...draft(sai, []),
    duties: [{ bookingId: a, includeBillingItems: true }, { bookingId: b }],
    rows: [{ type: 'DISCOUNT_AMOUNT', description: 'Goodwill', amount: '100' }],
    notes: 'November duties',
  });
  expect(invoice).toMatchObject({
    purchaseNo: 'PUR/26-27/0001',
    status: 'DRAFT',
    supplierName: 'Sai Travels',
    supplierGstNo: '29AAGCS1234K1Z7',
    dueDate: '2026-12-05',
    subTotal: '4699.75',
    discount: '100.00',
    taxable: '4599.75',
    taxTotal: '229.99',
    tdsPercentage: '2.00',
    tds: '92.00',
    roundOff: '0.26',
    total: '4830.00',
    payable: '4738.00',
    paid: '0.00',
    supplierEmail: 'accounts@saitravels.example',
  });
  expect(invoice.rows.map((r) => [r.type, r.amount])).toEqual([
    ['CAR_HIRE_CHARGES', '2579.50'],
    ['BILLING_ITEM', '120.25'],
    ['CAR_HIRE_CHARGES', '2000.00'],
    ['DISCOUNT_AMOUNT', '100.00'],
  ]);
  expect(invoice.duties.map((d) => d.bookingId).sort()).toEqual([a, b].sort());
  expect(invoice.activity.map((x) => x.action)).toEqual(['created']);
  // Money and dates as people read them, a duty by its eight-digit number.
  expect(invoice.rows[0]!.description).toMatch(/^Duty #\d{8} of \d{2}\/\d{2}\/2026(, |$)/);
  expect(invoice.rows[1]!.description).toMatch(/\(duty #\d{8}\)$/);
  expect(invoice.activity[0]!.detail).toMatch(/ of \d{2}\/\d{2}\/\d{4}, ₹4,738\.00 payable\.$/);
  expect(await holderOf(a)).toBe(invoice.id);
  // The duties are no longer offered.
  const offered = await h.client.listBillablePurchaseDuties(
    { supplierId: sai, dateFrom: '2026-11-01' },
    staff(),
  );
  expect(offered.duties.map((d) => d.bookingId)).not.toContain(a);
  expect(offered.defaultTdsPercentage).toBe('2.00');
});

it('offers accepted duties, and unaccepted ones only when the supplier allows; says why one cannot be taken', async () => {
  const accepted = await supplierDuty(sai, { date: '2026-10-05' });
  const pending = await supplierDuty(sai, { slip: 'NO_ACTION', date: '2026-10-05' });
  const rejected = await supplierDuty(sai, { slip: 'REJECTED', date: '2026-10-05' });
  const unpriced = await supplierDuty(sai, { amount: null, date: '2026-10-05' });
  const { duties, invoicesUnaccepted } = await h.client.listBillablePurchaseDuties(
    { supplierId: sai, dateFrom: '2026-10-01', dateTo: '2026-10-31' },
    staff(),
  );
  expect(invoicesUnaccepted).toBe(false);
  const reasons = new Map(duties.map((d) => [d.bookingId, d.blockedReason]));
  expect(reasons.get(accepted)).toBe('');
  expect(reasons.get(pending)).toMatch(/not accepted/);
  expect(reasons.get(rejected)).toMatch(/rejected/);
  expect(reasons.get(unpriced)).toMatch(/not priced/);
  // A duty priced at ₹0 (no card of the supplier's) is taken at the amount the supplier billed.
  const zero = await supplierDuty(sai, { amount: '0', date: '2026-10-05' });
  const billedAsTyped = await record({ ...draft(sai, []), duties: [{ bookingId: zero, amount: '1750.50' }] });
  expect([billedAsTyped.rows[0]?.amount, billedAsTyped.taxable]).toEqual(['1750.50', '1750.50']);
  await failsWith(
    h.client.createPurchaseInvoice(
      { draft: { ...draft(sai, []), duties: [{ bookingId: accepted, amount: '1.001' }] } },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'duties.0.amount',
  );
  const refused = await failsWith(
    h.client.createPurchaseInvoice({ draft: draft(sai, [accepted, rejected]) }, staff()),
    'INVALID_ARGUMENT',
    'duties.1.bookingId',
  );
  expect(refused.message).toMatch(/rejected/);
  await failsWith(
    h.client.createPurchaseInvoice({ draft: draft(sai, [pending]) }, staff()),
    'INVALID_ARGUMENT',
    'duties.0.bookingId',
  );
  // Rao Cabs may invoice a duty whose slip nobody acted on, never a rejected one; its own 1.5% TDS.
  const raoPending = await supplierDuty(rao, { slip: 'NO_ACTION', amount: '1000' });
  const raoRejected = await supplierDuty(rao, { slip: 'REJECTED' });
  const forRao = await h.client.listBillablePurchaseDuties(
    { supplierId: rao, dateFrom: '2026-11-01' },
    staff(),
  );
  expect(forRao.invoicesUnaccepted).toBe(true);
  expect(forRao.duties.find((d) => d.bookingId === raoPending)?.blockedReason).toBe('');
  expect(forRao.duties.find((d) => d.bookingId === raoRejected)?.blockedReason).toMatch(/rejected/);
  const invoice = await record(draft(rao, [raoPending]));
  expect([invoice.taxTotal, invoice.tdsPercentage, invoice.tds, invoice.payable]).toEqual([
    '0.00',
    '1.50',
    '15.00',
    '985.00',
  ]);
  // Another supplier's duty is refused.
  await failsWith(
    h.client.createPurchaseInvoice({ draft: draft(rao, [accepted]) }, staff()),
    'INVALID_ARGUMENT',
    'duties.0.bookingId',
  );
});

it('refuses what a person got wrong, naming the field, and records nothing', async () => {
  const duty = await supplierDuty(sai);
  const cases: [Partial<Draft>, string][] = [
    [{ supplierInvoiceNo: '' }, 'supplierInvoiceNo'],
    [{ supplierInvoiceNo: 'x'.repeat(41) }, 'supplierInvoiceNo'],
    // Billing's wire refuses NUL in any text before the use case sees it.
    [{ supplierInvoiceNo: 'a\0b' }, 'draft.supplierInvoiceNo'],
    [{ supplierInvoiceDate: '' }, 'supplierInvoiceDate'],
    [{ supplierInvoiceDate: '2026-13-01' }, 'supplierInvoiceDate'],
    [{ receivedDate: '2026-11-19' }, 'receivedDate'],
    [{ receivedDate: '2026-11-25' }, 'receivedDate'],
    [{ rows: [{ type: 'CUSTOM', amount: '10.005' }] }, 'rows.0.amount'],
    [{ rows: [{ type: 'CUSTOM', amount: '-5' }] }, 'rows.0.amount'],
    [{ rows: [{ type: 'TDS', amount: '5' }] }, 'rows.0.type'],
    [{ discount: '5000' }, 'discount'],
    [{ tdsPercentage: '150' }, 'tdsPercentage'],
    [{ notes: 'x'.repeat(1001) }, 'notes'],
    [{ companyId: 'not-an-id' }, 'companyId'],
  ];
  for (const [change, field] of cases) {
    await failsWith(
      h.client.createPurchaseInvoice({ draft: { ...draft(sai, [duty]), ...change } }, staff()),
      'INVALID_ARGUMENT',
      field,
    );
  }
  await failsWith(
    h.client.createPurchaseInvoice({ draft: { ...draft(sai, []), duties: [] } }, staff()),
    'INVALID_ARGUMENT',
    'rows',
  );
  await failsWith(
    h.client.createPurchaseInvoice({ draft: draft(randomUUID(), [duty]) }, staff()),
    'INVALID_ARGUMENT',
    'supplierId',
  );
  expect(await holderOf(duty)).toBeNull();
});

it("keeps a supplier's number to one live invoice of it, whatever the case; a cancelled one frees it", async () => {
  const first = await record(draft(sai, [await supplierDuty(sai)], { supplierInvoiceNo: 'ST/2026/77' }));
  const error = await failsWith(
    h.client.createPurchaseInvoice(
      { draft: draft(sai, [await supplierDuty(sai)], { supplierInvoiceNo: 'st/2026/77' }) },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'supplierInvoiceNo',
  );
  expect(error.message).toContain(first.purchaseNo);
  // Another supplier may use the same number.
  await record(draft(rao, [await supplierDuty(rao)], { supplierInvoiceNo: 'ST/2026/77' }));
  await h.client.cancelPurchaseInvoice({ id: first.id, reason: 'Entered twice' }, staff());
  await record(draft(sai, [await supplierDuty(sai)], { supplierInvoiceNo: 'ST/2026/77' }));
});

it('numbers purchase invoices consecutively under concurrency, each number once', async () => {
  const duties = await Promise.all(
    Array.from({ length: 12 }, () => supplierDuty(rao, { date: '2026-11-12' })),
  );
  const made = await Promise.all(duties.map((duty) => record(draft(rao, [duty]))));
  const sequences = made.map((p) => Number(p.sequence)).sort((x, y) => x - y);
  const first = sequences[0]!;
  expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
  expect(new Set(made.map((p) => p.purchaseNo)).size).toBe(12);
});

it('lets one of two racing invoices take a duty, and refuses the other naming it', async () => {
  const duty = await supplierDuty(sai);
  const results = await Promise.allSettled([
    h.client.createPurchaseInvoice({ draft: draft(sai, [duty]) }, staff()),
    h.client.createPurchaseInvoice({ draft: draft(sai, [duty]) }, staff()),
  ]);
  const won = results.filter((r) => r.status === 'fulfilled');
  expect(won).toHaveLength(1);
  const lost = results.find((r) => r.status === 'rejected');
  const error = await failsWith(Promise.reject(lost!.reason), 'INVALID_ARGUMENT', 'duties.0.bookingId');
  expect(error.message).toMatch(/on purchase invoice PUR\//);
});

it('changes a draft: a duty off (free again), another on, the TDS overridden; a stale version is refused', async () => {
  const [a, b, c] = [
    await supplierDuty(sai),
    await supplierDuty(sai),
    await supplierDuty(sai, { amount: '1500' }),
  ];
  const invoice = await record(draft(sai, [a, b]));
  const d = { ...draft(sai, [b, c]), supplierInvoiceNo: invoice.supplierInvoiceNo, tdsPercentage: '0' };
  const { purchaseInvoice: changed } = await h.client.updatePurchaseInvoice(
    { id: invoice.id, draft: d, expectedVersion: invoice.version },
    staff(),
  );
  expect(changed!.duties.map((x) => x.bookingId).sort()).toEqual([b, c].sort());
  expect([changed!.taxable, changed!.tds, changed!.total, changed!.payable]).toEqual([
    '3500.00',
    '0.00',
    '3675.00',
    '3675.00',
  ]);
  expect(await holderOf(a)).toBeNull();
  await failsWith(
    h.client.updatePurchaseInvoice({ id: invoice.id, draft: d, expectedVersion: invoice.version }, staff()),
    'FAILED_PRECONDITION',
  );
  await failsWith(
    h.client.updatePurchaseInvoice(
      { id: invoice.id, draft: { ...d, supplierId: rao }, expectedVersion: changed!.version },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'supplierId',
  );
  const { purchaseInvoice: approved } = await h.client.approvePurchaseInvoice({ id: invoice.id }, staff());
  expect(approved!.status).toBe('APPROVED');
  await failsWith(
    h.client.updatePurchaseInvoice({ id: invoice.id, draft: d, expectedVersion: approved!.version }, staff()),
    'FAILED_PRECONDITION',
  );
});

it('cancels with a reason, freeing the duties for another invoice; refused while supplier payments settle it', async () => {
  const duty = await supplierDuty(sai);
  const invoice = await record(draft(sai, [duty]));
  await h.client.approvePurchaseInvoice({ id: invoice.id }, staff());
  await failsWith(
    h.client.cancelPurchaseInvoice({ id: invoice.id, reason: ' ' }, staff()),
    'INVALID_ARGUMENT',
    'reason',
  );
  await h.database.db.asOwner((tx) =>
    tx.execute(sql`update billing.purchase_invoices set paid = 500 where id = ${invoice.id}`),
  );
  const refused = await failsWith(
    h.client.cancelPurchaseInvoice({ id: invoice.id, reason: 'Wrong month' }, staff()),
    'FAILED_PRECONDITION',
  );
  expect(refused.message).toMatch(/₹500\.00/);
  expect(await holderOf(duty)).toBe(invoice.id);
  await h.database.db.asOwner((tx) =>
    tx.execute(sql`update billing.purchase_invoices set paid = 0 where id = ${invoice.id}`),
  );
  const { purchaseInvoice: cancelled } = await h.client.cancelPurchaseInvoice(
    { id: invoice.id, reason: 'Wrong month' },
    staff(),
  );
  expect([cancelled!.status, cancelled!.cancellationReason]).toEqual(['CANCELLED', 'Wrong month']);
  expect(cancelled!.activity.map((a) => a.action)).toEqual(['created', 'approved', 'cancelled']);
  expect(cancelled!.duties.map((d) => d.bookingId)).toEqual([duty]);
  expect(await holderOf(duty)).toBeNull();
  const [event] = await heardAbout('fleet.billing.purchase_invoice.cancelled', invoice.id);
  expect(event?.releasedBookingIds).toEqual([duty]);
  const again = await record(draft(sai, [duty]));
  expect(again.duties.map((d) => d.bookingId)).toEqual([duty]);
  await failsWith(
    h.client.cancelPurchaseInvoice({ id: invoice.id, reason: 'Again' }, staff()),
    'FAILED_PRECONDITION',
  );
});

it('lists by search over our number, the supplier’s number and name, by supplier and status, with cursors', async () => {
  const mine = await record(draft(rao, [await supplierDuty(rao)], { supplierInvoiceNo: 'RAO-ZEBRA-1' }));
  const list = (input: object) =>
    h.client
      .listPurchaseInvoices(input, staff())
      .then((r) => JSON.parse(r.invoicesJson) as { id: string; status: string }[]);
  expect((await list({ search: 'rao-zebra' })).map((p) => p.id)).toEqual([mine.id]);
  expect((await list({ search: mine.purchaseNo.toLowerCase() })).map((p) => p.id)).toEqual([mine.id]);
  expect((await list({ search: 'rao ca', supplierIds: [rao] })).map((p) => p.id)).toContain(mine.id);
  expect((await list({ search: 'rao ca', supplierIds: [sai] })).map((p) => p.id)).toEqual([]);
  expect((await list({ statuses: ['CANCELLED'] })).length).toBeGreaterThan(0);
  expect((await list({})).every((p) => p.status !== 'CANCELLED')).toBe(true);
  const seen: string[] = [];
  let cursor = '';
  for (let page = 0; page < 50; page++) {
    const r = await h.client.listPurchaseInvoices(
      { page: { limit: 3, cursor, sortBy: 'received_date' }, includeCancelled: true },
      staff(),
    );
    seen.push(...(JSON.parse(r.invoicesJson) as { id: string }[]).map((p) => p.id));
    if (!r.page?.hasMore) break;
    cursor = r.page.nextCursor;
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toContain(mine.id);
  await failsWith(
    h.client.listPurchaseInvoices({ page: { cursor: 'junk' } }, staff()),
    'INVALID_ARGUMENT',
    'cursor',
  );
  await failsWith(
    h.client.listPurchaseInvoices({ statuses: ['PAID'] }, staff()),
    'INVALID_ARGUMENT',
    'statuses',
  );
});

it('prints the invoice as a PDF with its numbers and figures', async () => {
  const invoice = await record(draft(sai, [await supplierDuty(sai, { amount: '1000' })]));
  const { pdf, fileName } = await h.client.renderPurchaseInvoice({ id: invoice.id }, staff());
  expect(fileName).toBe(`purchase-invoice-${invoice.purchaseNo.replaceAll('/', '-')}.pdf`);
  const text = (await readPdf(pdf)).pages.map((p) => p.text).join('\n');
  expect(text).toContain(invoice.purchaseNo);
  expect(text).toContain(invoice.supplierInvoiceNo);
  expect(text).toContain('₹1,030.00');
});

it('emails an approved invoice to the supplier through the outbox, not a draft', async () => {
  const invoice = await record(draft(sai, [await supplierDuty(sai)]));
  await failsWith(h.client.emailPurchaseInvoice({ id: invoice.id }, staff()), 'FAILED_PRECONDITION');
  await h.client.approvePurchaseInvoice({ id: invoice.id }, staff());
  await failsWith(
    h.client.emailPurchaseInvoice({ id: invoice.id, to: ['nope'] }, staff()),
    'INVALID_ARGUMENT',
    'to.0',
  );
  const { purchaseInvoice } = await h.client.emailPurchaseInvoice({ id: invoice.id }, staff());
  expect(purchaseInvoice!.activity.at(-1)).toMatchObject({
    action: 'emailed',
    detail: 'accounts@saitravels.example',
  });
  const [event] = await heardAbout('fleet.billing.purchase_invoice.emailed', invoice.id);
  expect(event).toMatchObject({ tenantId: T, action: 'emailed', emailTo: ['accounts@saitravels.example'] });
  expect(event?.purchaseInvoice?.status).toBe('APPROVED');
});

it('keeps each operator’s purchase invoices its own, in the database too', async () => {
  const other = randomUUID();
  const theirs = callAs(h.callerFor(other, Object.values(PERMISSION)));
  const mine = await record(draft(sai, [await supplierDuty(sai)]));
  expect(JSON.parse((await h.client.listPurchaseInvoices({}, theirs)).invoicesJson)).toEqual([]);
  await failsWith(h.client.getPurchaseInvoice({ id: mine.id }, theirs), 'NOT_FOUND');
  await failsWith(h.client.cancelPurchaseInvoice({ id: mine.id, reason: 'x' }, theirs), 'NOT_FOUND');
  const counts = await h.database.db.withTenant(other, (tx) =>
    rows(
      tx,
      sql`select (select count(*) from billing.purchase_invoices)::int as invoices,
      (select count(*) from billing.purchase_invoice_lines)::int as lines,
      (select count(*) from billing.purchase_invoice_activity)::int as activity`,
    ),
  );
  expect(counts).toEqual([{ invoices: 0, lines: 0, activity: 0 }]);
});

it('asks each procedure’s permission', async () => {
  const duty = await supplierDuty(sai);
  const invoice = await record(draft(sai, [await supplierDuty(sai)]));
  const denied = (call: Promise<unknown>) => failsWith(call, 'PERMISSION_DENIED');
  await denied(h.client.listPurchaseInvoices({}, without(PERMISSION.view_purchase)));
  await denied(h.client.getPurchaseInvoice({ id: invoice.id }, without(PERMISSION.view_purchase)));
  await denied(h.client.listBillablePurchaseDuties({ supplierId: sai }, without(PERMISSION.manage_purchase)));
  await denied(
    h.client.createPurchaseInvoice({ draft: draft(sai, [duty]) }, without(PERMISSION.manage_purchase)),
  );
  await denied(
    h.client.updatePurchaseInvoice(
      { id: invoice.id, draft: draft(sai, [duty]), expectedVersion: invoice.version },
      without(PERMISSION.manage_purchase),
    ),
  );
  await denied(
    h.client.approvePurchaseInvoice({ id: invoice.id }, without(PERMISSION.approve_purchase_invoice)),
  );
  await denied(
    h.client.cancelPurchaseInvoice({ id: invoice.id, reason: 'x' }, without(PERMISSION.cancel_purchase)),
  );
  await denied(h.client.emailPurchaseInvoice({ id: invoice.id }, without(PERMISSION.email_purchase)));
  await denied(
    h.client.renderPurchaseInvoice({ id: invoice.id }, without(PERMISSION.download_print_purchase)),
  );
  expect(await holderOf(duty)).toBeNull();
});
