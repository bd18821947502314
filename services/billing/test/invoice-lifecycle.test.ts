// An invoice's life beyond its making: a draft edited (duties added and taken off, rows typed, the
// customer's terms), discarded, moved to another company's series (cancelled and reissued), the GST of
// customers in another state or unregistered, a manual invoice's rows refused with the field named, and
// the invoice a customer who asks for one per duty gets as the duty closes.
import { randomUUID } from 'node:crypto';
import { decodeInvoiceListPage, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { eventually, expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
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

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));
const isBilled = async (id: string) =>
  (await h.bookings.client.getBooking({ id }, callAs(h.bookings.callerFor(T)))).booking?.isBilled;

it('edits a draft: a duty taken off is bill-pending again, rows and a discount on car hire recompute it', async () => {
  const first = await closedDuty(h, T, m, '2026-11-10');
  const second = await closedDuty(h, T, m, '2026-11-11');
  const [draft] = (await h.client.createInvoicesFromDuties({ bookingIds: [first, second] }, staff()))
    .invoices;
  expect([draft!.kind, draft!.totals?.carHire, draft!.startDate, draft!.endDate]).toEqual([
    'BOOKINGS',
    '5159.00',
    '2026-11-10',
    '2026-11-11',
  ]);
  await eventually(
    () => isBilled(second),
    (billed) => billed === true,
  );

  const { invoice } = await h.client.updateInvoice(
    {
      id: draft!.id,
      expectedVersion: draft!.version,
      draft: {
        customerId: m.customer,
        bookingIds: [first],
        invoiceDate: '2026-11-24',
        notes: 'PO 4471',
        lines: [
          { type: 'BILLING_ITEM', description: 'Toll, Mumbai–Pune expressway', amount: '320' },
          { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', percentage: '10' },
        ],
      },
    },
    staff(),
  );
  expect(invoice!.lines.map((l) => [l.type, l.amount])).toEqual([
    ['BOOKING', '2579.50'],
    ['BILLING_ITEM', '320.00'],
    ['DISCOUNT_PERCENTAGE_ON_CAR_HIRE', '257.95'],
  ]);
  // 2,579.50 − 257.95 = 2,321.55 taxable; 5% = 116.08 (58.04 each half); + 320 toll not taxed.
  expect(invoice!.totals).toMatchObject({
    taxableValue: '2321.55',
    tax: '116.08',
    nonTaxableRows: '320.00',
    total: '2758.00',
  });
  expect([invoice!.kind, invoice!.notes, invoice!.version]).toEqual([
    'BOOKING',
    'PO 4471',
    draft!.version + 1,
  ]);
  await eventually(
    () => isBilled(second),
    (billed) => billed === false,
  );

  const stale = await expectDomainError(
    h.client.updateInvoice(
      {
        id: draft!.id,
        expectedVersion: draft!.version,
        draft: { customerId: m.customer, bookingIds: [first] },
      },
      staff(),
    ),
  );
  expect(stale.code).toBe('FAILED_PRECONDITION');

  const { invoice: discarded } = await h.client.discardInvoice({ id: draft!.id, reason: '' }, staff());
  expect([discarded!.status, discarded!.invoiceNo]).toEqual(['DISCARDED', draft!.invoiceNo]);
  await eventually(
    () => isBilled(first),
    (billed) => billed === false,
  );
});

it('moves an approved invoice to another company: cancelled in its series, reissued in the other’s', async () => {
  const other = await m.create('company', {
    name: 'Konkan Tours LLP',
    business_type: 'LLP',
    gst_no: '27AAAFP1234D1ZT',
    state_id: 'MH',
    address: '4 MG Road, Pune',
  });
  await m.create('company_profile', { name: 'Tours', company_id: other, invoice_prefix: 'KT/{FY}/' });
  const id = await closedDuty(h, T, m, '2026-11-12');
  const [draft] = (await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff())).invoices;
  await h.client.approveInvoice({ id: draft!.id }, staff());
  // The profile reaches billing by masters' event (a profile is never fetched by id).
  await eventually(
    () => h.module.copies.loadAll({ ...h.callerFor(T), tenantId: T }, 'company_profile'),
    (profiles) => profiles.some((p) => p.companyId === other),
  );
  const { cancelled, reissued } = await h.client.changeInvoiceCompany(
    { id: draft!.id, companyId: other, reason: 'Tours account' },
    staff(),
  );
  expect([cancelled!.status, cancelled!.reissuedAsId, cancelled!.cancellationReason]).toEqual([
    'CANCELLED',
    reissued!.id,
    'Tours account',
  ]);
  expect([reissued!.invoiceNo, reissued!.status, reissued!.reissueOfId, reissued!.bookingIds]).toEqual([
    'KT/26-27/0001',
    'DRAFT',
    draft!.id,
    [id],
  ]);
  expect(reissued!.seller?.name).toBe('Konkan Tours LLP');
  await eventually(
    () => isBilled(id),
    (billed) => billed === true,
  );
});

it('charges IGST to a customer registered in another state, and an unregistered one by where the passenger boards', async () => {
  const karnataka = await m.create('customer', {
    name: 'Bengaluru Biotech',
    tax_type: 'GSTIN',
    billing_details: [
      {
        billing_name: 'Bengaluru Biotech Ltd',
        gst_no: '29AABCK1234E1ZX',
        address: 'Whitefield',
        state_id: 'KA',
      },
    ],
  });
  const walkIn = await m.create('customer', {
    name: 'Meera Iyer',
    tax_type: 'UNREGISTRED',
    billing_details: [{ billing_name: 'Meera Iyer', address: 'Indiranagar', state_id: 'KA' }],
  });
  const charge = async (customerId: string) =>
    (
      await h.client.createInvoice(
        {
          draft: {
            customerId,
            lines: [
              { type: 'CUSTOM', description: 'Airport drop', quantity: '1', rate: '2000', isTaxable: true },
            ],
          },
        },
        staff(),
      )
    ).invoice!;
  const igst = await charge(karnataka);
  expect(igst.tax).toMatchObject({ kind: 'INTER', placeOfSupplyStateId: 'KA' });
  expect(igst.taxes.map((t) => [t.kind, t.amount])).toEqual([['IGST', '100.00']]);
  // No duty, so no boarding state: the unregistered customer's own state (KA) is the place of supply.
  const unregistered = await charge(walkIn);
  expect(unregistered.tax).toMatchObject({ kind: 'INTER', placeOfSupplyStateId: 'KA' });
  expect(unregistered.buyer?.gstNo).toBe('');
  // A duty boarding in Pune: Maharashtra is the place of supply, so CGST + SGST.
  await m.create('rate_card', {
    name: 'Walk-in Pune',
    party: 'CUSTOMER',
    customer_id: walkIn,
    duty_type_id: m.dutyType,
    vehicle_group_id: m.sedan,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
  });
  const id = await closedDuty(h, T, m, '2026-11-14', walkIn);
  const [boarded] = (await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff())).invoices;
  expect(boarded!.tax).toMatchObject({ kind: 'INTRA', placeOfSupplyStateId: 'MH' });
  expect(boarded!.taxes.map((t) => t.kind)).toEqual(['CGST', 'SGST']);
});

it('refuses a manual invoice’s bad rows with the field named, and writes nothing', async () => {
  const before = decodeInvoiceListPage((await h.client.listInvoices({}, staff())).invoicesJson).length;
  const bad = await expectDomainError(
    h.client.createInvoice(
      {
        draft: {
          customerId: m.customer,
          lines: [{ type: 'CUSTOM', description: 'Waiting', quantity: '1', rate: '-5', isTaxable: false }],
        },
      },
      staff(),
    ),
  );
  expect(bad.code).toBe('INVALID_ARGUMENT');
  expect(bad.fieldViolations[0]?.field).toMatch(/^lines\.0/);
  const unknownType = await expectDomainError(
    h.client.createInvoice({ draft: { customerId: m.customer, lines: [{ type: 'TAX' }] } }, staff()),
  );
  expect(unknownType.fieldViolations.map((v) => v.field)).toEqual(['lines.0.type']);
  const nothing = await expectDomainError(
    h.client.createInvoice({ draft: { customerId: m.customer } }, staff()),
  );
  expect(nothing.fieldViolations.map((v) => v.field)).toEqual(['lines']);
  expect(decodeInvoiceListPage((await h.client.listInvoices({}, staff())).invoicesJson).length).toBe(before);
});

it('invoices each duty of a customer who asks for it as the duty closes', async () => {
  const auto = await m.create('customer', {
    name: 'Shree Hospitals',
    tax_type: 'GSTIN',
    auto_invoice_on_duty_end: true,
    billing_details: [
      {
        billing_name: 'Shree Hospitals',
        gst_no: '27AAACH7409R1Z1',
        address: 'Kothrud, Pune',
        state_id: 'MH',
      },
    ],
  });
  await m.create('rate_card', {
    name: 'Shree Pune',
    party: 'CUSTOMER',
    customer_id: auto,
    duty_type_id: m.dutyType,
    vehicle_group_id: m.sedan,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '1800',
  });
  const id = await closedDuty(h, T, m, '2026-11-13', auto);
  const invoices = await eventually(
    async () =>
      decodeInvoiceListPage((await h.client.listInvoices({ customerIds: [auto] }, staff())).invoicesJson),
    (listed) => listed.length === 1,
  );
  expect(invoices[0]).toMatchObject({ kind: 'BOOKING', status: 'DRAFT', startDate: '2026-11-13' });
  await eventually(
    () => isBilled(id),
    (billed) => billed === true,
  );
});

it('fences every billing table by operator in the database itself', async () => {
  const id = await closedDuty(h, T, m, '2026-11-15');
  await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff());
  const count = (tenantId: string, table: string) =>
    h.database.db.withTenant(tenantId, async (tx) => {
      const [row] = await rows<{ count: string }>(
        tx,
        sql`select count(*)::text as count from ${sql.raw(`billing.${table}`)}`,
      );
      return Number(row!.count);
    });
  for (const table of [
    'invoices',
    'invoice_duties',
    'invoice_activity',
    'registration_series',
    'duties',
    'master_copies',
  ]) {
    expect([table, (await count(T, table)) > 0]).toEqual([table, true]);
    expect([table, await count(randomUUID(), table)]).toEqual([table, 0]);
  }
});
