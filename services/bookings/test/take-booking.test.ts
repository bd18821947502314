// Taking a booking through the gRPC routes as the gateway will, on a real PostgreSQL with masters beside
// it: numbered per operator, priced from the customer's rate card when no price is given, a duty a day
// for a multi-day booking, its activity and event written with it, and everything it refuses.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { allPermissionIds, type BookingDraftInput, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

// 10:00 on 24 November 2026 in Kolkata.
const NOW = new Date('2026-11-24T04:30:00Z');

let h: BookingsHarness;
const T = randomUUID();
let acme: string;
let dormant: string;
let local8h: string;
let sedan: string;

async function master(kind: string, values: Record<string, unknown>, tenantId = T) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(tenantId)),
  );
  return record!.id;
}

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  acme = await master('customer', { name: 'Acme Corp' });
  dormant = await master('customer', { name: 'Dormant Ltd' });
  await h.masters.client.setRecordActive(
    { kind: 'customer', id: dormant, isActive: false },
    callAs(h.masters.callerFor(T)),
  );
  local8h = await master('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 });
  sedan = await master('vehicle_group', { name: 'Sedan' });
  await master('rate_card', {
    name: 'Acme 2026-27',
    party: 'CUSTOMER',
    customer_id: acme,
    duty_type_id: local8h,
    vehicle_group_id: sedan,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000',
    extra_km_rate: '14',
    extra_hour_rate: '150',
  });
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));

const draft = (more: Partial<BookingDraftInput> = {}): BookingDraftInput => ({
  customerId: acme,
  bookedBy: { name: 'Meera Shah', phone: '+919800000200', email: 'meera@acme.example' },
  passengers: [
    { name: 'Asha Rao', phone: '+919800000101' },
    { name: 'Vikram Rao', phone: '+919800000102' },
  ],
  fromCityId: 'mh-pune',
  vehicleGroupId: sedan,
  dutyTypeId: local8h,
  reportingDate: '2026-11-25',
  reportingTime: '07:30',
  reportingAddress: 'Hinjewadi Phase 1, Pune',
  ...more,
});

const take = (d: BookingDraftInput, as = staff()) =>
  h.client.createBooking({ draftJson: JSON.stringify(d) }, as);

describe('taking a booking', () => {
  it('numbers it, prices it from the rate card, and records who took it', async () => {
    const { booking, duties } = await take(draft());
    expect(duties).toEqual([]);
    expect(booking).toMatchObject({
      type: 'PARENT',
      status: 'BOOKED',
      customerName: 'Acme Corp',
      startDate: '2026-11-25',
      reportingAddress: 'Hinjewadi Phase 1, Pune',
      sales: { price: '2000.00', extraKmRate: '14.0000', extraHourRate: '150.0000' },
      bookedBy: { name: 'Meera Shah', phone: '+919800000200', email: 'meera@acme.example' },
    });
    expect(booking!.sales!.rateCardId).not.toBe('');
    expect(booking!.passengers.map((p) => p.name)).toEqual(['Asha Rao', 'Vikram Rao']);
    // 07:30 in Kolkata, and expected to end 8 hours later.
    expect(booking!.reportingAt && new Date(Number(booking!.reportingAt.seconds) * 1000).toISOString()).toBe(
      '2026-11-25T02:00:00.000Z',
    );
    expect(new Date(Number(booking!.endsAt!.seconds) * 1000).toISOString()).toBe('2026-11-25T10:00:00.000Z');

    const next = await take(draft({ sales: { price: '1800' } }));
    expect(next.booking!.bookingNo).toBe(booking!.bookingNo + 1n);
    expect(next.booking!.sales).toMatchObject({ rateCardId: '', price: '1800.00' });

    const read = await h.client.getBooking({ id: booking!.id }, staff([PERMISSION.view_booking]));
    expect(read.activity.map((a) => [a.action, a.toStatus, a.actor])).toEqual([
      ['created', 'BOOKED', 'STAFF'],
    ]);
    const events = await h.database.db.asSystem((tx) =>
      rows<{ subject: string }>(
        tx,
        sql`select subject from bookings.outbox where tenant_id = ${T} order by seq`,
      ),
    );
    expect(events.map((e) => e.subject)).toContain('fleet.bookings.booking.created');
  });

  it('draws each duty its own 4-digit trip codes, shows them to staff and carries them in its event', async () => {
    const { booking } = await take(draft());
    expect(booking!.tripStartOtp).toMatch(/^\d{4}$/);
    expect(booking!.tripEndOtp).toMatch(/^\d{4}$/);
    const read = await h.client.getBooking({ id: booking!.id }, staff([PERMISSION.view_booking]));
    expect([read.booking!.tripStartOtp, read.booking!.tripEndOtp]).toEqual([
      booking!.tripStartOtp,
      booking!.tripEndOtp,
    ]);
    const [created] = await h.database.db.asSystem((tx) =>
      rows<{ payload: Uint8Array }>(
        tx,
        sql`select payload from bookings.outbox where tenant_id = ${T} and subject = 'fleet.bookings.booking.created'
            order by seq desc limit 1`,
      ),
    );
    const event = fromBinary(BookingChangedSchema, new Uint8Array(created!.payload));
    expect(event.booking?.tripStartOtp).toBe(booking!.tripStartOtp);
    // A multi-day booking's duties each have codes of their own (drawn, so not all the same).
    const many = await take(draft({ reportingDate: '2026-12-01', lastDate: '2026-12-10' }));
    const codes = [many.booking!, ...many.duties].map((d) => d.tripStartOtp);
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1);
  });

  it('runs a multi-day booking a duty a day under its first day', async () => {
    const { booking, duties } = await take(draft({ reportingDate: '2026-12-01', lastDate: '2026-12-03' }));
    expect(duties.map((d) => [d.type, d.parentId, d.startDate, d.bookingNo - booking!.bookingNo])).toEqual([
      ['CHILD', booking!.id, '2026-12-02', 1n],
      ['CHILD', booking!.id, '2026-12-03', 2n],
    ]);
    expect(duties.every((d) => d.passengers.length === 2)).toBe(true);
  });

  it('takes a tentative booking as unconfirmed', async () => {
    const { booking } = await take(draft({ confirmed: false }));
    expect(booking!.status).toBe('UNCONFIRMED');
  });

  it('refuses without Manage Bookings, and a past date without Back-Date Reporting Date', async () => {
    const viewer = await expectDomainError(take(draft(), staff([PERMISSION.view_booking])));
    expect(viewer.code).toBe('PERMISSION_DENIED');
    const past = await expectDomainError(
      take(
        draft({ reportingDate: '2026-11-20' }),
        staff([PERMISSION.view_booking, PERMISSION.manage_booking]),
      ),
    );
    expect([past.code, past.message]).toEqual([
      'PERMISSION_DENIED',
      'You need the “Back-Date Reporting Date” permission to give a duty a past date.',
    ]);
    const backDated = await take(draft({ reportingDate: '2026-11-20' }));
    expect(backDated.booking!.startDate).toBe('2026-11-20');
  });

  it('names the fields to fix, and refuses a customer or duty type that cannot be booked', async () => {
    const bad = await expectDomainError(take({ ...draft(), passengers: [], reportingTime: '07:10' }));
    expect(bad.fieldViolations.map((v) => v.field).sort()).toEqual(['passengers', 'reportingTime']);
    const inactive = await expectDomainError(take(draft({ customerId: dormant })));
    expect([inactive.code, inactive.fieldViolations[0]?.field]).toEqual(['INVALID_ARGUMENT', 'customerId']);
    const unknown = await expectDomainError(take(draft({ dutyTypeId: randomUUID() })));
    expect(unknown.fieldViolations.map((v) => v.field)).toEqual(['dutyTypeId']);
    const unreadable = await expectDomainError(
      h.client.createBooking({ draftJson: '{"customerId":' }, staff()),
    );
    expect(unreadable.fieldViolations.map((v) => v.field)).toEqual(['draft']);
  });

  it('shows a booking only to its own operator', async () => {
    const { booking } = await take(draft());
    const other = await expectDomainError(
      h.client.getBooking({ id: booking!.id }, callAs(h.callerFor(randomUUID(), allPermissionIds()))),
    );
    expect(other.code).toBe('NOT_FOUND');
    const notAnId = await expectDomainError(h.client.getBooking({ id: 'abc' }, staff()));
    expect(notAnId.fieldViolations.map((v) => v.field)).toEqual(['id']);
  });
});

describe('changing, copying and extending a booking', () => {
  it('changes a duty’s details until its trip starts, logged and numbered the same', async () => {
    const { booking } = await take(draft());
    const changed = await h.client.updateBooking(
      {
        id: booking!.id,
        draftJson: JSON.stringify(draft({ reportingTime: '09:45', passengers: [{ name: 'Nikhil Rao' }] })),
        expectedVersion: booking!.version,
      },
      staff(),
    );
    expect([
      changed.booking!.bookingNo,
      changed.booking!.passengers.map((p) => p.name),
      changed.booking!.version,
    ]).toEqual([booking!.bookingNo, ['Nikhil Rao'], booking!.version + 1]);
    const stale = await expectDomainError(
      h.client.updateBooking(
        { id: booking!.id, draftJson: JSON.stringify(draft()), expectedVersion: booking!.version },
        staff(),
      ),
    );
    expect(stale.reason).toBe('STALE_VERSION');
    const clerk = await expectDomainError(
      h.client.updateBooking(
        { id: booking!.id, draftJson: JSON.stringify(draft()) },
        staff([PERMISSION.view_booking]),
      ),
    );
    expect(clerk.code).toBe('PERMISSION_DENIED');
    const { activity } = await h.client.getBooking({ id: booking!.id }, staff());
    expect(activity.map((a) => a.action)).toEqual(['created', 'updated']);
  });

  it('lets a duty left on a past date be edited without Back-Date Reporting Date, but not moved to another', async () => {
    const { booking } = await take(draft({ reportingDate: '2026-11-20' }));
    const editor = staff([PERMISSION.view_booking, PERMISSION.edit_duty]);
    const changed = await h.client.updateBooking(
      {
        id: booking!.id,
        draftJson: JSON.stringify(draft({ reportingDate: '2026-11-20', remark: 'Gate 4' })),
        expectedVersion: booking!.version,
      },
      editor,
    );
    expect([changed.booking!.remark, changed.booking!.startDate]).toEqual(['Gate 4', '2026-11-20']);
    const moved = await expectDomainError(
      h.client.updateBooking(
        { id: booking!.id, draftJson: JSON.stringify(draft({ reportingDate: '2026-11-19' })) },
        editor,
      ),
    );
    expect(moved.message).toBe(
      'You need the “Back-Date Reporting Date” permission to give a duty a past date.',
    );
    const kept = await h.client.getBooking({ id: booking!.id }, staff());
    expect([kept.booking!.startDate, kept.booking!.remark]).toEqual(['2026-11-20', 'Gate 4']);
  });

  it('copies a duty to another date as a new booking', async () => {
    const { booking } = await take(draft({ orderReferenceNumber: 'PO-77' }));
    const copy = await h.client.copyBooking({ id: booking!.id, reportingDate: '2026-12-09' }, staff());
    expect(copy.booking).toMatchObject({
      type: 'PARENT',
      startDate: '2026-12-09',
      orderReferenceNumber: 'PO-77',
      status: 'BOOKED',
    });
    expect(copy.booking!.id).not.toBe(booking!.id);
    expect(copy.booking!.passengers.map((p) => p.name)).toEqual(['Asha Rao', 'Vikram Rao']);
  });

  it('extends a booking by a duty a day after its last, as EXTENDED duties of it', async () => {
    const { booking, duties } = await take(draft({ reportingDate: '2026-12-10', lastDate: '2026-12-11' }));
    const extended = await h.client.extendBooking({ id: duties[0]!.id, lastDate: '2026-12-13' }, staff());
    expect(extended.duties.map((d) => [d.type, d.parentId, d.startDate])).toEqual([
      ['EXTENDED', booking!.id, '2026-12-12'],
      ['EXTENDED', booking!.id, '2026-12-13'],
    ]);
    const early = await expectDomainError(
      h.client.extendBooking({ id: booking!.id, lastDate: '2026-12-12' }, staff()),
    );
    expect(early.fieldViolations.map((v) => v.field)).toEqual(['lastDate']);
  });
});
