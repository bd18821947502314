// The view_basic_* permissions through masters' gRPC routes on a real PostgreSQL: someone holding only the
// basic permission of drivers, vehicles or duty supporters reads their names and numbers, never their
// documents or money; the full view permission reads everything.
import { randomUUID } from 'node:crypto';
import { allPermissionIds } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { expectDomainError, recordValues } from '@fleet/testing';
import { bootMasters, type MastersHarness, pageRecords } from './support';

let h: MastersHarness;
const T = randomUUID();
let driverId: string;
let vehicleId: string;
let supporterId: string;

beforeAll(async () => {
  h = await bootMasters();
  driverId = (
    await h.create(T, 'driver', {
      name: 'Ravi Kumar',
      phone: '+919876500001',
      monthly_salary: '18000.00',
      licence_no: 'MH1220110012345',
    })
  ).id;
  const group = (await h.create(T, 'vehicle_group', { name: 'Sedan' })).id;
  vehicleId = (
    await h.create(T, 'vehicle', {
      vehicle_no: 'MH12AB1001',
      vehicle_model: 'Dzire',
      vehicle_group_id: group,
      vehicle_fuel_type: 'DIESEL',
      insurance_policy_no: 'POL-778',
      loan_emi: '12500.00',
    })
  ).id;
  supporterId = (
    await h.create(T, 'duty_supporter', {
      name: 'Sunil',
      type: 'GUIDE',
      phone: '+919876500002',
      pan: 'ABCPS1234K',
    })
  ).id;
}, 60_000);
afterAll(() => h?.close());

const basicOnly = () =>
  callAs(
    h.callerFor(T, [
      'view_basic_driver_information',
      'view_basic_vehicle_information',
      'view_basic_duty_supporter_information',
    ]),
  );
const get = async (kind: string, id: string, caller = basicOnly()) =>
  recordValues((await h.client.getRecord({ kind, id }, caller)).record!);

it('shows a holder of the basic permission names and numbers, not documents and money', async () => {
  const hidden = (values: Record<string, unknown>, fields: string[]) =>
    fields.filter((field) => values[field] !== undefined && values[field] !== null);
  const driver = await get('driver', driverId);
  expect([driver.name, driver.phone]).toEqual(['Ravi Kumar', '+919876500001']);
  expect(hidden(driver, ['monthly_salary', 'licence_no'])).toEqual([]);
  const vehicle = await get('vehicle', vehicleId);
  expect([vehicle.vehicle_no, vehicle.vehicle_model]).toEqual(['MH12AB1001', 'Dzire']);
  expect(hidden(vehicle, ['insurance_policy_no', 'loan_emi'])).toEqual([]);
  const supporter = await get('duty_supporter', supporterId);
  expect(supporter.name).toBe('Sunil');
  expect(hidden(supporter, ['pan'])).toEqual([]);
  const drivers = pageRecords('driver', await h.client.listRecords({ kind: 'driver' }, basicOnly()));
  expect(drivers.map((d) => [d.values.name, d.values.licence_no ?? null])).toEqual([['Ravi Kumar', null]]);

  // The full permission reads it all; neither refuses.
  const full = callAs(h.callerFor(T, allPermissionIds()));
  expect(await get('driver', driverId, full)).toMatchObject({ monthly_salary: '18000.00' });
  expect(await get('vehicle', vehicleId, full)).toMatchObject({ insurance_policy_no: 'POL-778' });
  const none = callAs(h.callerFor(T, ['view_booking']));
  expect((await expectDomainError(h.client.getRecord({ kind: 'driver', id: driverId }, none))).code).toBe(
    'PERMISSION_DENIED',
  );
});
