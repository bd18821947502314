// Deleting a booking entered by mistake through the gRPC routes: allowed only while nothing has happened
// to it (booked or tentative, never allotted), every duty of a multi-day booking at once; refused with
// the way out (cancel) once it went further; gone from the lists, counts, search and reads, with who
// deleted it and when kept in its activity and published for the read models; one operator's booking is
// never another's to delete.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { allPermissionIds, type BookingDraftInput, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
let draft: BookingDraftInput;
let vehicleId: string;

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  const master = async (kind: string, values: Record<string, unknown>) =>
    (
      await h.masters.client.createRecord(
        { kind, valuesJson: JSON.stringify(values) },
        callAs(h.masters.callerFor(T)),
      )
    ).record!.id;
  const vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
  draft = {
    customerId: await master('customer', { name: 'Acme Corp' }),
    passengers: [{ name: 'Zubin Mistry', phone: '+919800000177' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId: await master('duty_type', { name: 'Airport drop', type: 'FLAT' }),
    reportingDate: '2026-11-26',
    reportingTime: '05:00',
    reportingAddress: 'Baner, Pune',
    sales: { price: '1200' },
  };
  vehicleId = await master('vehicle', {
    vehicle_no: 'MH12AB7001',
    vehicle_model: 'Dzire',
    vehicle_group_id: vehicleGroupId,
    vehicle_fuel_type: 'DIESEL',
    driver_id: await master('driver', { name: 'Ravi Kumar', phone: '+919811100071' }),
  });
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds(), tenantId = T) =>
  callAs(h.callerFor(tenantId, permissions));
const take = async (more: Partial<BookingDraftInput> = {}) =>
  (await h.client.createBooking({ draftJson: JSON.stringify({ ...draft, ...more }) }, staff())).booking!;
const listed = async (tab: string, search = '') =>
  (await h.client.listBookings({ tab, page: { limit: 100 }, search }, staff())).bookings.map((b) => b.id);
const counts = async () => (await h.client.countTabs({}, staff())).counts;

it('deletes a booking nothing has happened to: gone from the lists, counts, search and reads', async () => {
  const kept = await take();
  const mistake = await take({ passengers: [{ name: 'Zubin Mistry', phone: '+919800000178' }] });
  const before = await counts();
  expect(await listed('allotment-pending')).toContain(mistake.id);
  expect(await listed('all', 'zubin')).toContain(mistake.id);

  const deleter = h.callerFor(T, allPermissionIds());
  const { deletedIds } = await h.client.deleteBooking(
    { id: mistake.id, reason: 'Entered twice', expectedVersion: mistake.version },
    callAs(deleter),
  );
  expect(deletedIds).toEqual([mistake.id]);

  for (const tab of ['all', 'allotment-pending', 'upcoming'])
    expect(await listed(tab)).not.toContain(mistake.id);
  expect(await listed('all', 'zubin')).toEqual([kept.id]);
  const after = await counts();
  expect([after.all, after['allotment-pending'], after.upcoming]).toEqual([
    before.all! - 1,
    before['allotment-pending']! - 1,
    before.upcoming! - 1,
  ]);
  const gone = await expectDomainError(h.client.getBooking({ id: mistake.id }, staff()));
  expect(gone.code).toBe('NOT_FOUND');
  const again = await expectDomainError(h.client.deleteBooking({ id: mistake.id }, staff()));
  expect(again.code).toBe('NOT_FOUND');
  const acted = await expectDomainError(
    h.client.actOnBooking({ id: mistake.id, action: 'cancel', reason: 'x' }, staff()),
  );
  expect(acted.code).toBe('NOT_FOUND');

  // Kept, with who deleted it and when, in its activity and on its row; and made known.
  const [row] = await h.database.db.asSystem((tx) =>
    rows<{ deletedAt: Date; deletedBy: string; actions: string[]; reason: string; userId: string }>(
      tx,
      sql`select b.deleted_at as "deletedAt", b.deleted_by::text as "deletedBy",
            (select array_agg(a.action order by a.at, a.id) from bookings.booking_activity a where a.booking_id = b.id) as actions,
            (select a.reason from bookings.booking_activity a where a.booking_id = b.id and a.action = 'deleted') as reason,
            (select a.user_id::text from bookings.booking_activity a where a.booking_id = b.id and a.action = 'deleted') as "userId"
          from bookings.bookings b where b.id = ${mistake.id}`,
    ),
  );
  expect({ ...row, deletedAt: new Date(row!.deletedAt) }).toEqual({
    deletedAt: NOW,
    deletedBy: deleter.userId,
    actions: ['created', 'deleted'],
    reason: 'Entered twice',
    userId: deleter.userId,
  });
  const events = await h.database.db.asSystem((tx) =>
    rows<{ payload: Buffer }>(
      tx,
      sql`select payload from bookings.outbox where tenant_id = ${T} and subject = 'fleet.bookings.booking.deleted'`,
    ),
  );
  const deleted = events.map((e) => fromBinary(BookingChangedSchema, new Uint8Array(e.payload)));
  expect(deleted.map((e) => [e.booking?.id, e.action, e.changedByUserId])).toEqual([
    [mistake.id, 'deleted', deleter.userId],
  ]);
});

it('deletes every duty of a multi-day booking at once', async () => {
  const created = await h.client.createBooking(
    { draftJson: JSON.stringify({ ...draft, reportingDate: '2026-12-01', lastDate: '2026-12-03' }) },
    staff(),
  );
  const duties = [created.booking!, ...created.duties];
  expect(duties).toHaveLength(3);
  const { deletedIds } = await h.client.deleteBooking({ id: duties[1]!.id }, staff());
  expect(deletedIds.sort()).toEqual(duties.map((d) => d.id).sort());
  const all = await listed('all');
  for (const duty of duties) expect(all).not.toContain(duty.id);
});

it('refuses a booking that got further, saying to cancel it instead, and changes nothing', async () => {
  const allotted = await take({ reportingDate: '2026-11-27' });
  await h.client.allotDuty({ id: allotted.id, kind: 'OWN', vehicleId }, staff());
  const refused = await expectDomainError(h.client.deleteBooking({ id: allotted.id }, staff()));
  expect([refused.code, refused.reason, refused.message]).toEqual([
    'FAILED_PRECONDITION',
    'NOT_DELETABLE',
    'This duty is Allotted; only a booking nothing has happened to yet can be deleted. Cancel it instead.',
  ]);

  // Allotted once and cleared again: booked, but something happened to it.
  await h.client.actOnBooking({ id: allotted.id, action: 'clearAllotment' }, staff());
  const cleared = await expectDomainError(h.client.deleteBooking({ id: allotted.id }, staff()));
  expect(cleared.message).toBe(
    'This booking was allotted, sent or worked on already; only a booking nothing has happened to yet can be deleted. Cancel it instead.',
  );
  const cancelled = await take();
  await h.client.actOnBooking({ id: cancelled.id, action: 'cancel', reason: 'Plans changed' }, staff());
  expect((await expectDomainError(h.client.deleteBooking({ id: cancelled.id }, staff()))).reason).toBe(
    'NOT_DELETABLE',
  );
  expect(await listed('all')).toEqual(expect.arrayContaining([allotted.id, cancelled.id]));
});

it('needs Delete Booking, and never deletes another operator’s booking', async () => {
  const booking = await take();
  const manager = await expectDomainError(
    h.client.deleteBooking(
      { id: booking.id },
      staff([PERMISSION.view_booking, PERMISSION.manage_booking, PERMISSION.edit_duty]),
    ),
  );
  expect(manager.code).toBe('PERMISSION_DENIED');
  const elsewhere = await expectDomainError(
    h.client.deleteBooking({ id: booking.id }, staff(allPermissionIds(), randomUUID())),
  );
  expect(elsewhere.code).toBe('NOT_FOUND');
  const stale = await expectDomainError(
    h.client.deleteBooking({ id: booking.id, expectedVersion: booking.version + 1 }, staff()),
  );
  expect(stale.reason).toBe('STALE_VERSION');
  expect(await listed('all')).toContain(booking.id);
});
