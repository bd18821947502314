// Receipts against a real PostgreSQL through billing's gRPC routes: part-payments with TDS and bank
// charges against several invoices, advances applied later, cancellation giving back exactly what was
// settled, numbering under concurrency, the invoice that cannot be cancelled while paid, row-level
// security and each procedure without its permission — and, by property, no sequence of receipts,
// applications and cancellations leaves an invoice's outstanding disagreeing with a ledger kept here.
import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import type { CreateReceiptRequestSchema } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T, { customer: { tds_percentage: '2' } });
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

/** The call fails with this code (and names this field). */
async function failsWith(call: Promise<unknown>, code: string, field?: string) {
  const error = await expectDomainError(call);
  expect([error.code, error.message]).toEqual([code, expect.any(String)]);
  if (field) expect(error.fieldViolations.map((v) => v.field)).toEqual([field]);
}

/** An approved manual invoice of ₹`rate` + 5% GST. */
async function approvedInvoice(rate: string, customerId = m.customer, invoiceDate?: string) {
  const { invoice } = await h.client.createInvoice(
    {
      draft: {
        customerId,
        invoiceDate,
        lines: [{ type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate, isTaxable: true }],
      },
    },
    staff(),
  );
  const approved = (await h.client.approveInvoice({ id: invoice!.id }, staff())).invoice!;
  return approved;
}

const outstanding = async (invoiceId: string) =>
  (await h.client.listOpenInvoices({ invoiceIds: [invoiceId] }, staff())).invoices[0]!.outstanding;

it('settles DOMAIN.md’s example: ₹10,500 with ₹200 TDS deducted is settled by ₹10,300 received', async () => {
  const invoice = await approvedInvoice('10000');
  expect(invoice.totals?.total).toBe('10500.00');
  const [open] = (await h.client.listOpenInvoices({ invoiceIds: [invoice.id] }, staff())).invoices;
  expect([open!.outstanding, open!.defaultTds]).toEqual(['10500.00', '200.00']);
  const { receipt } = await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '10300',
      paymentMode: 'NEFT',
      reference: 'UTR0042',
      settlements: [{ invoiceId: invoice.id, amount: '10300', tdsAmount: '200' }],
    },
    staff(),
  );
  expect(receipt).toMatchObject({
    receiptNo: 'RCT/26-27/0001',
    receiptDate: '2026-11-24',
    customerName: 'Harbour Logistics',
    companyId: m.company,
    receivedAmount: '10300.00',
    adjustedAmount: '10300.00',
    tdsAmount: '200.00',
    unappliedAmount: '0.00',
  });
  expect(await outstanding(invoice.id)).toBe('0.00');
  const open2 = await h.client.listOpenInvoices({ customerId: m.customer }, staff());
  expect(open2.invoices.map((i) => i.invoiceId)).not.toContain(invoice.id);
  // The invoice's history says it was paid, and by which receipt.
  const page = await h.client.getInvoice({ id: invoice.id }, staff());
  expect(page.activity.at(-1)).toMatchObject({ action: 'settled' });
  expect(page.activity.at(-1)!.note).toContain('RCT/26-27/0001');
});

it('takes a part-payment with TDS and bank charges across two invoices; cancelling it restores both exactly', async () => {
  const a = await approvedInvoice('4000'); // 4,200.00
  const b = await approvedInvoice('2000'); // 2,100.00
  const { receipt } = await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '5000',
      paymentMode: 'CHEQUE',
      chequeNo: '004512',
      chequeDate: '2026-11-20',
      bankName: 'HDFC Bank',
      settlements: [
        { invoiceId: a.id, amount: '4100', tdsAmount: '80', bankCharges: '20' },
        { invoiceId: b.id, amount: '900', tdsAmount: '40' },
      ],
    },
    staff(),
  );
  expect([receipt!.tdsAmount, receipt!.bankCharges, receipt!.adjustedAmount]).toEqual([
    '120.00',
    '20.00',
    '5000.00',
  ]);
  expect(await outstanding(a.id)).toBe('0.00');
  expect(await outstanding(b.id)).toBe('1160.00');
  // The TDS still to deduct from b: 2% of 2,000 less the 40 deducted.
  expect((await h.client.listOpenInvoices({ invoiceIds: [b.id] }, staff())).invoices[0]!.defaultTds).toBe(
    '0.00',
  );

  // The invoice cannot be cancelled while a receipt settles it.
  await failsWith(h.client.cancelInvoice({ id: a.id, reason: 'Wrong rate' }, staff()), 'FAILED_PRECONDITION');

  const cancelled = (await h.client.cancelReceipt({ id: receipt!.id, reason: 'Cheque bounced' }, staff()))
    .receipt!;
  expect([cancelled.isCancelled, cancelled.cancellationReason, cancelled.receiptNo]).toEqual([
    true,
    'Cheque bounced',
    receipt!.receiptNo,
  ]);
  expect(await outstanding(a.id)).toBe('4200.00');
  expect(await outstanding(b.id)).toBe('2100.00');
  await failsWith(
    h.client.cancelReceipt({ id: receipt!.id, reason: 'Again' }, staff()),
    'FAILED_PRECONDITION',
  );
  // Now it can be.
  expect((await h.client.cancelInvoice({ id: a.id, reason: 'Wrong rate' }, staff())).invoice?.status).toBe(
    'CANCELLED',
  );
});

it('holds an advance for the customer and applies it to an invoice later', async () => {
  const { receipt: advance } = await h.client.createReceipt(
    { type: 'ADVANCE', customerId: m.customer, receivedAmount: '3000', paymentMode: 'CASH', settlements: [] },
    staff(),
  );
  expect(advance!.unappliedAmount).toBe('3000.00');
  const before = await h.client.listOpenInvoices({ customerId: m.customer }, staff());
  expect(new Decimal(before.unapplied).gte(3000)).toBe(true);

  const invoice = await approvedInvoice('2000'); // 2,100.00
  const applied = (
    await h.client.applyReceipt(
      { id: advance!.id, settlements: [{ invoiceId: invoice.id, amount: '2100' }] },
      staff(),
    )
  ).receipt!;
  expect([applied.adjustedAmount, applied.unappliedAmount]).toEqual(['2100.00', '900.00']);
  expect(applied.settlements.map((s) => [s.invoiceNo, s.amount])).toEqual([[invoice.invoiceNo, '2100.00']]);
  expect(await outstanding(invoice.id)).toBe('0.00');

  // What it holds is all it can apply.
  const another = await approvedInvoice('1000');
  await failsWith(
    h.client.applyReceipt(
      { id: advance!.id, settlements: [{ invoiceId: another.id, amount: '901' }] },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'receivedAmount',
  );
});

it('refuses what cannot be received, naming the field, and changes nothing', async () => {
  const invoice = await approvedInvoice('1000'); // 1,050.00
  const refused = (
    input: Omit<Partial<MessageInitShape<typeof CreateReceiptRequestSchema>>, '$typeName'>,
    field: string,
  ) =>
    failsWith(
      h.client.createReceipt(
        {
          type: 'INVOICE',
          customerId: m.customer,
          receivedAmount: '1050',
          paymentMode: 'NEFT',
          settlements: [{ invoiceId: invoice.id, amount: '1050' }],
          ...input,
        },
        staff(),
      ),
      'INVALID_ARGUMENT',
      field,
    );
  await refused(
    { settlements: [{ invoiceId: invoice.id, amount: '1000', tdsAmount: '60' }] },
    'settlements.0.amount',
  );
  // TDS is at most 20% of the value before GST (s.206AA, no PAN): ₹200 of ₹1,000, whatever is owed.
  await refused(
    { receivedAmount: '800', settlements: [{ invoiceId: invoice.id, amount: '800', tdsAmount: '250' }] },
    'settlements.0.tdsAmount',
  );
  await refused(
    { receivedAmount: '1', settlements: [{ invoiceId: invoice.id, amount: '0', tdsAmount: '1050' }] },
    'settlements.0.tdsAmount',
  );
  await refused({ receivedAmount: '1000' }, 'receivedAmount');
  await refused({ receivedAmount: '10.001' }, 'receivedAmount');
  await refused({ paymentMode: 'BARTER' }, 'paymentMode');
  await refused({ paymentMode: 'CHEQUE' }, 'chequeNo');
  await refused({ type: 'ON_ACCOUNT' }, 'settlements');
  await refused({ settlements: [] }, 'settlements');
  await refused({ settlements: [{ invoiceId: 'not-an-id', amount: '1' }] }, 'settlements.0.invoiceId');
  await refused({ notes: 'a\u0000b' }, 'notes');
  await refused({ receiptDate: '24/11/2026' }, 'receiptDate');
  // From the start of last financial year to today (24/11/2026): money received, not promised.
  await refused({ receiptDate: '2019-06-01' }, 'receiptDate');
  await refused({ receiptDate: '2099-06-01' }, 'receiptDate');
  await refused({ receiptDate: '2026-11-25' }, 'receiptDate');
  expect(await outstanding(invoice.id)).toBe('1050.00');
});

it('numbers receipts consecutively under concurrency, each number once', async () => {
  const made = await Promise.all(
    Array.from({ length: 24 }, () =>
      h.client.createReceipt(
        {
          type: 'ON_ACCOUNT',
          customerId: m.customer,
          receivedAmount: '100',
          paymentMode: 'CASH',
          settlements: [],
        },
        staff(),
      ),
    ),
  );
  const sequences = made.map((r) => Number(r.receipt!.sequence)).sort((x, y) => x - y);
  const first = sequences[0]!;
  expect(sequences).toEqual(Array.from({ length: 24 }, (_, i) => first + i));
});

it('never lets two receipts settle one invoice beyond what it asks, however they race', async () => {
  const invoice = await approvedInvoice('1000'); // 1,050.00
  const results = await Promise.allSettled(
    Array.from({ length: 6 }, () =>
      h.client.createReceipt(
        {
          type: 'INVOICE',
          customerId: m.customer,
          receivedAmount: '400',
          paymentMode: 'NEFT',
          settlements: [{ invoiceId: invoice.id, amount: '400' }],
        },
        staff(),
      ),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  expect(await outstanding(invoice.id)).toBe('250.00');
});

it('ages what each customer owes by invoice date or due date, and states its account', async () => {
  const customer = await m.create('customer', {
    name: 'Ageing Traders',
    tax_type: 'GSTIN',
    invoice_due_in_days: 15,
    billing_details: [
      {
        billing_name: 'Ageing Traders',
        gst_no: '27AAACH7409R1Z1',
        address: 'Pune',
        state_id: 'MH',
        is_default: true,
      },
    ],
  });
  await approvedInvoice('1000', customer, '2026-11-24'); // 1,050: today
  const october = await approvedInvoice('2000', customer, '2026-10-10'); // 2,100: 45 days old, 30 overdue
  await approvedInvoice('4000', customer, '2026-07-01'); // 4,200: 146 days old, 131 overdue
  await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: customer,
      receivedAmount: '1000',
      paymentMode: 'NEFT',
      settlements: [{ invoiceId: october.id, amount: '1000' }],
    },
    staff(),
  );
  await h.client.createReceipt(
    { type: 'ON_ACCOUNT', customerId: customer, receivedAmount: '500', paymentMode: 'CASH', settlements: [] },
    staff(),
  );
  const aged = async (basis: string) => {
    const report = await h.client.listOutstanding({ basis, customerIds: [customer] }, staff());
    const [row] = report.customers;
    return [
      report.asOf,
      row!.customerName,
      row!.openInvoices,
      row!.outstanding,
      row!.unapplied,
      row!.notDue,
      row!.days1To30,
      row!.days31To60,
      row!.days61To90,
      row!.over90,
    ];
  };
  expect(await aged('INVOICE_DATE')).toEqual([
    '2026-11-24',
    'Ageing Traders',
    3,
    '6350.00',
    '500.00',
    '1050.00',
    '0.00',
    '1100.00',
    '0.00',
    '4200.00',
  ]);
  expect(await aged('DUE_DATE')).toEqual([
    '2026-11-24',
    'Ageing Traders',
    3,
    '6350.00',
    '500.00',
    '1050.00',
    '1100.00',
    '0.00',
    '0.00',
    '4200.00',
  ]);
  await failsWith(h.client.listOutstanding({ basis: 'SHIP_DATE' }, staff()), 'INVALID_ARGUMENT', 'basis');
  const all = await h.client.listOutstanding({}, staff());
  expect(all.customers.map((c) => c.customerId)).toContain(customer);
  expect(all.total!.outstanding).toBe(
    all.customers.reduce((sum, c) => sum.plus(c.outstanding), new Decimal(0)).toFixed(2),
  );
  await failsWith(h.client.listOutstanding({}, without(PERMISSION.view_receipt)), 'PERMISSION_DENIED');

  // Its statement from August: July's invoice brought forward, then each invoice and receipt in date order,
  // closing at what it owes less what it holds.
  const statement = await h.client.getCustomerStatement(
    { customerId: customer, dateFrom: '2026-08-01', dateTo: '2026-11-24' },
    staff(),
  );
  expect([statement.customer?.name, statement.opening]).toEqual(['Ageing Traders', '4200.00']);
  expect(statement.entries.map((e) => [e.date, e.kind, e.debit, e.credit, e.balance])).toEqual([
    ['2026-10-10', 'INVOICE', '2100.00', '0.00', '6300.00'],
    ['2026-11-24', 'INVOICE', '1050.00', '0.00', '7350.00'],
    ['2026-11-24', 'RECEIPT', '0.00', '1000.00', '6350.00'],
    ['2026-11-24', 'RECEIPT', '0.00', '500.00', '5850.00'],
  ]);
  expect([statement.debits, statement.credits, statement.closing]).toEqual(['3150.00', '1500.00', '5850.00']);
  const { pdf, fileName } = await h.client.renderCustomerStatement(
    { customerId: customer, dateFrom: '2026-08-01', dateTo: '2026-11-24' },
    staff(),
  );
  expect(fileName).toBe('Statement-Ageing-Traders-2026-08-01-to-2026-11-24.pdf');
  const text = (await readPdf(pdf)).pages.map((page) => page.text).join('\n');
  expect(text).toContain('Statement of account');
  expect(text).toContain('5,850.00 Dr');
  await failsWith(
    h.client.getCustomerStatement(
      { customerId: customer, dateFrom: '2026-12-01', dateTo: '2026-11-01' },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'dateTo',
  );
  await failsWith(
    h.client.renderCustomerStatement({ customerId: customer }, without(PERMISSION.download_print_receipt)),
    'PERMISSION_DENIED',
  );
});

it('sums the TDS customers deducted in a period, by customer', async () => {
  const report = await h.client.listTdsReceivable({ dateFrom: '2026-11-01', dateTo: '2026-11-30' }, staff());
  const harbour = report.customers.find((c) => c.customerId === m.customer);
  // DOMAIN.md's example (200) and the part-payment (80 + 40) was cancelled: only live receipts count.
  expect([harbour?.customerName, harbour?.tds]).toEqual(['Harbour Logistics', '200.00']);
  expect(report.total).toBe(report.customers.reduce((sum, c) => sum.plus(c.tds), new Decimal(0)).toFixed(2));
  const none = await h.client.listTdsReceivable({ dateFrom: '2026-10-01', dateTo: '2026-10-31' }, staff());
  expect([none.customers, none.total]).toEqual([[], '0.00']);
  await failsWith(
    h.client.listTdsReceivable({ dateFrom: '2026-12-01', dateTo: '2026-11-01' }, staff()),
    'INVALID_ARGUMENT',
    'dateTo',
  );
});

it('names every customer that owes, beyond the hundred masters answers a call', async () => {
  const other = randomUUID();
  const them = await operatorMasters(h, other);
  const caller = callAs(h.callerFor(other, Object.values(PERMISSION)));
  const customers = await Promise.all(
    Array.from({ length: 101 }, (_, i) =>
      them.create('customer', {
        name: `Owing ${String(i).padStart(3, '0')}`,
        tax_type: 'GSTIN',
        billing_details: [
          {
            billing_name: `Owing ${i}`,
            gst_no: '27AAACH7409R1Z1',
            address: 'Pune',
            state_id: 'MH',
            is_default: true,
          },
        ],
      }),
    ),
  );
  for (const customerId of customers) {
    const { invoice } = await h.client.createInvoice(
      {
        draft: {
          customerId,
          lines: [{ type: 'CUSTOM', description: 'Drop', quantity: '1', rate: '100', isTaxable: true }],
        },
      },
      caller,
    );
    await h.client.approveInvoice({ id: invoice!.id }, caller);
  }
  // Billing's copies of the customers are gone: the report must fetch them all from masters again.
  await h.database.db.asOwner((tx) =>
    tx.execute(sql`delete from billing.master_copies where tenant_id = ${other}`),
  );
  const report = await h.client.listOutstanding({}, caller);
  expect(report.customers).toHaveLength(101);
  expect(report.customers.every((c) => c.customerName.startsWith('Owing '))).toBe(true);
}, 60_000);

it('keeps each operator’s receipts its own', async () => {
  const other = randomUUID();
  const list = await h.client.listReceipts({}, callAs(h.callerFor(other, Object.values(PERMISSION))));
  expect(list.receipts).toEqual([]);
  const mine = (await h.client.listReceipts({ page: { limit: 1 } }, staff())).receipts[0]!;
  await failsWith(
    h.client.getReceipt({ id: mine.id }, callAs(h.callerFor(other, Object.values(PERMISSION)))),
    'NOT_FOUND',
  );
});

it('asks each procedure’s permission', async () => {
  const invoice = await approvedInvoice('500');
  const denied = async (call: Promise<unknown>) => failsWith(call, 'PERMISSION_DENIED');
  await denied(h.client.listReceipts({}, without(PERMISSION.view_receipt)));
  await denied(h.client.listOpenInvoices({ customerId: m.customer }, without(PERMISSION.view_receipt)));
  await denied(
    h.client.createReceipt(
      {
        type: 'INVOICE',
        customerId: m.customer,
        receivedAmount: '525',
        paymentMode: 'CASH',
        settlements: [{ invoiceId: invoice.id, amount: '525' }],
      },
      without(PERMISSION.manage_receipt),
    ),
  );
  const { receipt } = await h.client.createReceipt(
    { type: 'ON_ACCOUNT', customerId: m.customer, receivedAmount: '1', paymentMode: 'CASH', settlements: [] },
    staff(),
  );
  await denied(h.client.getReceipt({ id: receipt!.id }, without(PERMISSION.view_receipt)));
  await denied(
    h.client.applyReceipt({ id: receipt!.id, settlements: [] }, without(PERMISSION.manage_receipt)),
  );
  await denied(h.client.cancelReceipt({ id: receipt!.id, reason: 'x' }, without(PERMISSION.cancel_receipt)));
});

it('agrees with a ledger to the paisa after any sequence of receipts, applications and cancellations', async () => {
  const customer = await m.create('customer', {
    name: `Ledger ${randomUUID().slice(0, 6)}`,
    tax_type: 'GSTIN',
    billing_details: [
      {
        billing_name: 'Ledger Traders',
        gst_no: '27AAACH7409R1Z1',
        address: 'Pune',
        state_id: 'MH',
        is_default: true,
      },
    ],
  });
  const invoices = [await approvedInvoice('1234.56', customer), await approvedInvoice('999.99', customer)];
  const totals = new Map(invoices.map((i) => [i.id, new Decimal(i.totals!.total)]));
  const ledger = new Map(invoices.map((i) => [i.id, new Decimal(i.totals!.total)]));
  const taxable = new Map(invoices.map((i) => [i.id, new Decimal(i.totals!.taxableValue)]));
  const live: { id: string; settled: Map<string, Decimal>; unapplied: Decimal }[] = [];
  const paise = fc.integer({ min: 1, max: 60_000 }).map((p) => new Decimal(p).div(100));
  const step = fc.oneof(
    fc.record({ kind: fc.constant('pay' as const), on: fc.nat(1), cash: paise, tds: paise, charges: paise }),
    fc.record({ kind: fc.constant('advance' as const), cash: paise }),
    fc.record({ kind: fc.constant('apply' as const), which: fc.nat(20), on: fc.nat(1), cash: paise }),
    fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(20) }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 8 }), async (steps) => {
      for (const s of steps) {
        if (s.kind === 'pay' || s.kind === 'apply') {
          const invoiceId = invoices[s.on]!.id;
          const asks = ledger.get(invoiceId)!;
          const tds =
            s.kind === 'pay'
              ? // At most 2.5% of the value before GST a step: eight steps stay within the 20% TDS bound.
                Decimal.min(s.tds, asks.div(4), taxable.get(invoiceId)!.div(40)).toDecimalPlaces(
                  2,
                  Decimal.ROUND_DOWN,
                )
              : new Decimal(0);
          const charges =
            s.kind === 'pay'
              ? Decimal.min(s.charges, asks.div(4)).toDecimalPlaces(2, Decimal.ROUND_DOWN)
              : new Decimal(0);
          const cash = Decimal.min(s.cash, asks.minus(tds).minus(charges));
          if (cash.lte(0)) continue;
          if (s.kind === 'pay') {
            const { receipt } = await h.client.createReceipt(
              {
                type: 'INVOICE',
                customerId: customer,
                receivedAmount: cash.toFixed(2),
                paymentMode: 'NEFT',
                settlements: [
                  {
                    invoiceId,
                    amount: cash.toFixed(2),
                    tdsAmount: tds.toFixed(2),
                    bankCharges: charges.toFixed(2),
                  },
                ],
              },
              staff(),
            );
            live.push({
              id: receipt!.id,
              settled: new Map([[invoiceId, cash.plus(tds).plus(charges)]]),
              unapplied: new Decimal(0),
            });
            ledger.set(invoiceId, asks.minus(cash).minus(tds).minus(charges));
          } else {
            const advance = live.filter((r) => r.unapplied.gt(0))[s.which % Math.max(1, live.length)];
            if (!advance) continue;
            const amount = Decimal.min(cash, advance.unapplied);
            await h.client.applyReceipt(
              { id: advance.id, settlements: [{ invoiceId, amount: amount.toFixed(2) }] },
              staff(),
            );
            advance.unapplied = advance.unapplied.minus(amount);
            advance.settled.set(invoiceId, (advance.settled.get(invoiceId) ?? new Decimal(0)).plus(amount));
            ledger.set(invoiceId, asks.minus(amount));
          }
        } else if (s.kind === 'advance') {
          const { receipt } = await h.client.createReceipt(
            {
              type: 'ADVANCE',
              customerId: customer,
              receivedAmount: s.cash.toFixed(2),
              paymentMode: 'CASH',
              settlements: [],
            },
            staff(),
          );
          live.push({ id: receipt!.id, settled: new Map(), unapplied: s.cash });
        } else if (live.length > 0) {
          const [gone] = live.splice(s.which % live.length, 1);
          await h.client.cancelReceipt({ id: gone!.id, reason: 'Property step' }, staff());
          for (const [invoiceId, amount] of gone!.settled)
            ledger.set(invoiceId, ledger.get(invoiceId)!.plus(amount));
        }
      }
      const open = await h.client.listOpenInvoices({ invoiceIds: invoices.map((i) => i.id) }, staff());
      for (const invoice of open.invoices) {
        expect([invoice.invoiceNo, invoice.outstanding]).toEqual([
          invoice.invoiceNo,
          ledger.get(invoice.invoiceId)!.toFixed(2),
        ]);
        expect(new Decimal(invoice.settled).plus(invoice.outstanding).toFixed(2)).toBe(
          totals.get(invoice.invoiceId)!.toFixed(2),
        );
      }
      const unapplied = live.reduce((sum, r) => sum.plus(r.unapplied), new Decimal(0));
      expect(new Decimal(open.unapplied).toFixed(2)).toBe(unapplied.toFixed(2));
    }),
    { numRuns: 12 },
  );
}, 120_000);
