// The board behind the Duties tabs: a tab filtered by spec §2's categories, searched by what a booking
// can be found by (a passenger's phone, a vehicle number, a name), every tab's count in one call, and bad
// filters named — on bookings taken and allotted through the service itself.
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds, type BookingDraftInput } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
let acme: string;
let globex: string;
let vip: string;
let base: BookingDraftInput;
const ids: Record<string, string> = {};

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}
const staff = () => callAs(h.callerFor(T, allPermissionIds()));
const take = async (name: string, more: Partial<BookingDraftInput>) => {
  const { booking } = await h.client.createBooking(
    { draftJson: JSON.stringify({ ...base, ...more }) },
    staff(),
  );
  ids[name] = booking!.id;
  return booking!;
};
const list = async (tab: string, filters: { key: string; values: string[] }[] = [], search = '') =>
  (await h.client.listBookings({ tab, page: { limit: 100 }, filters, search }, staff())).bookings.map(
    (b) => Object.entries(ids).find(([, id]) => id === b.id)?.[0],
  );

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  acme = await master('customer', { name: 'Acme Corp' });
  globex = await master('customer', { name: 'Globex' });
  vip = await master('label', { name: 'VIP', colour: 'red' });
  const sedan = await master('vehicle_group', { name: 'Sedan' });
  base = {
    customerId: acme,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId: sedan,
    dutyTypeId: await master('duty_type', { name: 'Airport drop', type: 'FLAT' }),
    reportingDate: '2026-11-30',
    reportingTime: '06:00',
    reportingAddress: 'Baner, Pune',
    sales: { price: '1200' },
  };
  await take('asha', {});
  await take('globex', { customerId: globex, passengers: [{ name: 'Kiran Mehta', phone: '+919822244455' }] });
  await take('vip', { labelIds: [vip], fromCityId: 'mh-mumbai', passengers: [{ name: 'Zoya Khan' }] });
  const vehicle = await master('vehicle', {
    vehicle_no: 'MH12AB4321',
    vehicle_model: 'Dzire',
    vehicle_group_id: sedan,
    vehicle_fuel_type: 'DIESEL',
    driver_id: await master('driver', { name: 'Ravi Kumar', phone: '+919811100001' }),
  });
  const allotted = await take('allotted', { reportingDate: '2026-12-01' });
  await h.client.allotDuty({ id: allotted.id, kind: 'OWN', vehicleId: vehicle }, staff());
  await h.client.recordDutySlip(
    {
      id: allotted.id,
      variant: 'SALES',
      medium: 'EMAIL',
      points: [
        {
          point: 'DUTY_START',
          at: timestampFromDate(new Date('2026-11-24T00:45:00Z')),
          km: '100',
          location: '',
        },
      ],
    },
    staff(),
  );
});
afterAll(() => h?.close());

it('filters a tab by customer, label, city and whether the slip has come', async () => {
  expect(await list('all', [{ key: 'customers', values: [globex] }])).toEqual(['globex']);
  expect(await list('all', [{ key: 'labels', values: [vip] }])).toEqual(['vip']);
  expect(await list('all', [{ key: 'cities', values: ['mh-mumbai'] }])).toEqual(['vip']);
  expect(await list('all', [{ key: 'duty_slip_received', values: ['true'] }])).toEqual(['allotted']);
  expect((await list('all', [{ key: 'duty_slip_received', values: ['false'] }])).sort()).toEqual(
    ['asha', 'globex', 'vip'].sort(),
  );
  expect(
    await list('all', [
      { key: 'customers', values: [acme] },
      { key: 'labels', values: [vip] },
    ]),
  ).toEqual(['vip']);
});

it('finds bookings by a passenger’s phone, a vehicle number or a name, typed as people type them', async () => {
  expect(await list('all', [], '98222 44')).toEqual(['globex']);
  expect(await list('all', [], 'mh 12 ab 4321')).toEqual(['allotted']);
  expect(await list('all', [], 'zoy')).toEqual(['vip']);
  expect(await list('allotted', [], 'Ravi')).toEqual(['allotted']);
  expect(await list('all', [], '100%_')).toEqual([]);
});

it('finds a booking by its number as the board shows it, padded with zeros', async () => {
  const { bookings } = await h.client.listBookings(
    { tab: 'all', page: { limit: 100 }, search: 'Kiran' },
    staff(),
  );
  const shown = String(bookings[0]!.bookingNo).padStart(8, '0');
  expect(await list('all', [], shown)).toEqual(['globex']);
  expect(await list('all', [], String(bookings[0]!.bookingNo))).toContain('globex');
});

it('counts every tab in one call', async () => {
  const { counts } = await h.client.countTabs({}, staff());
  expect(counts).toMatchObject({ all: 4, 'allotment-pending': 3, allotted: 1, upcoming: 4, cancelled: 0 });
  expect(Object.keys(counts)).toHaveLength(12);
});

it('names a filter it does not know, and a value that is not a choice', async () => {
  const key = await expectDomainError(
    h.client.listBookings({ tab: 'all', filters: [{ key: 'colour', values: ['red'] }] }, staff()),
  );
  expect(key.fieldViolations.map((v) => v.field)).toEqual(['filters.0.key']);
  const value = await expectDomainError(
    h.client.listBookings(
      { tab: 'all', filters: [{ key: 'customers', values: [acme, "x' or 1=1"] }] },
      staff(),
    ),
  );
  expect(value.fieldViolations.map((v) => v.field)).toEqual(['filters.0.values.1']);
});

it('puts labels and duty supporters on a duty, from the operator’s own active masters only', async () => {
  const urgent = await master('label', { name: 'Urgent', colour: 'orange' });
  const guide = await master('duty_supporter', { name: 'Ashok Tiwari', type: 'GUIDE' });
  const labelled = await h.client.setDutyLabels({ id: ids.asha!, labelIds: [urgent] }, staff());
  expect(labelled.booking!.labelIds).toEqual([urgent]);
  expect(await list('all', [{ key: 'labels', values: [urgent] }])).toEqual(['asha']);
  const supported = await h.client.setDutySupporters({ id: ids.asha!, dutySupporterIds: [guide] }, staff());
  expect(supported.booking!.dutySupporterIds).toEqual([guide]);
  const unknown = await expectDomainError(
    h.client.setDutyLabels({ id: ids.asha!, labelIds: [randomUUID()] }, staff()),
  );
  expect(unknown.fieldViolations.map((v) => v.field)).toEqual(['labelIds.0']);
});
