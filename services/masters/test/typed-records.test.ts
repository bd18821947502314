// GetTypedRecords, as another service's read model asks it: the records of the kinds other services
// copy, as the typed messages their events carry, only the asking operator's, with bad asks refused.
import { randomUUID } from 'node:crypto';
import { callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
const T = randomUUID();
let group: string;
let local8h: string;

beforeAll(async () => {
  h = await bootMasters();
  group = (await h.create(T, 'vehicle_group', { name: 'Sedan' })).id;
  local8h = (await h.create(T, 'duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 }))
    .id;
});
afterAll(() => h?.close());

it('gives the typed records of the ids asked for, and leaves out what is not the operator’s', async () => {
  const driver = await h.create(T, 'driver', { name: 'Ravi Kumar', phone: '+919800011111' });
  const vehicle = await h.create(T, 'vehicle', {
    vehicle_no: 'MH12AB1234',
    vehicle_model: 'Dzire',
    vehicle_group_id: group,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver.id,
    insurance_expiry: '2027-01-31',
  });
  const otherOperator = randomUUID();
  const otherGroup = (await h.create(otherOperator, 'vehicle_group', { name: 'SUV' })).id;
  const theirs = await h.create(otherOperator, 'vehicle', {
    vehicle_no: 'KA01XY0001',
    vehicle_model: 'Innova',
    vehicle_group_id: otherGroup,
    vehicle_fuel_type: 'DIESEL',
  });

  const found = await h.client.getTypedRecords(
    { kind: 'vehicle', ids: [vehicle.id, theirs.id, randomUUID()] },
    callAs(h.callerFor(T, [])),
  );
  expect(found.vehicles.map((v) => [v.id, v.vehicleNo, v.driverId, v.insuranceExpiry, v.isActive])).toEqual([
    [vehicle.id, 'MH12AB1234', driver.id, '2027-01-31', true],
  ]);
  const types = await h.client.getTypedRecords({ kind: 'duty_type', ids: [local8h] }, callAs(h.callerFor(T)));
  expect(types.dutyTypes.map((d) => [d.name, d.maxKm, d.maxHr])).toEqual([['8 Hrs 80 Kms', 80, 8]]);
});

it('refuses a kind no read model copies, too many ids and ids that are not ids', async () => {
  const owner = callAs(h.callerFor(T));
  const kind = await expectDomainError(h.client.getTypedRecords({ kind: 'label', ids: [] }, owner));
  expect(kind.fieldViolations.map((v) => v.field)).toEqual(['kind']);
  const many = Array.from({ length: 101 }, () => randomUUID());
  const tooMany = await expectDomainError(h.client.getTypedRecords({ kind: 'vehicle', ids: many }, owner));
  expect(tooMany.fieldViolations.map((v) => v.field)).toEqual(['ids']);
  const notAnId = await expectDomainError(
    h.client.getTypedRecords({ kind: 'vehicle', ids: [randomUUID(), "1' or 1=1"] }, owner),
  );
  expect(notAnId.fieldViolations.map((v) => v.field)).toEqual(['ids.1']);
});
