// Credit and debit notes through billing's gRPC routes on a real PostgreSQL: taxed as their invoice is,
// numbered per type, moving the invoice's outstanding and the customer's statement; a credit note never
// credits more than is asked, a debit note's cancellation is refused while receipts settle it, an invoice
// with live notes cannot be cancelled; permissions and row-level security.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
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
  return error;
}

async function approvedInvoice(rate: string) {
  const { invoice } = await h.client.createInvoice(
    {
      draft: {
        customerId: m.customer,
        invoiceDate: '2026-11-02',
        lines: [{ type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate, isTaxable: true }],
      },
    },
    staff(),
  );
  return (await h.client.approveInvoice({ id: invoice!.id }, staff())).invoice!;
}

const outstanding = async (invoiceId: string) =>
  (await h.client.listOpenInvoices({ invoiceIds: [invoiceId] }, staff())).invoices[0]!.outstanding;

it('credits an invoice with the GST of its own regime, lowering what it asks; cancelled, it asks again', async () => {
  const invoice = await approvedInvoice('10000'); // ₹10,500 with CGST + SGST (Maharashtra to Maharashtra)
  const { note } = await h.client.createNote(
    { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '1000', reason: 'Waiting charged twice' },
    staff(),
  );
  expect(note).toMatchObject({
    noteNo: 'CN/26-27/0001',
    noteDate: '2026-11-24',
    invoiceNo: invoice.invoiceNo,
    customerName: 'Harbour Logistics Pvt Ltd',
    taxableValue: '1000.00',
    tax: '50.00',
    total: '1050.00',
  });
  expect(note!.taxes.map((t) => [t.kind, t.rate, t.amount])).toEqual([
    ['CGST', '2.5', '25.00'],
    ['SGST', '2.5', '25.00'],
  ]);
  expect(await outstanding(invoice.id)).toBe('9450.00');
  const { invoice: page, activity } = await h.client.getInvoice({ id: invoice.id }, staff());
  expect(page?.status).toBe('APPROVED');
  expect(activity.at(-1)).toMatchObject({ action: 'credit note' });

  // The invoice cannot be cancelled while the note changes it.
  await failsWith(
    h.client.cancelInvoice({ id: invoice.id, reason: 'Wrong customer' }, staff()),
    'FAILED_PRECONDITION',
  );
  const cancelled = (await h.client.cancelNote({ id: note!.id, reason: 'Issued in error' }, staff())).note!;
  expect([cancelled.isCancelled, cancelled.noteNo]).toEqual([true, 'CN/26-27/0001']);
  expect(await outstanding(invoice.id)).toBe('10500.00');
  await failsWith(h.client.cancelNote({ id: note!.id, reason: 'Again' }, staff()), 'FAILED_PRECONDITION');
});

it('never credits more than the invoice still asks', async () => {
  const invoice = await approvedInvoice('1000'); // ₹1,050
  await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '1000',
      paymentMode: 'NEFT',
      settlements: [{ invoiceId: invoice.id, amount: '1000' }],
    },
    staff(),
  );
  await failsWith(
    h.client.createNote(
      { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '100', reason: 'Discount' },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'taxableAmount',
  );
  const { note } = await h.client.createNote(
    { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '47.62', reason: 'Rounding goodwill' },
    staff(),
  );
  expect(note!.total).toBe('50.00');
  expect(await outstanding(invoice.id)).toBe('0.00');
});

it('raises what an invoice asks with a debit note, whose cancellation waits for its receipts', async () => {
  const invoice = await approvedInvoice('2000'); // ₹2,100
  const { note } = await h.client.createNote(
    { type: 'DEBIT', invoiceId: invoice.id, taxableAmount: '400', reason: 'Toll not billed' },
    staff(),
  );
  expect([note!.noteNo, note!.total]).toEqual(['DN/26-27/0001', '420.00']);
  expect(await outstanding(invoice.id)).toBe('2520.00');
  const { receipt } = await h.client.createReceipt(
    {
      type: 'INVOICE',
      customerId: m.customer,
      receivedAmount: '2520',
      paymentMode: 'NEFT',
      settlements: [{ invoiceId: invoice.id, amount: '2520' }],
    },
    staff(),
  );
  await failsWith(
    h.client.cancelNote({ id: note!.id, reason: 'Toll was paid by the guest' }, staff()),
    'FAILED_PRECONDITION',
  );
  await h.client.cancelReceipt({ id: receipt!.id, reason: 'Paid against the wrong invoice' }, staff());
  await h.client.cancelNote({ id: note!.id, reason: 'Toll was paid by the guest' }, staff());
  expect(await outstanding(invoice.id)).toBe('2100.00');

  const statement = await h.client.getCustomerStatement(
    { customerId: m.customer, dateFrom: '2026-11-01', dateTo: '2026-11-30' },
    staff(),
  );
  expect(statement.entries.filter((e) => e.kind.endsWith('_NOTE')).map((e) => [e.kind, e.number])).toEqual([
    ['CREDIT_NOTE', 'CN/26-27/0002'],
  ]);
});

it('numbers credit and debit notes consecutively under concurrency, each number once per type', async () => {
  // Two invoices, so the race is on the company's series and not on one invoice's row alone.
  const invoices = [await approvedInvoice('100000'), await approvedInvoice('100000')];
  const made = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      h.client.createNote(
        {
          type: i % 2 === 0 ? 'CREDIT' : 'DEBIT',
          invoiceId: invoices[i % 4 < 2 ? 0 : 1]!.id,
          taxableAmount: '100',
          reason: `Race ${i}`,
        },
        staff(),
      ),
    ),
  );
  for (const type of ['CREDIT', 'DEBIT']) {
    const notes = made.map((r) => r.note!).filter((n) => n.type === type);
    const sequences = notes.map((n) => Number(n.sequence)).sort((x, y) => x - y);
    const first = sequences[0]!;
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => first + i));
    expect(new Set(notes.map((n) => n.noteNo)).size).toBe(12);
    const prefix = type === 'CREDIT' ? 'CN/26-27/' : 'DN/26-27/';
    expect(notes.every((n) => n.noteNo.startsWith(prefix))).toBe(true);
  }
  // Each invoice moved by exactly what its six credits and six debits say: they cancel out.
  for (const invoice of invoices) expect(await outstanding(invoice.id)).toBe('105000.00');
});

it('refuses what cannot be a note, naming the field', async () => {
  const invoice = await approvedInvoice('500');
  const base = { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '10', reason: 'Goodwill' };
  await failsWith(h.client.createNote({ ...base, type: 'REFUND' }, staff()), 'INVALID_ARGUMENT', 'type');
  await failsWith(
    h.client.createNote({ ...base, taxableAmount: '0' }, staff()),
    'INVALID_ARGUMENT',
    'taxableAmount',
  );
  await failsWith(
    h.client.createNote({ ...base, taxableAmount: '1.234' }, staff()),
    'INVALID_ARGUMENT',
    'taxableAmount',
  );
  await failsWith(h.client.createNote({ ...base, reason: ' ' }, staff()), 'INVALID_ARGUMENT', 'reason');
  await failsWith(
    h.client.createNote({ ...base, noteDate: '2026-10-01' }, staff()),
    'INVALID_ARGUMENT',
    'noteDate',
  );
  await failsWith(
    h.client.createNote({ ...base, noteDate: '2099-12-31' }, staff()),
    'INVALID_ARGUMENT',
    'noteDate',
  );
  await failsWith(
    h.client.createNote({ ...base, noteDate: '2026-11-25' }, staff()),
    'INVALID_ARGUMENT',
    'noteDate',
  );
  await failsWith(
    h.client.createNote({ ...base, invoiceId: randomUUID() }, staff()),
    'INVALID_ARGUMENT',
    'invoiceId',
  );
  const { invoice: draft } = await h.client.createInvoice(
    {
      draft: {
        customerId: m.customer,
        lines: [{ type: 'CUSTOM', description: 'x', quantity: '1', rate: '10', isTaxable: true }],
      },
    },
    staff(),
  );
  await failsWith(
    h.client.createNote({ ...base, invoiceId: draft!.id }, staff()),
    'INVALID_ARGUMENT',
    'invoiceId',
  );
});

it('refuses a note too small for a paisa, and a credit on an invoice already fully credited', async () => {
  const invoice = await approvedInvoice('1000'); // ₹1,050
  for (const type of ['CREDIT', 'DEBIT']) {
    await failsWith(
      h.client.createNote({ type, invoiceId: invoice.id, taxableAmount: '0.40', reason: 'Tiny' }, staff()),
      'INVALID_ARGUMENT',
      'taxableAmount',
    );
  }
  await h.client.createNote(
    { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '1000', reason: 'Trip not run' },
    staff(),
  );
  expect(await outstanding(invoice.id)).toBe('0.00');
  await failsWith(
    h.client.createNote(
      { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '0.01', reason: 'Again' },
      staff(),
    ),
    'INVALID_ARGUMENT',
    'taxableAmount',
  );
});

it('asks each procedure’s permission and keeps each operator’s notes its own', async () => {
  const invoice = await approvedInvoice('500');
  const { note } = await h.client.createNote(
    { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '10', reason: 'Goodwill' },
    staff(),
  );
  await failsWith(h.client.listNotes({}, without(PERMISSION.view_credit_debit_note)), 'PERMISSION_DENIED');
  await failsWith(
    h.client.getNote({ id: note!.id }, without(PERMISSION.view_credit_debit_note)),
    'PERMISSION_DENIED',
  );
  await failsWith(
    h.client.createNote(
      { type: 'CREDIT', invoiceId: invoice.id, taxableAmount: '10', reason: 'x' },
      without(PERMISSION.manage_credit_debit_note),
    ),
    'PERMISSION_DENIED',
  );
  await failsWith(
    h.client.cancelNote({ id: note!.id, reason: 'x' }, without(PERMISSION.cancel_credit_debit_note)),
    'PERMISSION_DENIED',
  );
  const other = callAs(h.callerFor(randomUUID(), Object.values(PERMISSION)));
  expect((await h.client.listNotes({ includeCancelled: true }, other)).notes).toEqual([]);
  await failsWith(h.client.getNote({ id: note!.id }, other), 'NOT_FOUND');
  const mine = await h.client.listNotes({ invoiceId: invoice.id }, staff());
  expect(mine.notes.map((n) => n.id)).toEqual([note!.id]);
  expect((await h.client.listNotes({ search: 'cn/26' }, staff())).notes.length).toBeGreaterThan(0);
});
