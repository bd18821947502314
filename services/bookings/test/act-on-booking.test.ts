// Staff moving duties by the status machine's actions through the gRPC routes: what each action needs
// (its status, its permission, its reason), what it writes (status, reasons, activity, event), and two
// people acting on one duty at once.
import { randomUUID } from 'node:crypto';
import { allPermissionIds, type BookingDraftInput, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
let draft: BookingDraftInput;

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  const master = async (kind: string, values: Record<string, unknown>) =>
    (
      await h.masters.client.createRecord(
        { kind, valuesJson: JSON.stringify(values) },
        callAs(h.masters.callerFor(T)),
      )
    ).record!.id;
  draft = {
    customerId: await master('customer', { name: 'Acme Corp' }),
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId: await master('vehicle_group', { name: 'Sedan' }),
    dutyTypeId: await master('duty_type', { name: 'Airport drop', type: 'FLAT' }),
    reportingDate: '2026-11-26',
    reportingTime: '05:00',
    reportingAddress: 'Baner, Pune',
    sales: { price: '1200' },
  };
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));
const take = async (more: Partial<BookingDraftInput> = {}) =>
  (await h.client.createBooking({ draftJson: JSON.stringify({ ...draft, ...more }) }, staff())).booking!;
const act = (id: string, action: string, reason = '', as = staff(), expectedVersion = 0) =>
  h.client.actOnBooking({ id, action, reason, expectedVersion }, as);

it('confirms a tentative booking, and cancels with the reason written down', async () => {
  const booking = await take({ confirmed: false });
  expect((await act(booking.id, 'confirm')).booking!.status).toBe('BOOKED');
  const cancelled = (await act(booking.id, 'cancel', 'Flight cancelled')).booking!;
  expect([cancelled.status, cancelled.cancellationReason, cancelled.version]).toEqual([
    'CANCELLED',
    'Flight cancelled',
    3,
  ]);
  const { activity } = await h.client.getBooking({ id: booking.id }, staff());
  expect(activity.map((a) => [a.action, a.fromStatus, a.toStatus, a.reason])).toEqual([
    ['created', '', 'UNCONFIRMED', ''],
    ['confirm', 'UNCONFIRMED', 'BOOKED', ''],
    ['cancel', 'BOOKED', 'CANCELLED', 'Flight cancelled'],
  ]);
  const events = await h.database.db.asSystem((tx) =>
    rows<{ subject: string }>(
      tx,
      sql`select subject from bookings.outbox where tenant_id = ${T} order by seq`,
    ),
  );
  expect(events.filter((e) => e.subject === 'fleet.bookings.booking.status_changed')).toHaveLength(2);
});

it('refuses what the status does not allow, naming the status; what needs a reason or a permission', async () => {
  const booking = await take();
  const early = await expectDomainError(act(booking.id, 'dispatch'));
  expect([early.code, early.message]).toEqual([
    'FAILED_PRECONDITION',
    'This duty is Booked; you cannot dispatch it now.',
  ]);
  const noReason = await expectDomainError(act(booking.id, 'markUnfulfilled', '  '));
  expect(noReason.fieldViolations.map((v) => v.field)).toEqual(['reason']);
  const viewer = await expectDomainError(
    act(booking.id, 'cancel', 'Changed plans', staff([PERMISSION.view_booking])),
  );
  expect(viewer.code).toBe('PERMISSION_DENIED');
  const made = await expectDomainError(act(booking.id, 'teleport'));
  expect(made.fieldViolations.map((v) => v.field)).toEqual(['action']);
});

it('skips one day of a multi-day booking, and never the booking itself', async () => {
  const parent = await take({ reportingDate: '2026-12-01', lastDate: '2026-12-02' });
  const { duties } = await h.client.getBooking({ id: parent.id }, staff());
  await expect(act(parent.id, 'skip')).rejects.toThrow(/cannot skip this kind of duty/);
  expect((await act(duties[0]!.id, 'skip')).booking!.status).toBe('CANCELLED');
});

it('lets one of two people cancelling the same duty at once do it; the other is told it is cancelled', async () => {
  const booking = await take();
  const outcomes = await Promise.allSettled([
    act(booking.id, 'cancel', 'Customer called'),
    act(booking.id, 'cancel', 'Duplicate booking'),
  ]);
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  const refused = outcomes.find((o) => o.status === 'rejected');
  expect(String(refused?.status === 'rejected' && refused.reason)).toMatch(/This duty is Cancelled/);
});

it('refuses an action on a version someone has since changed', async () => {
  const booking = await take({ confirmed: false });
  await act(booking.id, 'confirm', '', staff(), booking.version);
  const stale = await expectDomainError(act(booking.id, 'cancel', 'Too late', staff(), booking.version));
  expect(stale.reason).toBe('STALE_VERSION');
});
