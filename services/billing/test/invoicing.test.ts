// Invoicing closed duties through billing's gRPC routes, with masters and bookings booted beside it on a
// real PostgreSQL and JetStream: a duty closed in bookings becomes bill-pending in billing, is invoiced
// with GST in its company's series, locks on approval, and goes bill-pending again when its invoice is
// cancelled — bookings marking it BILLED and UNBILLED from billing's events.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { eventually, expectDomainError } from '@fleet/testing';
import {
  type BillingHarness,
  bootBilling,
  closedDuty,
  type OperatorMasters,
  operatorMasters,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
}, 60_000);
afterAll(() => h?.close());

const staff = (permissions = Object.values(PERMISSION)) => callAs(h.callerFor(T, permissions));
const isBilled = async (id: string) =>
  (await h.bookings.client.getBooking({ id }, callAs(h.bookings.callerFor(T)))).booking?.isBilled;

describe('an invoice of a closed duty', () => {
  it('bills the worked example with CGST and SGST in the company’s series, and the duty leaves bill-pending', async () => {
    const id = await closedDuty(h, T, m, '2026-11-20');
    const { invoices } = await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff());
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!;
    expect(invoice).toMatchObject({
      invoiceNo: 'KC/26-27/0001',
      status: 'DRAFT',
      kind: 'BOOKING',
      financialYear: '2026-27',
      invoiceDate: '2026-11-24',
      startDate: '2026-11-20',
      bookingIds: [id],
    });
    expect(invoice.seller).toMatchObject({ gstNo: '27AABCK1234E1Z1', stateId: 'MH' });
    expect(invoice.buyer).toMatchObject({ name: 'Harbour Logistics Pvt Ltd', gstNo: '27AAACH7409R1Z1' });
    expect(invoice.tax).toMatchObject({ kind: 'INTRA', carHireRate: '5', reverseCharge: false });
    expect(invoice.lines.map((l) => [l.type, l.sacCode, l.amount])).toEqual([['BOOKING', '9966', '2579.50']]);
    expect(invoice.lines[0]!.charges.map((c) => [c.code, c.amount])).toEqual([
      ['BASE', '2000.00'],
      ['EXTRA_KM', '392.00'],
      ['EXTRA_HOURS', '187.50'],
    ]);
    expect(invoice.taxes.map((t) => [t.kind, t.rate, t.taxableValue, t.amount])).toEqual([
      ['CGST', '2.5', '2579.50', '64.49'],
      ['SGST', '2.5', '2579.50', '64.49'],
    ]);
    expect(invoice.totals).toMatchObject({
      taxableValue: '2579.50',
      tax: '128.98',
      beforeRounding: '2708.48',
      roundOff: '-0.48',
      total: '2708.00',
      totalInWords: 'Rupees Two Thousand Seven Hundred Eight Only',
    });

    const { duties } = await h.client.listBillableDuties({ billingStatus: 'UNBILLED' }, staff());
    expect(duties.map((d) => d.bookingId)).not.toContain(id);
    await eventually(
      () => isBilled(id),
      (billed) => billed === true,
    );
  });

  it('refuses a duty already on a live invoice, and numbers the next invoice on', async () => {
    const id = await closedDuty(h, T, m, '2026-11-21');
    const first = await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff());
    const again = await expectDomainError(h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff()));
    expect([again.code, again.message]).toEqual([
      'FAILED_PRECONDITION',
      `Duty ${await dutyNo(id)} is already on invoice ${first.invoices[0]!.invoiceNo}; cancel that invoice first.`,
    ]);
  });

  it('locks on approval, and a cancelled invoice keeps its number while its duty is bill-pending again', async () => {
    const id = await closedDuty(h, T, m, '2026-11-22');
    const [draft] = (await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff())).invoices;
    const { invoice: approved } = await h.client.approveInvoice({ id: draft!.id }, staff());
    expect(approved?.status).toBe('APPROVED');
    const edit = await expectDomainError(
      h.client.updateInvoice({ id: draft!.id, draft: { customerId: m.customer, bookingIds: [id] } }, staff()),
    );
    expect(edit.code).toBe('FAILED_PRECONDITION');
    await eventually(
      () => isBilled(id),
      (billed) => billed === true,
    );

    const noReason = await expectDomainError(h.client.cancelInvoice({ id: draft!.id, reason: ' ' }, staff()));
    expect(noReason.fieldViolations.map((v) => v.field)).toEqual(['reason']);
    const { invoice: cancelled } = await h.client.cancelInvoice(
      { id: draft!.id, reason: 'Billed to the wrong branch' },
      staff(),
    );
    expect([cancelled?.status, cancelled?.invoiceNo, cancelled?.cancellationReason]).toEqual([
      'CANCELLED',
      draft!.invoiceNo,
      'Billed to the wrong branch',
    ]);
    await eventually(
      () => isBilled(id),
      (billed) => billed === false,
    );
    const [again] = (await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff())).invoices;
    expect(Number(again!.sequence)).toBe(Number(draft!.sequence) + 1);
    const { activity } = await h.client.getInvoice({ id: draft!.id }, staff());
    expect(activity.map((a) => a.action)).toEqual(['created', 'approved', 'cancelled']);
  });

  it('refuses each step without its permission', async () => {
    const id = await closedDuty(h, T, m, '2026-11-23');
    const without = (permission: string) => staff(Object.values(PERMISSION).filter((p) => p !== permission));
    const denied = async (call: Promise<unknown>) => (await expectDomainError(call)).code;
    expect(await denied(h.client.listInvoices({}, without(PERMISSION.view_invoice)))).toBe(
      'PERMISSION_DENIED',
    );
    expect(
      await denied(
        h.client.createInvoicesFromDuties({ bookingIds: [id] }, without(PERMISSION.create_invoice)),
      ),
    ).toBe('PERMISSION_DENIED');
    const [draft] = (await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff())).invoices;
    expect(
      await denied(h.client.approveInvoice({ id: draft!.id }, without(PERMISSION.approve_invoice))),
    ).toBe('PERMISSION_DENIED');
    expect(
      await denied(
        h.client.discardInvoice({ id: draft!.id, reason: 'x' }, without(PERMISSION.manage_invoice)),
      ),
    ).toBe('PERMISSION_DENIED');
    // Another operator finds nothing of it.
    const other = callAs(h.callerFor(randomUUID()));
    expect(await denied(h.client.getInvoice({ id: draft!.id }, other))).toBe('NOT_FOUND');
  });
});

describe('many invoices at once', () => {
  it('makes one invoice per customer and day, numbered on in date order, each holding its own duties', async () => {
    const T3 = randomUUID();
    const m3 = await operatorMasters(h, T3);
    const [a1, a2, b1] = [
      await closedDuty(h, T3, m3, '2026-11-18'),
      await closedDuty(h, T3, m3, '2026-11-18'),
      await closedDuty(h, T3, m3, '2026-11-19'),
    ];
    const caller = callAs(h.callerFor(T3));
    const { invoices } = await h.client.createInvoicesFromDuties(
      { bookingIds: [b1, a2, a1], grouping: 'PER_CUSTOMER_DAY' },
      caller,
    );
    expect(invoices.map((i) => [i.invoiceNo, i.startDate, i.kind, [...i.bookingIds].sort()])).toEqual([
      ['KC/26-27/0001', '2026-11-18', 'BOOKINGS', [a1, a2].sort()],
      ['KC/26-27/0002', '2026-11-19', 'BOOKING', [b1]],
    ]);
    expect(invoices[0]!.totals?.total).toBe('5417.00');
    for (const invoice of invoices) {
      const { duties, activity } = await h.client.getInvoice({ id: invoice.id }, caller);
      expect(duties.map((d) => d.bookingId).sort()).toEqual([...invoice.bookingIds].sort());
      expect(duties.every((d) => d.invoiceId === invoice.id)).toBe(true);
      expect(activity.map((a) => a.action)).toEqual(['created']);
    }
    const pending = await h.client.listBillableDuties({ billingStatus: 'UNBILLED' }, caller);
    expect(pending.duties).toEqual([]);
    // Bookings heard every invoice's event.
    for (const id of [a1, a2, b1]) {
      await eventually(
        () => h.bookings.client.getBooking({ id }, callAs(h.bookings.callerFor(T3))),
        (r) => r.booking?.isBilled === true,
      );
    }
    // A duty already held refuses the whole batch: nothing is written.
    const d1 = await closedDuty(h, T3, m3, '2026-11-20');
    const refused = await expectDomainError(
      h.client.createInvoicesFromDuties({ bookingIds: [d1, a1], grouping: 'PER_CUSTOMER_DAY' }, caller),
    );
    expect(refused.reason).toBe('DUTY_ALREADY_INVOICED');
    const after = await h.client.listBillableDuties({ billingStatus: 'UNBILLED' }, caller);
    expect(after.duties.map((d) => d.bookingId)).toEqual([d1]);
  });
});

describe('numbers', () => {
  it('gives 64 concurrent creators of 1,000 invoices every number of the series exactly once, in order', async () => {
    const T2 = randomUUID();
    const m2 = await operatorMasters(h, T2);
    const manual = (creator: number, n: number) =>
      h.client.createInvoice(
        {
          draft: {
            customerId: m2.customer,
            notes: `creator ${creator}, invoice ${n}`,
            lines: [
              {
                type: 'CUSTOM',
                description: 'Airport transfer',
                quantity: '1',
                rate: '1500',
                isTaxable: true,
              },
            ],
          },
        },
        // What is checked is the numbering under contention, not how fast 64 queued writers get through:
        // on a loaded two-core CI a creator waits behind the other 63 longer than a call's usual deadline.
        callAs(h.callerFor(T2), { timeoutMs: 120_000 }),
      );
    const CREATORS = 64;
    const INVOICES = 1000;
    // Each creator makes its share one after another, all 64 at once.
    const made = (
      await Promise.all(
        Array.from({ length: CREATORS }, async (_, creator) => {
          const mine = [];
          for (let n = creator; n < INVOICES; n += CREATORS) mine.push((await manual(creator, n)).invoice!);
          return mine;
        }),
      )
    ).flat();
    const sequences = made.map((invoice) => Number(invoice.sequence)).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: INVOICES }, (_, i) => i + 1));
    for (const invoice of made) {
      expect(invoice.invoiceNo).toBe(`KC/26-27/${String(invoice.sequence).padStart(4, '0')}`);
    }
    // Each creator's own invoices are numbered in the order it made them.
    for (let creator = 0; creator < CREATORS; creator++) {
      const own = made
        .filter((invoice) => invoice.notes.startsWith(`creator ${creator},`))
        .map((i) => Number(i.sequence));
      expect(own).toEqual([...own].sort((a, b) => a - b));
    }
    expect(made[0]!.totals?.total).toBe('1575.00');
  }, 300_000);
});

async function dutyNo(id: string) {
  const { booking } = await h.bookings.client.getBooking({ id }, callAs(h.bookings.callerFor(T)));
  return String(booking!.bookingNo);
}

describe('numbers under GST rule 46: unique per registration and financial year', () => {
  const T4 = randomUUID();
  const clerk = () => callAs(h.callerFor(T4, Object.values(PERMISSION)));
  const manual = async (companyProfileId: string, invoiceDate: string) =>
    (
      await h.client.createInvoice(
        {
          draft: {
            customerId: m4.customer,
            companyId: undefined,
            companyProfileId,
            invoiceDate,
            lines: [
              {
                type: 'CUSTOM',
                description: 'Airport transfer',
                quantity: '1',
                rate: '100',
                isTaxable: true,
              },
            ],
          },
        },
        clerk(),
      )
    ).invoice!.invoiceNo;
  let m4: OperatorMasters;

  it('writes the financial year of the invoice’s own date where the prefix says {FY}', async () => {
    m4 = await operatorMasters(h, T4);
    expect(await manual(m4.profile, '2026-11-24')).toBe('KC/26-27/0001');
    expect(await manual(m4.profile, '2026-03-31')).toBe('KC/25-26/0001');
    expect(await manual(m4.profile, '2026-04-01')).toBe('KC/26-27/0002');
  });

  it('shares one series between company records of one GSTIN', async () => {
    const twin = await m4.create('company', {
      name: 'Konkan Cabs (Mumbai desk)',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: 'Andheri, Mumbai',
    });
    const twinProfile = await m4.create('company_profile', {
      name: 'Mumbai desk',
      company_id: twin,
      invoice_prefix: 'KC/{FY}/',
    });
    await eventually(
      () => h.module.copies.loadAll({ ...h.callerFor(T4), tenantId: T4 }, 'company_profile'),
      (profiles) => profiles.some((p) => p.id === twinProfile),
    );
    const { invoice } = await h.client.createInvoice(
      {
        draft: {
          customerId: m4.customer,
          companyId: twin,
          companyProfileId: twinProfile,
          invoiceDate: '2026-11-24',
          lines: [
            { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '100', isTaxable: true },
          ],
        },
      },
      clerk(),
    );
    expect([invoice!.invoiceNo, invoice!.seller?.name]).toEqual([
      'KC/26-27/0003',
      'Konkan Cabs (Mumbai desk)',
    ]);
    expect(await manual(m4.profile, '2026-11-24')).toBe('KC/26-27/0004');
  });
});

describe('dates within what the business allows', () => {
  const manual = (invoiceDate: string) =>
    h.client.createInvoice(
      {
        draft: {
          customerId: m.customer,
          invoiceDate,
          lines: [
            { type: 'CUSTOM', description: 'Airport transfer', quantity: '1', rate: '100', isTaxable: true },
          ],
        },
      },
      staff(),
    );
  const refused = async (call: Promise<unknown>, field: string) => {
    const error = await expectDomainError(call);
    expect([error.code, error.fieldViolations.map((v) => v.field)]).toEqual(['INVALID_ARGUMENT', [field]]);
  };

  it('dates an invoice from the start of last financial year to three days ahead', async () => {
    // Today is 24/11/2026 (FY 2026-27): from 01/04/2025 to 27/11/2026.
    await refused(manual('1900-01-01'), 'invoiceDate');
    await refused(manual('2099-12-31'), 'invoiceDate');
    await refused(manual('2025-03-31'), 'invoiceDate');
    await refused(manual('2026-11-28'), 'invoiceDate');
    expect((await manual('2026-11-27')).invoice?.invoiceDate).toBe('2026-11-27');
    expect((await manual('2025-04-01')).invoice?.invoiceDate).toBe('2025-04-01');
  });

  // A duty that has not happened cannot be closed at all (bookings refuses its slip's future times).
  it('never dates an invoice before its duties', async () => {
    const id = await closedDuty(h, T, m, '2026-11-22');
    await refused(
      h.client.createInvoicesFromDuties({ bookingIds: [id], invoiceDate: '2026-11-21' }, staff()),
      'invoiceDate',
    );
    const { invoices } = await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff());
    expect(invoices[0]?.invoiceDate).toBe('2026-11-24');
  });
});

describe('the company an invoice is billed from', () => {
  const T5 = randomUUID();
  const clerk = () => callAs(h.callerFor(T5, Object.values(PERMISSION)));
  const invoiceFor = async (customerId: string) =>
    (
      await h.client.createInvoice(
        {
          draft: {
            customerId,
            invoiceDate: '2026-11-24',
            lines: [
              {
                type: 'CUSTOM',
                description: 'Airport transfer',
                quantity: '1',
                rate: '100',
                isTaxable: true,
              },
            ],
          },
        },
        clerk(),
      )
    ).invoice!;

  it('is the customer’s own billed-from company when it has one, else the primary', async () => {
    const m5 = await operatorMasters(h, T5);
    const goa = await m5.create('company', {
      name: 'Konkan Cabs Goa',
      state_id: 'GA',
      address: 'Panaji, Goa',
    });
    const resort = await m5.create('customer', {
      name: 'Calangute Resorts',
      tax_type: 'UNREGISTRED',
      billed_from_company_id: goa,
      billing_details: [
        { billing_name: 'Calangute Resorts', address: 'Calangute, Goa', state_id: 'GA', is_default: true },
      ],
    });
    await eventually(
      () => h.module.copies.loadAll({ ...h.callerFor(T5), tenantId: T5 }, 'customer'),
      (customers) => customers.some((c) => c.connection?.id === resort),
    );
    expect((await invoiceFor(resort)).seller?.name).toBe('Konkan Cabs Goa');
    expect((await invoiceFor(m5.customer)).seller?.name).toBe('Konkan Cabs Pvt Ltd');
  });
});
