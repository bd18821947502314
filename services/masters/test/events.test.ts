// What other services hear about masters: every change of a vehicle is published on a real JetStream
// as MasterChanged on fleet.masters.vehicle.<created|updated|deactivated|activated>, carrying the record as
// it now is, the operator and who changed it; a write that is refused publishes nothing.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { type BusMessage, type Caller, callAs, EVENT_HEADERS, type Subscription } from '@fleet/platform';
import { type MasterChanged, MasterChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { masterEvent } from '../src';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
let subscription: Subscription;
const heard: BusMessage[] = [];
const T = randomUUID();
let owner: Caller;
let groupId: string;

beforeAll(async () => {
  h = await bootMasters();
  owner = h.callerFor(T);
  subscription = await h.testBus.bus.subscribe({
    durable: 'fleet-events-test',
    subjects: ['fleet.masters.vehicle.>'],
    async deliver(message) {
      heard.push(message);
    },
  });
  groupId = (await h.create(T, 'vehicle_group', { name: 'Sedan' })).id;
});
afterAll(async () => {
  await subscription?.stop();
  await h?.close();
});

/** Waits until `count` vehicle events have been heard in all, then returns the ones after `from`. */
async function heardUpTo(count: number, from: number): Promise<BusMessage[]> {
  const deadline = Date.now() + 10_000;
  while (heard.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return heard.slice(from);
}

const decode = (message: BusMessage): MasterChanged => fromBinary(MasterChangedSchema, message.data);
const values = (event: MasterChanged) => event.record!.values as Record<string, unknown>;

const vehicle = (no: string, model = 'Dzire') => ({
  vehicle_no: no,
  vehicle_model: model,
  vehicle_group_id: groupId,
  vehicle_fuel_type: 'CNG',
});

it('publishes created, updated, deactivated and activated, each carrying the record as it now is', async () => {
  const from = heard.length;
  const { record: created } = await h.client.createRecord(
    { kind: 'vehicle', values: vehicle('MH12AB1234') },
    callAs(owner),
  );
  await h.client.updateRecord(
    { kind: 'vehicle', id: created!.id, values: vehicle('MH12AB1234', 'Dzire Tour S') },
    callAs(owner),
  );
  await h.client.setRecordActive({ kind: 'vehicle', id: created!.id, isActive: false }, callAs(owner));
  await h.client.setRecordActive({ kind: 'vehicle', id: created!.id, isActive: true }, callAs(owner));

  const events = await heardUpTo(from + 4, from);
  expect(events.map((e) => e.subject)).toEqual([
    'fleet.masters.vehicle.created',
    'fleet.masters.vehicle.updated',
    'fleet.masters.vehicle.deactivated',
    'fleet.masters.vehicle.activated',
  ]);
  const decoded = events.map(decode);
  for (const event of decoded) {
    expect(event.tenantId).toBe(T);
    expect(event.kind).toBe('vehicle');
    expect(event.changedByUserId).toBe(owner.userId);
    expect(event.record!.id).toBe(created!.id);
    expect(event.record!.kind).toBe('vehicle');
    expect(values(event).vehicle_no).toBe('MH12AB1234');
  }
  expect(values(decoded[0]!).vehicle_model).toBe('Dzire');
  expect(values(decoded[1]!).vehicle_model).toBe('Dzire Tour S');
  expect(decoded.map((e) => e.record!.isActive)).toEqual([true, true, false, true]);
  expect(decoded[0]!.record!.refNames.vehicle_group_id?.names).toEqual(['Sedan']);
  // The service's own event types name the same subjects.
  expect(events.map((e) => e.subject)).toEqual(
    ['created', 'updated', 'deactivated', 'activated'].map((c) => masterEvent('vehicle', c).subject),
  );
  // Headers say which operator and which request; each event has its own id.
  expect(events.every((e) => e.headers[EVENT_HEADERS.tenantId] === T)).toBe(true);
  expect(new Set(events.map((e) => e.id)).size).toBe(4);
});

it('publishes nothing for a refused write, nor for activating what is already active', async () => {
  const before = heard.length;
  const existing = await h.create(T, 'vehicle', vehicle('KA01AB0001'));
  const from = (await heardUpTo(before + 1, 0)).length;

  // Duplicate number, invalid values, a missing record, no permission: all refused.
  await expect(h.create(T, 'vehicle', vehicle('ka-01-ab-0001'))).rejects.toThrow();
  await expect(
    h.create(T, 'vehicle', { ...vehicle('KA01AB0002'), vehicle_fuel_type: 'STEAM' }),
  ).rejects.toThrow();
  await expect(
    h.client.updateRecord(
      { kind: 'vehicle', id: randomUUID(), values: vehicle('KA01AB0003') },
      callAs(owner),
    ),
  ).rejects.toThrow();
  const viewer = h.callerFor(T, ['view_vehicle']);
  await expect(
    h.client.setRecordActive({ kind: 'vehicle', id: existing.id, isActive: false }, callAs(viewer)),
  ).rejects.toThrow();
  // Activating an active vehicle changes nothing, so says nothing.
  await h.client.setRecordActive({ kind: 'vehicle', id: existing.id, isActive: true }, callAs(owner));

  // A write that does succeed afterwards is the next thing heard: nothing came before it.
  const marker = await h.create(T, 'vehicle', vehicle('KA01AB0009'));
  const events = await heardUpTo(from + 1, from);
  await new Promise((r) => setTimeout(r, 300));
  expect(heard.slice(from).map((e) => [e.subject, decode(e).record!.id])).toEqual([
    ['fleet.masters.vehicle.created', marker.id],
  ]);
  expect(events).toHaveLength(1);
});

it('publishes other masters on their own subjects, not the vehicle’s', async () => {
  const from = heard.length;
  await h.create(T, 'vehicle_group', { name: 'SUV' });
  const marker = await h.create(T, 'vehicle', vehicle('KA01AB0010'));
  await heardUpTo(from + 1, from);
  await new Promise((r) => setTimeout(r, 300));
  expect(heard.slice(from).map((e) => decode(e).record!.id)).toEqual([marker.id]);
});
