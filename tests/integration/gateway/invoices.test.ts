// Sales invoices through the gateway over HTTP, as the web app calls them: a duty closed on the board is
// bill-pending for billing, invoiced with GST (amounts arriving as Decimal), approved, printed as a PDF
// that says what the screen says; each procedure refuses bad input with the field named and a person
// without its permission, and another operator sees nothing.
import { addCalendarDays, financialYearOf, operatorDate } from '@fleet/domain';
import { readPdf } from '@fleet/testing/pdf';
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

/** The duty ran yesterday: billing bills no duty before it has run. */
const YESTERDAY = addCalendarDays(operatorDate(new Date()), -1);
/** The first number of the profile's IC/{FY}/ series this financial year. */
const FIRST = `IC/${financialYearOf(operatorDate(new Date())).short}/0001`;

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let viewer: ReturnType<GatewayHarness['client']>;
let other: ReturnType<GatewayHarness['client']>;
let bookingId: string;
let customerId: string;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Invoice Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Board watcher',
    permissions: ['view_booking'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Watcher',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  const { token: viewerToken } = await h.signIn(viewerPhone);
  viewer = h.client(() => bearer(viewerToken));

  const company = await owner.masters.company.create.mutate({
    values: {
      name: 'Invoice Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: '12 FC Road, Pune',
      is_primary: true,
    },
  });
  await owner.masters.company_profile.create.mutate({
    values: { name: 'Main', company_id: company.id, invoice_prefix: 'IC/{FY}/' },
  });
  customerId = (
    await owner.masters.customer.create.mutate({
      values: {
        name: 'Harbour Logistics',
        tax_type: 'GSTIN',
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
  const dutyType = await owner.masters.duty_type.create.mutate({
    values: { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8, is_p2p: true },
  });
  const sedan = await owner.masters.vehicle_group.create.mutate({ values: { name: 'Sedan' } });
  await owner.masters.rate_card.create.mutate({
    values: {
      name: 'Harbour 2040',
      party: 'CUSTOMER',
      customer_id: customerId,
      duty_type_id: dutyType.id,
      vehicle_group_id: sedan.id,
      contract_start: '2025-01-01',
      contract_end: '2040-12-31',
      normal_rate: '2000',
      extra_km_rate: '14',
      extra_hour_rate: '150',
    },
  });
  const driver = await owner.masters.driver.create.mutate({
    values: { name: 'Ravi Kumar', phone: freshPhone() },
  });
  const vehicle = await owner.masters.vehicle.create.mutate({
    values: {
      vehicle_no: 'MH12AB1001',
      vehicle_model: 'Dzire',
      vehicle_group_id: sedan.id,
      vehicle_fuel_type: 'DIESEL',
      driver_id: driver.id,
    },
  });
  const { booking } = await owner.booking.create.mutate({
    customerId,
    dutyTypeId: dutyType.id,
    vehicleGroupId: sedan.id,
    fromCityId: 'mh-pune',
    reportingDate: YESTERDAY,
    reportingTime: '08:00',
    reportingAddress: 'Aundh, Pune',
    passengers: [{ name: 'Asha Rao' }],
  });
  bookingId = booking.id;
  await owner.booking.allot.mutate({ id: booking.id, kind: 'OWN', vehicleId: vehicle.id });
  await owner.booking.recordSlip.mutate({
    id: booking.id,
    variant: 'SALES',
    medium: 'HARD_COPY',
    points: [
      { point: 'DUTY_START', at: new Date(`${YESTERDAY}T08:00:00+05:30`), km: '1000' },
      { point: 'DUTY_END', at: new Date(`${YESTERDAY}T17:15:00+05:30`), km: '1108' },
    ],
  });
  await owner.booking.close.mutate({ id: booking.id });
}, 120_000);
afterAll(() => h?.close());

async function billPending() {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { duties } = await owner.invoice.duties.query({ billingStatus: 'UNBILLED' });
    if (duties.some((d) => d.bookingId === bookingId) || Date.now() > deadline) return duties;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('invoices a closed duty with GST, approves it, and prints what the screen shows', async () => {
  const duties = await billPending();
  const duty = duties.find((d) => d.bookingId === bookingId)!;
  expect(duty.carHire).toBeInstanceOf(Decimal);
  expect([duty.carHire.toFixed(2), duty.customerName]).toEqual(['2579.50', 'Harbour Logistics']);

  const { invoices } = await owner.invoice.createFromDuties.mutate({ bookingIds: [bookingId] });
  const page = await owner.invoice.get.query({ id: invoices[0]!.id });
  expect(page.invoice.totals.total).toBeInstanceOf(Decimal);
  expect([page.invoice.invoiceNo, page.invoice.status, page.invoice.totals.total.toFixed(2)]).toEqual([
    FIRST,
    'DRAFT',
    '2708.00',
  ]);
  expect(page.invoice.taxes.map((t) => [t.kind, t.amount.toFixed(2)])).toEqual([
    ['CGST', '64.49'],
    ['SGST', '64.49'],
  ]);
  expect(page.duties.map((d) => d.bookingId)).toEqual([bookingId]);
  expect(page.activity.map((a) => a.action)).toEqual(['created']);

  const approved = await owner.invoice.approve.mutate({ id: page.invoice.id });
  expect(approved.status).toBe('APPROVED');
  const pdfUrl = `${h.baseUrl}/api/invoices/${page.invoice.id}/invoice.pdf`;
  const printed = await fetch(pdfUrl, { headers: bearer(ownerToken) });
  expect([printed.status, printed.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  const { pages } = await readPdf(new Uint8Array(await printed.arrayBuffer()));
  const text = pages.map((p) => p.text).join('\n');
  expect(text).toContain(FIRST);
  expect(text).toContain('Harbour Logistics Pvt Ltd');
  expect(text).toContain('₹2,708.00');
  expect(text).toContain('Rupees Two Thousand Seven Hundred Eight Only');
  // The first download of an approved invoice is recorded.
  const after = await owner.invoice.get.query({ id: page.invoice.id });
  expect([after.invoice.isDownloaded, after.activity.map((a) => a.action)]).toEqual([
    true,
    ['created', 'approved', 'downloaded'],
  ]);
  expect((await fetch(pdfUrl)).status).toBe(401);
  const unknown = `${h.baseUrl}/api/invoices/${page.invoice.id}/receipt.pdf`;
  expect((await fetch(unknown, { headers: bearer(ownerToken) })).status).toBe(400);

  const list = await owner.invoice.list.query({ sortBy: 'invoice_no', order: 'asc' });
  expect(list.invoices.map((i) => [i.invoiceNo, i.status, i.total.toFixed(2)])).toEqual([
    [FIRST, 'APPROVED', '2708.00'],
  ]);
  expect((await other.invoice.list.query({})).invoices).toEqual([]);
  expect((await expectTrpcError(other.invoice.get.query({ id: page.invoice.id }))).data?.code).toBe(
    'NOT_FOUND',
  );
});

it('means one thing by tax, makes a custom row taxable as the form does, and writes money to the paisa', async () => {
  const made = await owner.invoice.create.mutate({
    customerId,
    lines: [{ type: 'CUSTOM', description: 'Waiting', quantity: '1', rate: '1000' }],
  });
  expect(made.lines.map((l) => l.isTaxable)).toEqual([true]);
  const page = await owner.invoice.get.query({ id: made.id });
  expect([page.invoice.taxableValue.toFixed(2), page.invoice.tax.toFixed(2)]).toEqual(['1000.00', '50.00']);
  expect(page.invoice.placeOfSupply).toMatchObject({ placeOfSupplyStateId: 'MH', kind: 'INTRA' });
  const listed = await owner.invoice.list.query({ search: made.invoiceNo });
  expect(listed.invoices.map((i) => [i.invoiceNo, i.tax.toFixed(2)])).toEqual([[made.invoiceNo, '50.00']]);
  // On the wire, as any client reads it: two decimals always.
  const wire = await fetch(
    `${h.baseUrl}/api/trpc/invoice.get?input=${encodeURIComponent(JSON.stringify({ json: { id: made.id } }))}`,
    { headers: bearer(ownerToken) },
  );
  const text = await wire.text();
  expect(text).toContain('"taxableValue":"1000.00"');
  expect(text).toContain('"total":"1050.00"');

  // A discount on car hire with no duty to take it from is refused, not a silent ₹0.00 row.
  const error = await expectTrpcError(
    owner.invoice.create.mutate({
      customerId,
      lines: [
        { type: 'CUSTOM', description: 'Waiting', quantity: '1', rate: '1000' },
        { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', percentage: '10' },
      ],
    }),
  );
  expect([error.data?.code, Object.keys(error.data?.fieldErrors ?? {})]).toEqual([
    'BAD_REQUEST',
    ['lines.1.type'],
  ]);
});

it('refuses bad input with the field named, and a person without the permission', async () => {
  const bad = async (call: Promise<unknown>) => {
    const error = await expectTrpcError(call);
    return [error.data?.code, error.data?.fieldErrors ? Object.keys(error.data.fieldErrors) : []];
  };
  expect(await bad(owner.invoice.get.query({ id: 'not-an-id' }))).toEqual(['BAD_REQUEST', ['id']]);
  expect(await bad(owner.invoice.list.query({ sortBy: 'total' as 'invoice_no' }))).toEqual([
    'BAD_REQUEST',
    ['sortBy'],
  ]);
  expect(
    await bad(
      owner.invoice.create.mutate({
        customerId,
        lines: [{ type: 'CUSTOM', description: 'Waiting', quantity: '1', rate: '12,50' }],
      }),
    ),
  ).toEqual(['BAD_REQUEST', ['lines.0.rate']]);
  expect(await bad(owner.invoice.cancel.mutate({ id: bookingId, reason: 'x\u0000' }))).toEqual([
    'BAD_REQUEST',
    ['reason'],
  ]);
  expect((await expectTrpcError(viewer.invoice.list.query({}))).data?.code).toBe('FORBIDDEN');
  expect(
    (await expectTrpcError(viewer.invoice.createFromDuties.mutate({ bookingIds: [bookingId] }))).data?.code,
  ).toBe('FORBIDDEN');
});
