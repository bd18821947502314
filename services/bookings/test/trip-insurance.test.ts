// A duty's trip insurance through the gRPC routes: set, changed and removed with one call by whoever may
// manage booking insurance, its text trimmed and its money kept to the paisa; read back with the duty,
// written to its activity and carried in its updated event (billing bills the premium from there).
// Anything wrong is refused naming its field, with nothing written; an invoiced duty's insurance does
// not change.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { allPermissionIds, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import type { TripInsuranceInput } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  customerId = await master('customer', { name: 'Acme Corp' });
  dutyTypeId = await master('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 });
  vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));

async function duty() {
  const draft = {
    customerId,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-25',
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  return booking!;
}

const policy = (extra: Partial<TripInsuranceInput> = {}) => ({
  policyNumber: 'TRV/2026/004211',
  insurer: 'ICICI Lombard',
  premium: '1803',
  sumInsured: '500000',
  note: '',
  ...extra,
});

const set = (
  id: string,
  insurance: ReturnType<typeof policy> | undefined,
  as = staff(),
  expectedVersion = 0,
) => h.client.setTripInsurance({ id, insurance, expectedVersion }, as);

const held = (insurance?: {
  policyNumber: string;
  insurer: string;
  premium: string;
  sumInsured: string;
  note: string;
}) =>
  insurance
    ? [insurance.policyNumber, insurance.insurer, insurance.premium, insurance.sumInsured, insurance.note]
    : undefined;

async function updatedEvents(id: string) {
  const found = await h.database.db.asSystem((tx) =>
    rows<{ payload: Buffer }>(
      tx,
      sql`select payload from bookings.outbox
          where tenant_id = ${T} and subject = 'fleet.bookings.booking.updated' order by seq`,
    ),
  );
  return found
    .map((row) => fromBinary(BookingChangedSchema, new Uint8Array(row.payload)))
    .filter((event) => event.booking?.id === id);
}

describe('a duty’s trip insurance', () => {
  it('is set trimmed with its money to the paisa, read back with the duty, changed and removed', async () => {
    const booking = await duty();
    const { booking: written } = await set(
      booking.id,
      policy({ policyNumber: '  TRV/2026/004211 ', insurer: ' ICICI Lombard ', note: ' Family of four ' }),
      staff(),
      booking.version,
    );
    expect(held(written!.tripInsurance)).toEqual([
      'TRV/2026/004211',
      'ICICI Lombard',
      '1803.00',
      '500000.00',
      'Family of four',
    ]);
    expect(written!.version).toBe(booking.version + 1);

    const read = await h.client.getBooking({ id: booking.id }, staff([PERMISSION.view_booking]));
    expect(held(read.booking!.tripInsurance)).toEqual(held(written!.tripInsurance));
    expect(read.booking!.tripInsurance!.setAt).toBeDefined();

    const { booking: changed } = await set(
      booking.id,
      policy({ insurer: 'Tata AIG', premium: '2100.5', sumInsured: '' }),
    );
    expect(held(changed!.tripInsurance)).toEqual(['TRV/2026/004211', 'Tata AIG', '2100.50', '', '']);

    const { booking: removed } = await set(booking.id, undefined);
    expect(removed!.tripInsurance).toBeUndefined();
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect(after.booking!.tripInsurance).toBeUndefined();
  });

  it('writes to the activity what was set, changed and removed, with the premium', async () => {
    const booking = await duty();
    await set(booking.id, policy());
    await set(booking.id, policy({ premium: '1950' }));
    await set(booking.id, undefined);
    const read = await h.client.getBooking({ id: booking.id }, staff());
    const logged = read.activity
      .filter((a) => a.action.startsWith('tripInsurance'))
      .map((a) => [a.action, a.reason]);
    expect(logged).toEqual([
      ['tripInsuranceAdded', 'Trip insurance: ICICI Lombard, policy TRV/2026/004211, premium ₹1,803.00.'],
      ['tripInsuranceChanged', 'Trip insurance: ICICI Lombard, policy TRV/2026/004211, premium ₹1,950.00.'],
      ['tripInsuranceRemoved', 'Removed trip insurance: ICICI Lombard, policy TRV/2026/004211.'],
    ]);
  });

  it('publishes the duty with its insurance in an updated event', async () => {
    const booking = await duty();
    await set(booking.id, policy());
    const [event] = await updatedEvents(booking.id);
    expect(event?.action).toBe('tripInsuranceAdded');
    expect(held(event?.booking?.tripInsurance)).toEqual([
      'TRV/2026/004211',
      'ICICI Lombard',
      '1803.00',
      '500000.00',
      '',
    ]);
  });
});

describe('refused, naming the field, with nothing written', () => {
  const refusals: [string, Partial<TripInsuranceInput>, string, string][] = [
    ['no policy number', { policyNumber: '   ' }, 'policyNumber', 'Enter the policy number.'],
    [
      'a policy number of 61 characters',
      { policyNumber: 'P'.repeat(61) },
      'policyNumber',
      'Keep this to 60 characters or fewer.',
    ],
    [
      'a policy number with a NUL',
      { policyNumber: 'TRV\u0000211' },
      'policyNumber',
      'Remove the NUL character (U+0000); it cannot be stored.',
    ],
    ['no insurer', { insurer: '' }, 'insurer', 'Enter the insurer.'],
    [
      'an insurer of 121 characters',
      { insurer: 'I'.repeat(121) },
      'insurer',
      'Keep this to 120 characters or fewer.',
    ],
    ['a premium of zero', { premium: '0' }, 'premium', 'The premium is more than ₹0.'],
    [
      'a premium with three decimals',
      { premium: '1803.005' },
      'premium',
      'Enter the premium in rupees, e.g. 1803 or 1803.50 (at most 2 decimals).',
    ],
    [
      'a negative sum insured',
      { sumInsured: '-5' },
      'sumInsured',
      'Enter the sum insured in rupees, e.g. 1803 or 1803.50 (at most 2 decimals).',
    ],
  ];

  it.each(refusals)('%s', async (_what, bad, field, message) => {
    const booking = await duty();
    await set(booking.id, policy());
    const before = await h.client.getBooking({ id: booking.id }, staff());
    const error = await expectDomainError(set(booking.id, policy(bad)));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations).toEqual([{ field: `insurance.${field}`, message }]);
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect([held(after.booking!.tripInsurance), after.booking!.version, after.activity.length]).toEqual([
      held(before.booking!.tripInsurance),
      before.booking!.version,
      before.activity.length,
    ]);
  });
});

describe('refused by the duty’s state or the person', () => {
  it('on an invoiced duty', async () => {
    const booking = await duty();
    await set(booking.id, policy());
    await h.database.db.asOwner((tx) =>
      tx.execute(sql`update bookings.bookings set is_billed = true where id = ${booking.id}`),
    );
    for (const change of [policy({ premium: '99' }), undefined]) {
      const error = await expectDomainError(set(booking.id, change));
      expect([error.code, error.message]).toEqual([
        'FAILED_PRECONDITION',
        'This duty is invoiced; take it off its invoice to change its trip insurance.',
      ]);
    }
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect(after.booking!.tripInsurance?.premium).toBe('1803.00');
  });

  it('from a stale version', async () => {
    const booking = await duty();
    await set(booking.id, policy());
    const error = await expectDomainError(set(booking.id, undefined, staff(), booking.version));
    expect(error.code).toBe('CONFLICT');
  });

  it('without the permission to manage booking insurance', async () => {
    const booking = await duty();
    const error = await expectDomainError(
      set(booking.id, policy(), staff([PERMISSION.view_booking, PERMISSION.manage_booking])),
    );
    expect(error.code).toBe('PERMISSION_DENIED');
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect(after.booking!.tripInsurance).toBeUndefined();
  });
});
