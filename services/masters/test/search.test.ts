// Searching a master's list: what an operator's staff type into the search box and what they expect to
// find, on a real PostgreSQL under row-level security. A search finds records having, for every word
// typed, a word starting with it; a code with digits in it (vehicle number, phone) is found by any part.
import { randomUUID } from 'node:crypto';
import { callAs } from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import { bootMasters, type MastersHarness, pageRecords } from './support';

let h: MastersHarness;
const A = randomUUID();
const B = randomUUID();
let groupA: string;

const names = async (tenantId: string, kind: string, search: string, active = ActiveFilter.ACTIVE) =>
  pageRecords(kind, await h.client.listRecords({ kind, search, active }, callAs(h.callerFor(tenantId))))
    .map((r) => {
      const v = r.values as Record<string, string>;
      return v.vehicle_no ?? v.name;
    })
    .sort();

const vehicle = (groupId: string, no: string, model: string) => ({
  vehicle_no: no,
  vehicle_model: model,
  vehicle_group_id: groupId,
  vehicle_fuel_type: 'DIESEL',
});

beforeAll(async () => {
  h = await bootMasters();
  groupA = (await h.create(A, 'vehicle_group', { name: 'SUV' })).id;
  const groupB = (await h.create(B, 'vehicle_group', { name: 'SUV' })).id;
  await h.create(A, 'vehicle', vehicle(groupA, 'KA01MX4455', 'Toyota Innova Crysta'));
  await h.create(A, 'vehicle', vehicle(groupA, 'MH12AB1234', 'Maruti Dzire'));
  await h.create(A, 'vehicle', vehicle(groupA, 'MH14CD4455', 'Toyota Etios'));
  await h.create(B, 'vehicle', vehicle(groupB, 'KA01MX9999', 'Toyota Innova'));
  for (const [name, phone, email] of [
    ['Ravi Sharma', '+919876543210', 'ravi.sharma@acme.in'],
    ['Sharmila Iyer', '+919812345678', null],
    ['Acme Logistics Pvt Ltd', '+912226543210', 'accounts@acme.in'],
  ] as const) {
    await h.create(A, 'customer', { name, phone, email });
  }
  await h.create(B, 'customer', { name: 'Ravi Sharma', phone: '+919876500000' });
});
afterAll(() => h?.close());

it('finds by the start of any word, in any case', async () => {
  expect(await names(A, 'customer', 'sharm')).toEqual(['Ravi Sharma', 'Sharmila Iyer']);
  expect(await names(A, 'customer', 'SHARMA')).toEqual(['Ravi Sharma']);
  expect(await names(A, 'customer', 'logist')).toEqual(['Acme Logistics Pvt Ltd']);
  expect(await names(A, 'vehicle', 'innova')).toEqual(['KA01MX4455']);
});

it('needs every word typed, in any order', async () => {
  expect(await names(A, 'customer', 'sharma ravi')).toEqual(['Ravi Sharma']);
  expect(await names(A, 'customer', 'r sh')).toEqual(['Ravi Sharma']);
  expect(await names(A, 'vehicle', 'toyota 4455')).toEqual(['KA01MX4455', 'MH14CD4455']);
  expect(await names(A, 'vehicle', 'toyota dzire')).toEqual([]);
});

it('finds a vehicle number or a phone by any part of it, spaced or not', async () => {
  expect(await names(A, 'vehicle', '4455')).toEqual(['KA01MX4455', 'MH14CD4455']);
  expect(await names(A, 'vehicle', 'mh12')).toEqual(['MH12AB1234']);
  expect(await names(A, 'vehicle', 'KA 01 MX')).toEqual(['KA01MX4455']);
  expect(await names(A, 'customer', '876543')).toEqual(['Ravi Sharma']);
  expect(await names(A, 'customer', '43210')).toEqual(['Acme Logistics Pvt Ltd', 'Ravi Sharma']);
  expect(await names(A, 'customer', '98123')).toEqual(['Sharmila Iyer']);
});

it('finds an email by its words', async () => {
  expect(await names(A, 'customer', 'accounts@acme')).toEqual(['Acme Logistics Pvt Ltd']);
  expect(await names(A, 'customer', 'acme.in')).toEqual(['Acme Logistics Pvt Ltd', 'Ravi Sharma']);
});

it('does not find by the middle of a word without digits', async () => {
  expect(await names(A, 'customer', 'harma')).toEqual([]);
});

it('follows a renamed record: the old name no longer finds it, the new one does', async () => {
  const created = await h.create(A, 'vehicle_group', { name: 'Tempo Traveller' });
  expect(await names(A, 'vehicle_group', 'tempo')).toEqual(['Tempo Traveller']);
  await h.client.updateRecord(
    { kind: 'vehicle_group', id: created.id, valuesJson: JSON.stringify({ name: 'Mini Bus' }) },
    callAs(h.callerFor(A)),
  );
  expect(await names(A, 'vehicle_group', 'tempo')).toEqual([]);
  expect(await names(A, 'vehicle_group', 'mini bus')).toEqual(['Mini Bus']);
});

it('keeps to the active filter: a deactivated record is found under inactive only', async () => {
  const created = await h.create(A, 'vehicle', vehicle(groupA, 'GJ05ZZ7777', 'Tata Nexon EV'));
  await h.client.setRecordActive(
    { kind: 'vehicle', id: created.id, isActive: false },
    callAs(h.callerFor(A)),
  );
  expect(await names(A, 'vehicle', 'nexon')).toEqual([]);
  expect(await names(A, 'vehicle', 'nexon', ActiveFilter.INACTIVE)).toEqual(['GJ05ZZ7777']);
});

it('never finds another operator’s records, even for the same words', async () => {
  expect(await names(B, 'customer', 'ravi sharma')).toEqual(['Ravi Sharma']);
  expect(await names(A, 'customer', '43210')).toEqual(['Acme Logistics Pvt Ltd', 'Ravi Sharma']);
  expect(await names(B, 'customer', '43210')).toEqual([]);
  expect(await names(A, 'vehicle', '4455')).toEqual(['KA01MX4455', 'MH14CD4455']);
  expect(await names(B, 'vehicle', '4455')).toEqual([]);
  expect(await names(B, 'vehicle', 'innova')).toEqual(['KA01MX9999']);
});

it('finds customers and suppliers apart though they share a table', async () => {
  await h.create(A, 'supplier', { name: 'Sharma Travels', supplier_type: 'COMPANY' });
  expect(await names(A, 'customer', 'sharma')).toEqual(['Ravi Sharma']);
  expect(await names(A, 'supplier', 'sharma')).toEqual(['Sharma Travels']);
});
