// Bookings' copies of the masters it reads: kept from masters' events as they happen, filled in from
// masters when a booking names a record no event has brought yet, never replaced by an older version,
// and each operator's own.
import { randomUUID } from 'node:crypto';
import { callAs, rows } from '@fleet/platform';
import { eventually } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

let h: BookingsHarness;
const T = randomUUID();
let group: string;

beforeAll(async () => {
  h = await bootBookings();
  group = await createMaster('vehicle_group', { name: 'Sedan' });
});
afterAll(() => h?.close());

async function createMaster(kind: string, values: Record<string, unknown>, tenantId = T) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(tenantId)),
  );
  return record!.id;
}

const copied = (tenantId: string, kind: string, id: string) =>
  h.database.db.read(tenantId, (tx) =>
    rows<{ name: string; is_active: boolean }>(
      tx,
      sql`select name, is_active from bookings.master_copies where kind = ${kind} and id = ${id}`,
    ),
  );

const vehicle = (no: string) => ({
  vehicle_no: no,
  vehicle_model: 'Dzire',
  vehicle_group_id: group,
  vehicle_fuel_type: 'DIESEL',
});

it('keeps a copy of a vehicle from masters’ events, created and then changed', async () => {
  const id = await createMaster('vehicle', vehicle('MH12AB1001'));
  expect(
    await eventually(
      () => copied(T, 'vehicle', id),
      (r) => r.length === 1,
    ),
  ).toEqual([{ name: 'MH12AB1001', is_active: true }]);
  await h.masters.client.setRecordActive(
    { kind: 'vehicle', id, isActive: false },
    callAs(h.masters.callerFor(T)),
  );
  expect(
    await eventually(
      () => copied(T, 'vehicle', id),
      (r) => r[0]?.is_active === false,
    ),
  ).toEqual([{ name: 'MH12AB1001', is_active: false }]);
});

it('fills in from masters what no event has brought, and keeps it', async () => {
  // The copy is removed, as if its event had never come.
  const id = await createMaster('driver', { name: 'Ravi Kumar', phone: '+919800022222' });
  await eventually(
    () => copied(T, 'driver', id),
    (r) => r.length === 1,
  );
  await h.database.db.asSystem((tx) => tx.execute(sql`delete from bookings.master_copies where id = ${id}`));

  const caller = { ...h.callerFor(T), tenantId: T };
  const copies = await h.module.copies.load(caller, { driver: [id, randomUUID()] });
  expect([...copies.driver.values()].map((d) => [d.id, d.name, d.phone])).toEqual([
    [id, 'Ravi Kumar', '+919800022222'],
  ]);
  expect(await copied(T, 'driver', id)).toEqual([{ name: 'Ravi Kumar', is_active: true }]);
});

it('never lets an older version replace a newer copy', async () => {
  const id = await createMaster('vehicle', vehicle('MH12AB1002'));
  await eventually(
    () => copied(T, 'vehicle', id),
    (r) => r.length === 1,
  );
  await h.masters.client.updateRecord(
    { id, kind: 'vehicle', valuesJson: JSON.stringify(vehicle('MH12AB1099')) },
    callAs(h.masters.callerFor(T)),
  );
  await eventually(
    () => copied(T, 'vehicle', id),
    (r) => r[0]?.name === 'MH12AB1099',
  );
  // A redelivered first version (older updated_at) changes nothing.
  await h.database.db.asSystem((tx) =>
    tx.execute(sql`
      insert into bookings.master_copies (tenant_id, kind, id, name, is_active, data, updated_at)
      values (${T}, 'vehicle', ${id}, 'MH12AB1002', true, '{}', now() - interval '1 hour')
      on conflict (tenant_id, kind, id) do update
        set name = excluded.name, updated_at = excluded.updated_at
        where bookings.master_copies.updated_at <= excluded.updated_at`),
  );
  expect(await copied(T, 'vehicle', id)).toEqual([{ name: 'MH12AB1099', is_active: true }]);
});

it('keeps each operator’s copies to itself', async () => {
  const other = randomUUID();
  const otherGroup = await createMaster('vehicle_group', { name: 'SUV' }, other);
  const id = await createMaster('vehicle', { ...vehicle('KA01XY0001'), vehicle_group_id: otherGroup }, other);
  await eventually(
    () => copied(other, 'vehicle', id),
    (r) => r.length === 1,
  );
  expect(await copied(T, 'vehicle', id)).toEqual([]);
  const asT = await h.module.copies.load({ ...h.callerFor(T), tenantId: T }, { vehicle: [id] });
  expect(asT.vehicle.size).toBe(0);
});

it('fences every table of operators’ rows by operator (row-level security, forced)', async () => {
  const unfenced = await h.database.db.asOwner((tx) =>
    rows<{ relname: string }>(
      tx,
      sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'bookings' and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')
            and not (c.relrowsecurity and c.relforcerowsecurity)`,
    ),
  );
  expect(unfenced).toEqual([]);
});
