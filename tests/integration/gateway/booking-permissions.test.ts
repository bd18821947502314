// Every booking procedure, called over HTTP by a signed-in employee who lacks the permission it
// declares, is refused FORBIDDEN before its input is read — whatever the input — and changes nothing.
// The procedures are read from the router itself, so one added later is covered without a line here.
import { isPermissionId } from '@fleet/domain';
import { listProcedures } from '@fleet/gateway';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

const procedures = listProcedures();
const bookingProcedures = procedures.flatMap(([path, def]) => {
  const permission = def.permission;
  return path.startsWith('booking.') && typeof permission === 'string' && isPermissionId(permission)
    ? [{ path, type: def.type, permission }]
    : [];
});

let h: GatewayHarness;
let ownerToken: string;
let clerkToken: string;
let bookingId: string;
let masters: Awaited<ReturnType<typeof bookingMasters>>;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Fenced Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  // Someone with a real job elsewhere in the product, and no duty permission at all.
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Fleet clerk',
    permissions: ['view_vehicle', 'manage_vehicle'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Cal Clerk', phone, permissionProfileId: profile.id });
  ({ token: clerkToken } = await h.signIn(phone));

  masters = await bookingMasters(owner);
  const { booking } = await owner.booking.create.mutate({
    ...masters,
    fromCityId: 'mh-pune',
    reportingDate: '2040-05-02',
    reportingTime: '09:00',
    reportingAddress: 'Koregaon Park, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000001' }],
  });
  bookingId = booking.id;
}, 120_000);
afterAll(() => h?.close());

it('finds the booking procedures on the router', () => {
  expect(bookingProcedures.length).toBeGreaterThanOrEqual(30);
  expect(bookingProcedures.map((p) => p.path)).toEqual(
    expect.arrayContaining(['booking.create', 'booking.allot', 'booking.close', 'booking.adjustCharges']),
  );
});

it.each(bookingProcedures)('refuses $path to someone without $permission', async ({ path, type }) => {
  if (type === 'subscription') {
    // A stream answers 200 at once and says why it ends in its first message.
    const stream = await h.stream(path, {}, bearer(clerkToken));
    const first = await stream.next();
    stream.close();
    expect(first.kind === 'error' && first.error.data.code).toBe('FORBIDDEN');
    return;
  }
  const call = type === 'query' ? h.query : h.mutate;
  // A well-formed input for the one booking, so nothing but the permission stands in the way.
  const answer = await call(path, { id: bookingId, reason: 'Checking the fence' }, bearer(clerkToken));
  expect(answer.status).toBe(403);
  expect(answer.body.error?.data.code).toBe('FORBIDDEN');
});

it('left the booking as it was', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const { booking, activity } = await owner.booking.get.query({ id: bookingId });
  expect(booking.status).toBe('BOOKED');
  expect(booking.version).toBe(1);
  expect(activity.map((a) => a.action)).toEqual(['created']);
});

it('deletes a booking entered by mistake only for someone holding Delete Booking', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Booking desk',
    permissions: ['view_booking', 'manage_booking', 'edit_duty', 'cancel_duty'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Desh Desk', phone, permissionProfileId: profile.id });
  const { token: deskToken } = await h.signIn(phone);
  const { booking } = await owner.booking.create.mutate({
    ...masters,
    fromCityId: 'mh-pune',
    reportingDate: '2040-05-03',
    reportingTime: '09:00',
    reportingAddress: 'Koregaon Park, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000001' }],
  });

  const refused = await h.mutate('booking.delete', { id: booking.id }, bearer(deskToken));
  expect([refused.status, refused.body.error?.data.code]).toEqual([403, 'FORBIDDEN']);
  expect((await owner.booking.get.query({ id: booking.id })).booking.id).toBe(booking.id);

  const deleted = await h.mutate(
    'booking.delete',
    { id: booking.id, reason: 'Entered twice' },
    bearer(ownerToken),
  );
  expect(deleted.status).toBe(200);
  const gone = await h.query('booking.get', { id: booking.id }, bearer(ownerToken));
  expect(gone.status).toBe(404);
  const { bookings } = await owner.booking.list.query({ tab: 'all' });
  expect(bookings.map((b) => b.id)).not.toContain(booking.id);
});
