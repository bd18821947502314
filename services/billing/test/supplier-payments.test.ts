// Supplier payments against a real PostgreSQL through billing's gRPC routes, over purchase invoices written
// straight into billing.purchase_invoices: payments across several invoices, advances applied later,
// cancellation restoring exactly what was paid, numbering under concurrency, racing payments never paying
// an invoice beyond what it owes, the supplier outstanding aged, row-level security and each procedure
// without its permission — and, by property, no sequence of payments, applications and cancellations
// leaves `paid`, `applied` or the outstanding disagreeing with a ledger kept here.
import { randomUUID } from 'node:crypto';
import { fromBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import {
  type SupplierPaymentChanged,
  SupplierPaymentChangedSchema,
} from '@fleet/proto/fleet/billing/v1/events_pb';
import type { CreateSupplierPaymentRequestSchema } from '@fleet/proto/fleet/billing/v1/supplier_payment_pb';
import { eventually, expectDomainError } from '@fleet/testing';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let supplier: string;

const newSupplier = (name: string) =>
  m.create('supplier', { name: `${name} ${randomUUID().slice(0, 6)}`, supplier_type: 'COMPANY' });

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  supplier = await newSupplier('Sahyadri Travels');
}, 60_000);
afterAll(() => h?.close());

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
}

let invoiceCount = 0;
/** A purchase invoice of the supplier written by SQL, as the purchase invoices' use cases leave one. */
async function purchaseInvoice(
  payable: string,
  options: {
    supplierId?: string;
    tenantId?: string;
    date?: string;
    due?: string | null;
    status?: 'DRAFT' | 'APPROVED' | 'CANCELLED';
    companyId?: string;
  } = {},
) {
  invoiceCount += 1;
  const n = invoiceCount;
  const id: string = randomUUID();
  const supplierId = options.supplierId ?? supplier;
  await h.database.db.withTenant(options.tenantId ?? T, (tx) =>
    tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, due_date,
        status, taxable, total, payable, cancellation_reason)
      values (${id}, ${options.tenantId ?? T}, ${`PUR/26-27/${String(n).padStart(4, '0')}`},
        ${n}, '2026-27', ${options.companyId ?? m.company}, ${supplierId}, 'Sahyadri Travels',
        ${`ST-${n}`}, ${options.date ?? '2026-11-20'}, ${options.date ?? '2026-11-20'},
        ${options.due === undefined ? null : options.due}, ${options.status ?? 'APPROVED'}, ${payable}, ${payable},
        ${payable}, ${options.status === 'CANCELLED' ? 'Wrong' : ''})`),
  );
  return id;
}

const owing = async (invoiceId: string) =>
  (await h.client.listOwingPurchaseInvoices({ purchaseInvoiceIds: [invoiceId] }, staff())).invoices[0]!.owing;

it('pays two invoices of a supplier in one payment, holding the rest; cancelling restores both exactly', async () => {
  const a = await purchaseInvoice('4200');
  const b = await purchaseInvoice('2100.50');
  const open = await h.client.listOwingPurchaseInvoices({ supplierId: supplier }, staff());
  expect(open.invoices.map((i) => [i.purchaseInvoiceId, i.owing])).toEqual([
    [a, '4200.00'],
    [b, '2100.50'],
  ]);
  const { payment } = await h.client.createSupplierPayment(
    {
      type: 'INVOICE',
      supplierId: supplier,
      amount: '5000',
      paymentMode: 'CHEQUE',
      chequeNo: '004512',
      chequeDate: '2026-11-24',
      bankName: 'HDFC Bank',
      settlements: [
        { purchaseInvoiceId: a, amount: '4200' },
        { purchaseInvoiceId: b, amount: '700.25' },
      ],
    },
    staff(),
  );
  expect(payment).toMatchObject({
    paymentNo: 'PAY/26-27/0001',
    paymentDate: '2026-11-24',
    companyId: m.company,
    supplierName: expect.stringMatching(/^Sahyadri Travels /),
    amount: '5000.00',
    appliedAmount: '4900.25',
    unappliedAmount: '99.75',
    chequeNo: '004512',
  });
  expect(payment!.settlements.map((s) => [s.purchaseNo, s.amount, s.isLive])).toEqual(
    expect.arrayContaining([
      [expect.stringMatching(/^PUR\//), '4200.00', true],
      [expect.stringMatching(/^PUR\//), '700.25', true],
    ]),
  );
  expect([await owing(a), await owing(b)]).toEqual(['0.00', '1400.25']);
  // A fully paid invoice is no longer offered; what the payment left over is held as an advance.
  const after = await h.client.listOwingPurchaseInvoices({ supplierId: supplier }, staff());
  expect(after.invoices.map((i) => i.purchaseInvoiceId)).toEqual([b]);
  expect(after.advances).toBe('99.75');

  const cancelled = (
    await h.client.cancelSupplierPayment({ id: payment!.id, reason: 'Cheque not honoured' }, staff())
  ).payment!;
  expect([
    cancelled.isCancelled,
    cancelled.cancellationReason,
    cancelled.paymentNo,
    cancelled.unappliedAmount,
  ]).toEqual([true, 'Cheque not honoured', 'PAY/26-27/0001', '0.00']);
  expect(cancelled.settlements.every((s) => !s.isLive)).toBe(true);
  expect([await owing(a), await owing(b)]).toEqual(['4200.00', '2100.50']);
  expect((await h.client.listOwingPurchaseInvoices({ supplierId: supplier }, staff())).advances).toBe('0.00');
  await failsWith(
    h.client.cancelSupplierPayment({ id: payment!.id, reason: 'Again' }, staff()),
    'FAILED_PRECONDITION',
  );
  await failsWith(
    h.client.cancelSupplierPayment({ id: payment!.id, reason: ' ' }, staff()),
    'INVALID_ARGUMENT',
    'reason',
  );
  // The invoice's own page lists the payment, cancelled ones when asked.
  const ofInvoice = await h.client.listSupplierPayments(
    { purchaseInvoiceId: a, includeCancelled: true },
    staff(),
  );
  expect(ofInvoice.payments.map((p) => p.id)).toEqual([payment!.id]);
  expect((await h.client.listSupplierPayments({ purchaseInvoiceId: a }, staff())).payments).toEqual([]);
});

it('pays an advance on a duty the supplier runs, and applies it to an invoice later', async () => {
  const bookingId = randomUUID();
  await h.database.db.asOwner((tx) =>
    tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
        from_city_id, start_date, supplier_id, supplier_name)
      values (${bookingId}, ${T}, 9001, 1, 'CLOSED', ${m.customer}, 'mh-pune', '2026-11-20', ${supplier}, 'Sahyadri')`),
  );
  const other = await newSupplier('Deccan Cabs');
  const advance = (body: { supplierId: string; bookingId?: string; amount?: string }) =>
    h.client.createSupplierPayment(
      {
        type: 'ADVANCE',
        amount: body.amount ?? '3000',
        paymentMode: 'NEFT',
        reference: 'UTR77',
        settlements: [],
        ...body,
      },
      staff(),
    );
  await failsWith(advance({ supplierId: other, bookingId }), 'INVALID_ARGUMENT', 'bookingId');
  const { payment } = await advance({ supplierId: supplier, bookingId });
  expect([payment!.type, payment!.bookingId, payment!.unappliedAmount, payment!.reference]).toEqual([
    'ADVANCE',
    bookingId,
    '3000.00',
    'UTR77',
  ]);
  const invoice = await purchaseInvoice('2000');
  const applied = (
    await h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: invoice, amount: '2000' }] },
      staff(),
    )
  ).payment!;
  expect([applied.appliedAmount, applied.unappliedAmount, applied.settlements.length]).toEqual([
    '2000.00',
    '1000.00',
    1,
  ]);
  expect(await owing(invoice)).toBe('0.00');
  // What it holds is all it can apply, and only to its supplier's approved invoices.
  const more = await purchaseInvoice('5000');
  await failsWith(
    h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: more, amount: '1000.01' }] },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'amount',
  );
  const theirs = await purchaseInvoice('100', { supplierId: other });
  await failsWith(
    h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: theirs, amount: '10' }] },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'settlements',
  );
  const draft = await purchaseInvoice('100', { status: 'DRAFT' });
  await failsWith(
    h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: draft, amount: '10' }] },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'settlements',
  );
  // Cancelling the advance gives the invoice it paid its debt back.
  await h.client.cancelSupplierPayment({ id: payment!.id, reason: 'Paid twice' }, staff());
  expect(await owing(invoice)).toBe('2000.00');
  await failsWith(
    h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: more, amount: '1' }] },
      staff(),
    ),
    'FAILED_PRECONDITION',
  );
});

it('refuses what cannot be paid, naming the field, and changes nothing', async () => {
  const invoice = await purchaseInvoice('1050');
  const otherCompany = await purchaseInvoice('10', { companyId: randomUUID() });
  const refused = (
    input: Omit<Partial<MessageInitShape<typeof CreateSupplierPaymentRequestSchema>>, '$typeName'>,
    field: string,
  ) =>
    failsWith(
      h.client.createSupplierPayment(
        {
          type: 'INVOICE',
          supplierId: supplier,
          amount: '1050',
          paymentMode: 'NEFT',
          settlements: [{ purchaseInvoiceId: invoice, amount: '1050' }],
          ...input,
        },
        staff(),
      ),
      'INVALID_ARGUMENT',
      field,
    );
  await refused(
    { settlements: [{ purchaseInvoiceId: invoice, amount: '1050.01' }], amount: '2000' },
    'settlements.0.amount',
  );
  await refused({ amount: '1000' }, 'amount');
  await refused({ amount: '0' }, 'amount');
  await refused({ amount: '10.001' }, 'amount');
  await refused({ amount: '-5' }, 'amount');
  await refused({ paymentMode: 'BARTER' }, 'paymentMode');
  await refused({ type: 'LOAN' }, 'type');
  await refused({ paymentMode: 'CHEQUE' }, 'chequeNo');
  await refused({ type: 'ADVANCE' }, 'settlements');
  await refused({ settlements: [] }, 'settlements');
  await refused({ bookingId: randomUUID() }, 'bookingId');
  await refused(
    { settlements: [{ purchaseInvoiceId: 'not-an-id', amount: '1' }] },
    'settlements.0.purchaseInvoiceId',
  );
  await refused({ settlements: [{ purchaseInvoiceId: randomUUID(), amount: '1' }] }, 'settlements');
  await refused(
    {
      settlements: [
        { purchaseInvoiceId: invoice, amount: '1' },
        { purchaseInvoiceId: otherCompany, amount: '1' },
      ],
    },
    'settlements',
  );
  await refused(
    {
      settlements: [
        { purchaseInvoiceId: invoice, amount: '1' },
        { purchaseInvoiceId: invoice, amount: '1' },
      ],
    },
    'settlements.1.purchaseInvoiceId',
  );
  await refused({ supplierId: randomUUID() }, 'supplierId');
  await refused({ supplierId: 'x' }, 'supplierId');
  await refused({ notes: 'a\u0000b' }, 'notes');
  await refused({ paymentDate: '24/11/2026' }, 'paymentDate');
  await failsWith(h.client.listOwingPurchaseInvoices({}, staff()), 'INVALID_ARGUMENT', 'supplierId');
  await failsWith(h.client.listSupplierPayments({ types: ['LOAN'] }, staff()), 'INVALID_ARGUMENT', 'types');
  await failsWith(h.client.listSupplierPayments({ page: { cursor: 'zzz' } }, staff()), 'INVALID_ARGUMENT');
  await failsWith(h.client.getSupplierPayment({ id: randomUUID() }, staff()), 'NOT_FOUND');
  expect(await owing(invoice)).toBe('1050.00');
});

it('numbers payments consecutively under concurrency, each number once', async () => {
  const made = await Promise.all(
    Array.from({ length: 24 }, () =>
      h.client.createSupplierPayment(
        { type: 'ADVANCE', supplierId: supplier, amount: '100', paymentMode: 'CASH', settlements: [] },
        staff(),
      ),
    ),
  );
  const sequences = made.map((r) => Number(r.payment!.sequence)).sort((x, y) => x - y);
  const first = sequences[0]!;
  expect(sequences).toEqual(Array.from({ length: 24 }, (_, i) => first + i));
  expect(new Set(made.map((r) => r.payment!.paymentNo)).size).toBe(24);
  await Promise.all(
    made.map((r) => h.client.cancelSupplierPayment({ id: r.payment!.id, reason: 'Test advances' }, staff())),
  );
});

it('never lets two payments pay one invoice beyond what it owes, however they race', async () => {
  const invoice = await purchaseInvoice('1000');
  const results = await Promise.allSettled(
    Array.from({ length: 6 }, () =>
      h.client.createSupplierPayment(
        {
          type: 'INVOICE',
          supplierId: supplier,
          amount: '400',
          paymentMode: 'NEFT',
          settlements: [{ purchaseInvoiceId: invoice, amount: '400' }],
        },
        staff(),
      ),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  expect(await owing(invoice)).toBe('200.00');
});

it('ages what each supplier is owed by invoice date or due date, net of its advances', async () => {
  const aged = await newSupplier('Ageing Fleet');
  await purchaseInvoice('1000', { supplierId: aged, date: '2026-11-24', due: '2026-12-09' }); // today
  const october = await purchaseInvoice('2000', { supplierId: aged, date: '2026-10-10', due: '2026-10-25' }); // 45 days, 30 overdue
  await purchaseInvoice('4000', { supplierId: aged, date: '2026-07-01' }); // 146 days, no due date
  await purchaseInvoice('999', { supplierId: aged, status: 'DRAFT' });
  await purchaseInvoice('999', { supplierId: aged, status: 'CANCELLED' });
  await h.client.createSupplierPayment(
    {
      type: 'INVOICE',
      supplierId: aged,
      amount: '900',
      paymentMode: 'NEFT',
      settlements: [{ purchaseInvoiceId: october, amount: '900' }],
    },
    staff(),
  );
  await h.client.createSupplierPayment(
    { type: 'ADVANCE', supplierId: aged, amount: '500', paymentMode: 'CASH', settlements: [] },
    staff(),
  );
  const report = async (basis: string) => {
    const r = await h.client.listSupplierOutstanding({ basis, supplierIds: [aged] }, staff());
    const [row] = r.suppliers;
    return [
      r.asOf,
      row!.openInvoices,
      row!.outstanding,
      row!.advances,
      row!.notDue,
      row!.days1To30,
      row!.days31To60,
      row!.days61To90,
      row!.over90,
      row!.oldestInvoiceDate,
    ];
  };
  expect(await report('INVOICE_DATE')).toEqual([
    '2026-11-24',
    3,
    '6100.00',
    '500.00',
    '1000.00',
    '0.00',
    '1100.00',
    '0.00',
    '4000.00',
    '2026-07-01',
  ]);
  expect(await report('DUE_DATE')).toEqual([
    '2026-11-24',
    3,
    '6100.00',
    '500.00',
    '1000.00',
    '1100.00',
    '0.00',
    '0.00',
    '4000.00',
    '2026-07-01',
  ]);
  await failsWith(
    h.client.listSupplierOutstanding({ basis: 'SHIP_DATE' }, staff()),
    'INVALID_ARGUMENT',
    'basis',
  );
  const all = await h.client.listSupplierOutstanding({}, staff());
  const mine = all.suppliers.find((s) => s.supplierId === aged);
  expect(mine?.supplierName).toBe('Sahyadri Travels');
  expect(all.total!.outstanding).toBe(
    all.suppliers.reduce((sum, s) => sum.plus(s.outstanding), new Decimal(0)).toFixed(2),
  );
  expect(all.total!.advances).toBe(
    all.suppliers.reduce((sum, s) => sum.plus(s.advances), new Decimal(0)).toFixed(2),
  );
  // Biggest net of advances first.
  const nets = all.suppliers.map((s) => new Decimal(s.outstanding).minus(s.advances).toNumber());
  expect(nets).toEqual([...nets].sort((x, y) => y - x));
});

it('lists payments newest first, by page, filtered and searched by number or supplier name', async () => {
  const listed = await newSupplier('Listed Carriers');
  const dates = ['2026-10-01', '2026-10-15', '2026-11-01', '2026-11-15', '2026-11-20'];
  const made = [];
  for (const paymentDate of dates) {
    made.push(
      (
        await h.client.createSupplierPayment(
          {
            type: 'ADVANCE',
            supplierId: listed,
            amount: '10',
            paymentDate,
            paymentMode: 'CASH',
            settlements: [],
          },
          staff(),
        )
      ).payment!,
    );
  }
  const seen: string[] = [];
  let cursor = '';
  do {
    const page = await h.client.listSupplierPayments(
      { supplierIds: [listed], page: { limit: 2, cursor } },
      staff(),
    );
    seen.push(...page.payments.map((p) => p.paymentDate));
    cursor = page.page!.nextCursor;
  } while (cursor);
  expect(seen).toEqual([...dates].reverse());
  const october = await h.client.listSupplierPayments(
    { supplierIds: [listed], dateFrom: '2026-10-01', dateTo: '2026-10-31', types: ['ADVANCE'] },
    staff(),
  );
  expect(october.payments.map((p) => p.paymentDate)).toEqual(['2026-10-15', '2026-10-01']);
  const byName = await h.client.listSupplierPayments({ search: 'listed carr' }, staff());
  expect(byName.payments.map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
  const byNumber = await h.client.listSupplierPayments({ search: made[0]!.paymentNo.toLowerCase() }, staff());
  expect(byNumber.payments.map((p) => p.id)).toEqual([made[0]!.id]);
  expect((await h.client.listSupplierPayments({ search: '%' }, staff())).payments).toEqual([]);
  expect(
    (await h.client.listSupplierPayments({ supplierIds: [listed], types: ['INVOICE'] }, staff())).payments,
  ).toEqual([]);
});

it('keeps each operator’s payments its own', async () => {
  const other = randomUUID();
  const theirs = callAs(h.callerFor(other, Object.values(PERMISSION)));
  expect((await h.client.listSupplierPayments({}, theirs)).payments).toEqual([]);
  expect((await h.client.listSupplierOutstanding({}, theirs)).suppliers).toEqual([]);
  const mine = (await h.client.listSupplierPayments({ page: { limit: 1 } }, staff())).payments[0]!;
  await failsWith(h.client.getSupplierPayment({ id: mine.id }, theirs), 'NOT_FOUND');
  await failsWith(h.client.cancelSupplierPayment({ id: mine.id, reason: 'Not mine' }, theirs), 'NOT_FOUND');
  const invoice = await purchaseInvoice('100');
  expect(
    (await h.client.listOwingPurchaseInvoices({ purchaseInvoiceIds: [invoice] }, theirs)).invoices,
  ).toEqual([]);
  await failsWith(
    h.client.createSupplierPayment(
      {
        type: 'INVOICE',
        supplierId: supplier,
        amount: '100',
        paymentMode: 'CASH',
        settlements: [{ purchaseInvoiceId: invoice, amount: '100' }],
      },
      theirs,
    ),
    'INVALID_ARGUMENT',
  );
  expect(await owing(invoice)).toBe('100.00');
});

it('asks each procedure’s permission', async () => {
  const invoice = await purchaseInvoice('500');
  const denied = (call: Promise<unknown>) => failsWith(call, 'PERMISSION_DENIED');
  const view = without(PERMISSION.view_purchase_payment);
  const manage = without(PERMISSION.manage_purchase_payment);
  await denied(h.client.listSupplierPayments({}, view));
  await denied(h.client.listOwingPurchaseInvoices({ supplierId: supplier }, view));
  await denied(h.client.listSupplierOutstanding({}, view));
  await denied(
    h.client.createSupplierPayment(
      {
        type: 'INVOICE',
        supplierId: supplier,
        amount: '500',
        paymentMode: 'CASH',
        settlements: [{ purchaseInvoiceId: invoice, amount: '500' }],
      },
      manage,
    ),
  );
  const { payment } = await h.client.createSupplierPayment(
    { type: 'ADVANCE', supplierId: supplier, amount: '1', paymentMode: 'CASH', settlements: [] },
    staff(),
  );
  await denied(h.client.getSupplierPayment({ id: payment!.id }, view));
  await denied(
    h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: invoice, amount: '1' }] },
      manage,
    ),
  );
  await denied(h.client.cancelSupplierPayment({ id: payment!.id, reason: 'x' }, manage));
  expect(await owing(invoice)).toBe('500.00');
});

it('publishes each payment’s creation, application and cancellation through the outbox', async () => {
  const heard: { subject: string; event: SupplierPaymentChanged }[] = [];
  const subscription = await h.testBus.bus.subscribe({
    durable: 'supplier-payments-test',
    subjects: ['fleet.billing.supplier_payment.>'],
    async deliver(message) {
      heard.push({ subject: message.subject, event: fromBinary(SupplierPaymentChangedSchema, message.data) });
    },
  });
  try {
    const { payment } = await h.client.createSupplierPayment(
      { type: 'ADVANCE', supplierId: supplier, amount: '75', paymentMode: 'CASH', settlements: [] },
      staff(),
    );
    const invoice = await purchaseInvoice('50');
    await h.client.applySupplierPayment(
      { id: payment!.id, settlements: [{ purchaseInvoiceId: invoice, amount: '50' }] },
      staff(),
    );
    await h.client.cancelSupplierPayment({ id: payment!.id, reason: 'Event test' }, staff());
    const mine = () => heard.filter((m) => m.event.payment?.id === payment!.id);
    await eventually(
      async () => mine().length,
      (count) => count >= 3,
    );
    expect(
      mine().map((m) => [m.subject, m.event.action, m.event.tenantId, m.event.payment?.unappliedAmount]),
    ).toEqual([
      ['fleet.billing.supplier_payment.created', 'created', T, '75.00'],
      ['fleet.billing.supplier_payment.applied', 'applied', T, '25.00'],
      ['fleet.billing.supplier_payment.cancelled', 'cancelled', T, '0.00'],
    ]);
  } finally {
    await subscription.stop();
  }
});

it('agrees with a ledger to the paisa after any sequence of payments, applications and cancellations', async () => {
  const ledgerSupplier = await newSupplier('Ledger Tours');
  const payables = ['1234.56', '999.99', '50.05'];
  const invoices = await Promise.all(payables.map((p) => purchaseInvoice(p, { supplierId: ledgerSupplier })));
  const payable = new Map(invoices.map((id, i) => [id, new Decimal(payables[i]!)]));
  const owed = new Map(invoices.map((id, i) => [id, new Decimal(payables[i]!)]));
  const live: { id: string; amount: Decimal; settled: Map<string, Decimal>; applied: Decimal }[] = [];
  const paise = fc.integer({ min: 1, max: 80_000 }).map((p) => new Decimal(p).div(100));
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('pay' as const),
      on: fc.nat(2),
      also: fc.nat(2),
      cash: paise,
      extra: paise,
    }),
    fc.record({ kind: fc.constant('advance' as const), cash: paise }),
    fc.record({ kind: fc.constant('apply' as const), which: fc.nat(20), on: fc.nat(2), cash: paise }),
    fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(20) }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 8 }), async (steps) => {
      for (const s of steps) {
        if (s.kind === 'pay') {
          const targets = [...new Set([invoices[s.on]!, invoices[s.also]!])];
          const shares = targets
            .map((id, i) => ({ id, amount: Decimal.min(i === 0 ? s.cash : s.extra, owed.get(id)!) }))
            .filter((x) => x.amount.gt(0));
          if (shares.length === 0) continue;
          const applied = shares.reduce((sum, x) => sum.plus(x.amount), new Decimal(0));
          // Sometimes a payment pays more than the invoices take: the rest is held.
          const amount = applied.plus(s.extra.gt(400) ? s.extra.div(10).toDecimalPlaces(2) : 0);
          const { payment } = await h.client.createSupplierPayment(
            {
              type: 'INVOICE',
              supplierId: ledgerSupplier,
              amount: amount.toFixed(2),
              paymentMode: 'NEFT',
              settlements: shares.map((x) => ({ purchaseInvoiceId: x.id, amount: x.amount.toFixed(2) })),
            },
            staff(),
          );
          live.push({
            id: payment!.id,
            amount,
            settled: new Map(shares.map((x) => [x.id, x.amount])),
            applied,
          });
          for (const x of shares) owed.set(x.id, owed.get(x.id)!.minus(x.amount));
        } else if (s.kind === 'advance') {
          const { payment } = await h.client.createSupplierPayment(
            {
              type: 'ADVANCE',
              supplierId: ledgerSupplier,
              amount: s.cash.toFixed(2),
              paymentMode: 'CASH',
              settlements: [],
            },
            staff(),
          );
          live.push({ id: payment!.id, amount: s.cash, settled: new Map(), applied: new Decimal(0) });
        } else if (s.kind === 'apply') {
          const holding = live.filter((p) => p.amount.gt(p.applied));
          const payment = holding[s.which % Math.max(1, holding.length)];
          const invoiceId = invoices[s.on]!;
          if (!payment) continue;
          const amount = Decimal.min(s.cash, payment.amount.minus(payment.applied), owed.get(invoiceId)!);
          if (amount.lte(0)) continue;
          await h.client.applySupplierPayment(
            { id: payment.id, settlements: [{ purchaseInvoiceId: invoiceId, amount: amount.toFixed(2) }] },
            staff(),
          );
          payment.applied = payment.applied.plus(amount);
          payment.settled.set(invoiceId, (payment.settled.get(invoiceId) ?? new Decimal(0)).plus(amount));
          owed.set(invoiceId, owed.get(invoiceId)!.minus(amount));
        } else if (live.length > 0) {
          const [gone] = live.splice(s.which % live.length, 1);
          await h.client.cancelSupplierPayment({ id: gone!.id, reason: 'Property step' }, staff());
          for (const [invoiceId, amount] of gone!.settled)
            owed.set(invoiceId, owed.get(invoiceId)!.plus(amount));
        }
      }
      const open = await h.client.listOwingPurchaseInvoices({ purchaseInvoiceIds: invoices }, staff());
      for (const invoice of open.invoices) {
        const id = invoice.purchaseInvoiceId;
        expect([id, invoice.owing, invoice.paid]).toEqual([
          id,
          owed.get(id)!.toFixed(2),
          payable.get(id)!.minus(owed.get(id)!).toFixed(2),
        ]);
      }
      for (const p of live) {
        const { payment } = await h.client.getSupplierPayment({ id: p.id }, staff());
        expect([payment!.appliedAmount, payment!.unappliedAmount]).toEqual([
          p.applied.toFixed(2),
          p.amount.minus(p.applied).toFixed(2),
        ]);
      }
      const held = live.reduce((sum, p) => sum.plus(p.amount.minus(p.applied)), new Decimal(0));
      const stillOwed = [...owed.values()].reduce((sum, v) => sum.plus(v), new Decimal(0));
      const [row] = (await h.client.listSupplierOutstanding({ supplierIds: [ledgerSupplier] }, staff()))
        .suppliers;
      expect([row?.outstanding ?? '0.00', row?.advances ?? '0.00']).toEqual([
        stillOwed.toFixed(2),
        held.toFixed(2),
      ]);
      expect(open.advances).toBe(held.toFixed(2));
    }),
    { numRuns: 12 },
  );
}, 180_000);
