// A duty's trip insurance over HTTP: set, changed and removed by someone who may manage booking
// insurance, shown by booking.get to whoever may view bookings (premium and sum insured as exact
// decimals); refused FORBIDDEN to a booking desk without that permission, and BAD_REQUEST naming the
// field for a premium that is not money above zero.
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let ownerToken: string;
let deskToken: string;
let bookingId: string;

const policy = {
  policyNumber: ' TRV/2026/004211 ',
  insurer: 'ICICI Lombard',
  premium: '1803',
  sumInsured: '500000',
};

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Insured Cabs' }));
  const owner = h.client(() => bearer(ownerToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Duties desk',
    permissions: ['view_booking', 'manage_booking'],
  });
  const phone = freshPhone();
  await owner.employee.create.mutate({ name: 'Dee Desk', phone, permissionProfileId: profile.id });
  ({ token: deskToken } = await h.signIn(phone));

  const { booking } = await owner.booking.create.mutate({
    ...(await bookingMasters(owner)),
    fromCityId: 'mh-pune',
    reportingDate: '2040-05-02',
    reportingTime: '09:00',
    reportingAddress: 'Koregaon Park, Pune',
    passengers: [{ name: 'Asha Rao', phone: '+919800000001' }],
  });
  bookingId = booking.id;
}, 120_000);
afterAll(() => h?.close());

it('sets, shows to a viewer, changes and removes a duty’s trip insurance', async () => {
  const owner = h.client(() => bearer(ownerToken));
  const desk = h.client(() => bearer(deskToken));
  const set = await owner.booking.setInsurance.mutate({ id: bookingId, insurance: policy, version: 1 });
  expect(set.tripInsurance).toMatchObject({
    policyNumber: 'TRV/2026/004211',
    insurer: 'ICICI Lombard',
    note: '',
  });
  expect(set.tripInsurance?.premium).toEqual(new Decimal('1803.00'));
  expect(set.tripInsurance?.sumInsured).toEqual(new Decimal('500000'));

  const { booking, activity } = await desk.booking.get.query({ id: bookingId });
  expect(booking.tripInsurance?.premium.toFixed(2)).toBe('1803.00');
  expect(activity.map((a) => a.action)).toContain('tripInsuranceAdded');

  const changed = await owner.booking.setInsurance.mutate({
    id: bookingId,
    insurance: { ...policy, premium: '2100.50', sumInsured: '' },
  });
  expect([changed.tripInsurance?.premium.toFixed(2), changed.tripInsurance?.sumInsured]).toEqual([
    '2100.50',
    null,
  ]);
  const removed = await owner.booking.removeInsurance.mutate({ id: bookingId, version: changed.version });
  expect(removed.tripInsurance).toBeNull();
});

it('refuses FORBIDDEN to someone who may manage bookings but not their insurance, changing nothing', async () => {
  const before = await h.client(() => bearer(ownerToken)).booking.get.query({ id: bookingId });
  for (const [path, input] of [
    ['booking.setInsurance', { id: bookingId, insurance: policy }],
    ['booking.removeInsurance', { id: bookingId }],
  ] as const) {
    const answer = await h.mutate(path, input, bearer(deskToken));
    expect([answer.status, answer.body.error?.data.code]).toEqual([403, 'FORBIDDEN']);
  }
  const after = await h.client(() => bearer(ownerToken)).booking.get.query({ id: bookingId });
  expect(after.booking.version).toBe(before.booking.version);
});

it('refuses a premium that is not money above zero BAD_REQUEST, naming the field', async () => {
  const owner = h.client(() => bearer(ownerToken));
  for (const [premium, message] of [
    ['0', 'The premium is more than ₹0.'],
    ['12.345', 'Enter the premium in rupees, e.g. 1803 or 1803.50 (at most 2 decimals).'],
    ['', 'Enter the premium.'],
  ] as const) {
    const error = await expectTrpcError(
      owner.booking.setInsurance.mutate({ id: bookingId, insurance: { ...policy, premium } }),
    );
    expect([error.data?.code, error.data?.fieldErrors]).toEqual([
      'BAD_REQUEST',
      { 'insurance.premium': message },
    ]);
  }
  // A premium sent as a number (as a hand-made call could) is refused, not rounded.
  const asNumber = await h.mutate(
    'booking.setInsurance',
    { id: bookingId, insurance: { ...policy, premium: 1803, insurer: ' ' } },
    bearer(ownerToken),
  );
  expect([asNumber.status, Object.keys(asNumber.body.error?.data.fieldErrors ?? {}).sort()]).toEqual([
    400,
    ['insurance.premium'],
  ]);
});
