// A duty's slip through the gRPC routes: its points recorded by staff, refused out of order, and closing
// the duty prices it from its slip and rate card with the domain's pricing — DOMAIN.md's worked example
// (8 h / 80 km at ₹2,000, garage to garage 108 km in 9 h 15 min: ₹2,579.50) — and puts it in bill-pending.
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds, PERMISSION } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
/** The module's clock: NOW (10:00 in Pune on 24/11/2026) unless a test moves it. */
let now = NOW;
let h: BookingsHarness;
const T = randomUUID();
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;
let vehicleId: string;

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

beforeAll(async () => {
  h = await bootBookings({ clock: () => now });
  customerId = await master('customer', { name: 'Acme Corp' });
  dutyTypeId = await master('duty_type', {
    name: '8 Hrs 80 Kms',
    type: 'HR_KM',
    max_km: 80,
    max_hr: 8,
    is_g2g: true,
  });
  vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
  const driver = await master('driver', { name: 'Ravi Kumar', phone: '+919811100001' });
  vehicleId = await master('vehicle', {
    vehicle_no: 'MH12AB1001',
    vehicle_model: 'Dzire',
    vehicle_group_id: vehicleGroupId,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver,
  });
  await master('rate_card', {
    name: 'Acme 2026-27',
    party: 'CUSTOMER',
    customer_id: customerId,
    duty_type_id: dutyTypeId,
    vehicle_group_id: vehicleGroupId,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
    extra_km_rate: '14',
    extra_hour_rate: '150',
    no_show_rate: '500',
  });
});
afterAll(() => h?.close());
afterEach(() => {
  now = NOW;
});

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));
const at = (local: string) => timestampFromDate(new Date(`${local}+05:30`));

async function allottedDuty(date: string) {
  const draft = {
    customerId,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: date,
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  await h.client.allotDuty({ id: booking!.id, kind: 'OWN', vehicleId }, staff());
  return booking!.id;
}

const workedExample = (date: string) => [
  { point: 'GARAGE_START', at: at(`${date}T08:00`), km: '5000', location: 'Garage, Baner' },
  { point: 'DUTY_START', at: at(`${date}T08:40`), km: '5012', location: 'Aundh' },
  { point: 'DUTY_END', at: at(`${date}T16:30`), km: '5096', location: 'Hinjewadi' },
  { point: 'GARAGE_END', at: at(`${date}T17:15`), km: '5108', location: 'Garage, Baner' },
];

it('records the slip and closes the duty priced from it: the worked example’s ₹2,579.50', async () => {
  const id = await allottedDuty('2026-11-17');
  const recorded = await h.client.recordDutySlip(
    { id, variant: 'SALES', points: workedExample('2026-11-17'), medium: 'HARD_COPY' },
    staff(),
  );
  expect(recorded.points.map((p) => [p.point, p.km])).toEqual([
    ['GARAGE_START', '5000.0'],
    ['DUTY_START', '5012.0'],
    ['DUTY_END', '5096.0'],
    ['GARAGE_END', '5108.0'],
  ]);
  expect(recorded.booking!.slipMedium).toBe('HARD_COPY');

  const { booking, charges } = await h.client.closeDuty({ id }, staff());
  expect(booking!.status).toBe('CLOSED');
  expect([charges!.km, charges!.minutes, charges!.total]).toEqual(['108', 555, '2579.50']);
  expect(charges!.lines.map((l) => [l.code, l.quantity, l.rate, l.amount])).toEqual([
    ['BASE', '1', '2000.00', '2000.00'],
    ['EXTRA_KM', '28', '14.00', '392.00'],
    ['EXTRA_HOURS', '1.25', '150.00', '187.50'],
  ]);

  const read = await h.client.getBooking({ id }, staff([PERMISSION.view_booking]));
  expect(read.charges?.total).toBe('2579.50');
  expect(read.salesSlip).toHaveLength(4);
  const billPending = await h.client.listBookings({ tab: 'bill-pending', page: { limit: 50 } }, staff());
  expect(billPending.bookings.map((b) => b.id)).toContain(id);

  const late = await expectDomainError(
    h.client.recordDutySlip(
      { id, variant: 'SALES', points: workedExample('2026-11-17'), medium: '' },
      staff(),
    ),
  );
  expect(late.message).toBe('This duty is closed; its slip changes only by adjustment.');
  const draft = {
    customerId,
    passengers: [{ name: 'Asha Rao' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-17',
    reportingTime: '09:00',
    reportingAddress: 'Aundh, Pune',
  };
  const edit = await expectDomainError(
    h.client.updateBooking({ id, draftJson: JSON.stringify(draft) }, staff()),
  );
  expect(edit.reason).toBe('NOT_EDITABLE');
});

it('refuses a slip whose points run backwards, naming the point', async () => {
  const id = await allottedDuty('2026-11-26');
  const points = workedExample('2026-11-26');
  points[2] = { ...points[2]!, km: '5010' };
  const backwards = await expectDomainError(
    h.client.recordDutySlip({ id, variant: 'SALES', points, medium: '' }, staff()),
  );
  expect(backwards.fieldViolations).toEqual([
    { field: 'points.2', message: 'Duty end: the km reading cannot be less than at duty start.' },
  ]);
});

it('closes only an allotted duty whose slip says when it started and ended', async () => {
  const id = await allottedDuty('2026-11-27');
  const incomplete = await expectDomainError(h.client.closeDuty({ id }, staff()));
  expect(incomplete.reason).toBe('SLIP_INCOMPLETE');
  const draft = {
    customerId,
    passengers: [{ name: 'Asha Rao' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-28',
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  const early = await expectDomainError(h.client.closeDuty({ id: booking!.id }, staff()));
  expect(early.message).toBe('This duty is Booked; you cannot close it now.');
  const clerk = await expectDomainError(h.client.closeDuty({ id }, staff([PERMISSION.view_booking])));
  expect(clerk.code).toBe('PERMISSION_DENIED');
});

it('bills a duty cancelled as a no-show at its card’s no-show rate', async () => {
  const id = await allottedDuty('2026-11-29');
  await h.client.actOnBooking({ id, action: 'dispatch' }, staff());
  await h.client.actOnBooking({ id, action: 'cancelAsNoShow' }, staff());
  const { booking, charges } = await h.client.getBooking({ id }, staff());
  expect(booking!.status).toBe('CANCELLATION_NO_SHOW');
  expect([charges?.total, charges?.lines.map((l) => [l.code, l.amount])]).toEqual([
    '500.00',
    [['NO_SHOW', '500.00']],
  ]);
});

it('approves a closed duty’s slip, and adjusts the allowances it charges with a reason, each by its permission', async () => {
  const id = await allottedDuty('2026-11-18');
  await h.client.recordDutySlip(
    { id, variant: 'SALES', points: workedExample('2026-11-18'), medium: 'EMAIL' },
    staff(),
  );
  await h.client.closeDuty({ id }, staff());
  const adjusted = await h.client.adjustDutyCharges(
    { id, allowances: [{ code: 'NIGHT_ALLOWANCE', amount: '300' }], reason: 'Dropped the guest after 11 pm' },
    staff(),
  );
  expect(adjusted.charges!.total).toBe('2879.50');
  expect(adjusted.charges!.lines.at(-1)).toMatchObject({ code: 'NIGHT_ALLOWANCE', amount: '300.00' });
  const noReason = await expectDomainError(
    h.client.adjustDutyCharges(
      { id, allowances: [{ code: 'NIGHT_ALLOWANCE', amount: '0' }], reason: ' ' },
      staff(),
    ),
  );
  expect(noReason.fieldViolations.map((v) => v.field)).toEqual(['reason']);
  const base = await expectDomainError(
    h.client.adjustDutyCharges(
      { id, allowances: [{ code: 'BASE', amount: '1' }], reason: 'Discount' },
      staff(),
    ),
  );
  expect(base.fieldViolations.map((v) => v.field)).toEqual(['allowances.0.code']);
  const clerk = await expectDomainError(h.client.approveDutySlip({ id }, staff([PERMISSION.view_booking])));
  expect(clerk.code).toBe('PERMISSION_DENIED');
  expect((await h.client.approveDutySlip({ id }, staff())).booking!.status).toBe('CLOSED');
  const twice = await expectDomainError(h.client.approveDutySlip({ id }, staff()));
  expect(twice.reason).toBe('ALREADY_APPROVED');
  const { activity } = await h.client.getBooking({ id }, staff());
  expect(activity.map((a) => a.action).slice(-2)).toEqual(['chargesAdjusted', 'slipApproved']);
  expect(activity.find((a) => a.action === 'chargesAdjusted')?.reason).toBe(
    'Dropped the guest after 11 pm (total 2579.50 → 2879.50)',
  );
});

it('prints the customer’s copy of a closed duty’s slip as a PDF, with its letterhead, trip and charges', async () => {
  await master('company', {
    name: 'Demo Travels Pvt Ltd',
    business_type: 'PRIVATE_LIMITED',
    state_id: 'MH',
    address: 'Office 4, Baner Road, Pune',
    gst_no: '27AAPFU0939F1ZV',
  });
  const id = await allottedDuty('2026-11-19');
  await h.client.recordDutySlip(
    { id, variant: 'SALES', points: workedExample('2026-11-19'), medium: 'EMAIL' },
    staff(),
  );
  await h.client.closeDuty({ id }, staff());
  const printed = await h.client.renderDutySlip({ id, variant: 'SALES' }, staff([PERMISSION.view_duty_slip]));
  expect(printed.fileName).toMatch(/^duty-slip-\d{8}\.pdf$/);
  const text = (await readPdf(printed.pdf)).pages.map((p) => p.text).join('\n');
  for (const shown of [
    'Demo Travels Pvt Ltd',
    '27AAPFU0939F1ZV',
    'Asha Rao',
    'MH12AB1001',
    'Ravi Kumar',
    '8 Hrs 80 Kms',
    '₹2,579.50',
  ]) {
    expect(text).toContain(shown);
  }
  const clerk = await expectDomainError(
    h.client.renderDutySlip({ id, variant: 'SALES' }, staff([PERMISSION.view_booking])),
  );
  expect(clerk.code).toBe('PERMISSION_DENIED');
});

it('binds several duties’ slips into one PDF, each on a page of its own, in the order named', async () => {
  const ids = [];
  for (const date of ['2026-11-21', '2026-11-20']) {
    const id = await allottedDuty(date);
    await h.client.recordDutySlip(
      { id, variant: 'SALES', points: workedExample(date), medium: 'EMAIL' },
      staff(),
    );
    await h.client.closeDuty({ id }, staff());
    ids.push(id);
  }
  const numbers = await Promise.all(
    ids.map(async (id) => (await h.client.getBooking({ id }, staff())).booking!.bookingNo),
  );
  const shown = numbers.map((n) => String(n).padStart(8, '0'));

  const bound = await h.client.renderDutySlips(
    { ids: [...ids, ids[0]!], variant: 'SALES' },
    staff([PERMISSION.view_duty_slip]),
  );
  expect(bound.fileName).toBe(`duty-slips-${shown[0]}-${shown[1]}.pdf`);
  const { pages } = await readPdf(bound.pdf);
  expect(pages).toHaveLength(2);
  pages.forEach((page, index) => {
    expect(page.text).toContain(`Booking ${shown[index]} · Closed`);
    expect(page.text).toContain('Total ₹2,579.50');
    expect(page.text).toContain(`Page ${index + 1} of 2`);
  });

  const none = await expectDomainError(h.client.renderDutySlips({ ids: [], variant: 'SALES' }, staff()));
  expect(none.fieldViolations.map((v) => v.field)).toEqual(['ids']);
  const tooMany = await expectDomainError(
    h.client.renderDutySlips({ ids: Array.from({ length: 501 }, () => randomUUID()) }, staff()),
  );
  expect(tooMany.message).toContain('at most 500');
  const unknown = await expectDomainError(
    h.client.renderDutySlips({ ids: [ids[0]!, randomUUID()] }, staff()),
  );
  expect(unknown.code).toBe('NOT_FOUND');
  const clerk = await expectDomainError(
    h.client.renderDutySlips({ ids, variant: 'SALES' }, staff([PERMISSION.view_booking])),
  );
  expect(clerk.code).toBe('PERMISSION_DENIED');
});

it('refuses a slip point later than now, naming it, and closing a duty whose slip lies ahead', async () => {
  // 10:00 in Pune: the worked example's duty end (16:30) and garage end (17:15) have not happened yet.
  const id = await allottedDuty('2026-11-24');
  const ahead = await expectDomainError(
    h.client.recordDutySlip(
      { id, variant: 'SALES', points: workedExample('2026-11-24'), medium: 'HARD_COPY' },
      staff(),
    ),
  );
  expect(ahead.code).toBe('INVALID_ARGUMENT');
  expect(ahead.fieldViolations).toEqual([
    {
      field: 'points.2.at',
      message: 'Duty end is later than now; record a point once the duty has passed it.',
    },
  ]);
  expect((await h.client.getBooking({ id }, staff())).salesSlip).toHaveLength(0);

  // A phone or office clock a few minutes fast is not refused: up to 15 minutes ahead is taken.
  const skewed = [
    { point: 'GARAGE_START', at: at('2026-11-24T08:00'), km: '5000', location: 'Garage, Baner' },
    { point: 'DUTY_START', at: at('2026-11-24T10:14'), km: '5012', location: 'Aundh' },
  ];
  await h.client.recordDutySlip({ id, variant: 'SALES', points: skewed, medium: 'HARD_COPY' }, staff());
  const beyond = await expectDomainError(
    h.client.recordDutySlip(
      {
        id,
        variant: 'SALES',
        points: [{ ...skewed[0]!, at: at('2026-11-24T10:16') }],
        medium: '',
      },
      staff(),
    ),
  );
  expect(beyond.fieldViolations.map((v) => v.field)).toEqual(['points.0.at']);

  // A slip recorded while the clock read later (a clock since put right) is not closed before it happened.
  now = new Date('2026-11-24T12:00:00Z');
  await h.client.recordDutySlip(
    { id, variant: 'SALES', points: workedExample('2026-11-24'), medium: 'HARD_COPY' },
    staff(),
  );
  now = NOW;
  const early = await expectDomainError(h.client.closeDuty({ id }, staff()));
  expect([early.code, early.reason]).toEqual(['FAILED_PRECONDITION', 'SLIP_IN_FUTURE']);
  expect(early.message).toBe(
    'Duty end on this duty’s slip is later than now; close the duty once it has happened.',
  );
  expect((await h.client.getBooking({ id }, staff())).booking!.status).toBe('ALLOTED');

  now = new Date('2026-11-24T12:00:00Z');
  expect((await h.client.closeDuty({ id }, staff())).booking!.status).toBe('CLOSED');
});
