// Operators never see each other's masters. Two operators keep vehicles (and the groups, customers and
// rate cards around them) on one real PostgreSQL: through the gRPC routes the other operator's records
// are simply not there (list, get, update, (de)activate all answer as if the id did not exist), and
// row-level security holds even for a raw query that names no operator at all. The reference data
// (states and cities) is shared and readable by both.
import { randomUUID } from 'node:crypto';
import { type Caller, callAs, pgErrorCode, rows } from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import { expectDomainError, recordValues } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { bootMasters, type MastersHarness, pageRecords } from './support';

let h: MastersHarness;
const A = randomUUID();
const B = randomUUID();
let ownerA: Caller;
let ownerB: Caller;
let vehicleA: string;
let groupA: string;
let groupB: string;

const vehicle = (groupId: string, no: string) => ({
  vehicle_no: no,
  vehicle_model: 'Innova Crysta',
  vehicle_group_id: groupId,
  vehicle_fuel_type: 'DIESEL',
});

beforeAll(async () => {
  h = await bootMasters();
  ownerA = h.callerFor(A);
  ownerB = h.callerFor(B);
  groupA = (await h.create(A, 'vehicle_group', { name: 'SUV' })).id;
  groupB = (await h.create(B, 'vehicle_group', { name: 'SUV' })).id;
  vehicleA = (await h.create(A, 'vehicle', vehicle(groupA, 'MH12AB0001'))).id;
  await h.create(A, 'vehicle', vehicle(groupA, 'MH12AB0002'));
  await h.create(A, 'vehicle', vehicle(groupA, 'MH12AB0003'));
  await h.create(B, 'vehicle', vehicle(groupB, 'KA01CD0001'));
});
afterAll(() => h?.close());

describe('through the gRPC routes', () => {
  it('lists only the operator’s own records, whatever the filter', async () => {
    const listed = async (caller: Caller, active = ActiveFilter.ALL) =>
      pageRecords('vehicle', await h.client.listRecords({ kind: 'vehicle', active }, callAs(caller))).map(
        (r) => (r.values as { vehicle_no: string }).vehicle_no,
      );
    expect((await listed(ownerA)).sort()).toEqual(['MH12AB0001', 'MH12AB0002', 'MH12AB0003']);
    expect(await listed(ownerB)).toEqual(['KA01CD0001']);
    // The same search, ids and filter find A's records for A and nothing for B.
    const queries = [
      { kind: 'vehicle', search: 'MH12' },
      { kind: 'vehicle', ids: [vehicleA] },
      { kind: 'vehicle', filters: [{ key: 'vehicle_groups', values: [groupA] }] },
    ];
    for (const query of queries) {
      const forA = await h.client.listRecords(query, callAs(ownerA));
      expect([query, pageRecords('vehicle', forA).length > 0]).toEqual([query, true]);
      const forB = await h.client.listRecords(query, callAs(ownerB));
      expect([query, pageRecords('vehicle', forB)]).toEqual([query, []]);
    }
  });

  it('answers NOT_FOUND to another operator reading, replacing or (de)activating a record', async () => {
    const get = await expectDomainError(
      h.client.getRecord({ kind: 'vehicle', id: vehicleA }, callAs(ownerB)),
    );
    expect(get.code).toBe('NOT_FOUND');
    const update = await expectDomainError(
      h.client.updateRecord(
        { kind: 'vehicle', id: vehicleA, valuesJson: JSON.stringify(vehicle(groupB, 'KA01ZZ9999')) },
        callAs(ownerB),
      ),
    );
    expect(update.code).toBe('NOT_FOUND');
    for (const isActive of [false, true]) {
      const toggle = await expectDomainError(
        h.client.setRecordActive({ kind: 'vehicle', id: vehicleA, isActive }, callAs(ownerB)),
      );
      expect(toggle.code).toBe('NOT_FOUND');
    }
    // A's vehicle is untouched and still active.
    const { record } = await h.client.getRecord({ kind: 'vehicle', id: vehicleA }, callAs(ownerA));
    expect(record!.isActive).toBe(true);
    expect(recordValues(record)).toMatchObject({ vehicle_no: 'MH12AB0001', vehicle_group_id: groupA });
  });

  it('keeps unique rules per operator: both may name a group SUV', async () => {
    const { record } = await h.client.getRecord({ kind: 'vehicle_group', id: groupB }, callAs(ownerB));
    expect(recordValues(record)).toMatchObject({ name: 'SUV' });
    // …but not twice for the same operator.
    const twice = await expectDomainError(h.create(B, 'vehicle_group', { name: 'SUV' }));
    expect(twice.code).toBe('CONFLICT');
  });

  it('keeps settings per operator', async () => {
    await h.client.saveSettings(
      { kind: 'business_settings', valuesJson: JSON.stringify({ business_name: 'Alpha Cabs' }) },
      callAs(ownerA),
    );
    expect(
      recordValues((await h.client.getSettings({ kind: 'business_settings' }, callAs(ownerA))).record),
    ).toMatchObject({ business_name: 'Alpha Cabs' });
    expect(
      (await h.client.getSettings({ kind: 'business_settings' }, callAs(ownerB))).record,
    ).toBeUndefined();
  });

  it('shares states and cities with every operator', async () => {
    for (const caller of [ownerA, ownerB, h.callerFor(randomUUID(), [])]) {
      const cities = await h.client.listRecords({ kind: 'city', search: 'pune' }, callAs(caller));
      expect(pageRecords('city', cities).map((c) => c.id)).toContain('mh-pune');
      const { record: state } = await h.client.getRecord({ kind: 'state', id: 'MH' }, callAs(caller));
      expect(recordValues(state)).toMatchObject({ name: 'Maharashtra', gst_code: '27' });
      const { record: city } = await h.client.getRecord({ kind: 'city', id: 'mh-pune' }, callAs(caller));
      expect(recordValues(city)).toMatchObject({ name: 'Pune', state_id: 'MH' });
      expect(city!.refNames.state_id?.names).toEqual(['Maharashtra']);
    }
    const cities = await h.client.listRecords(
      { kind: 'city', filters: [{ key: 'states', values: ['DL'] }] },
      callAs(ownerB),
    );
    expect(
      pageRecords('city', cities)
        .map((c) => c.id)
        .sort(),
    ).toEqual(expect.arrayContaining(['dl-delhi', 'dl-new-delhi']));
    expect(
      pageRecords('city', cities).every((c) => (c.values as { state_id: string }).state_id === 'DL'),
    ).toBe(true);
  });
});

describe('in the database itself', () => {
  const count = (tenantId: string, table: string) =>
    h.database.db.withTenant(tenantId, async (tx) => {
      const [row] = await rows<{ count: string }>(
        tx,
        sql`select count(*)::text as count from ${sql.raw(`masters.${table}`)}`,
      );
      return Number(row!.count);
    });

  it('counts only the transaction’s operator’s rows in a query with no tenant condition', async () => {
    // The raw form of the same question.
    const raw = await h.database.db.withTenant(B, (tx) =>
      tx.execute(sql`select count(*) from masters.vehicles`),
    );
    expect(Number((raw as unknown as { rows: { count: string }[] }).rows[0]!.count)).toBe(1);
    expect(await count(A, 'vehicles')).toBe(3);
    expect(await count(B, 'vehicles')).toBe(1);
    expect(await count(randomUUID(), 'vehicles')).toBe(0);
    expect(await count(B, 'vehicle_groups')).toBe(1);
    // The rows are really there: the system role sees all four.
    const all = await h.database.db.asSystem(async (tx) => {
      const [row] = await rows<{ count: string }>(
        tx,
        sql`select count(*)::text as count from masters.vehicles`,
      );
      return Number(row!.count);
    });
    expect(all).toBe(4);
  });

  it('refuses writing a row for another operator, and changing another operator’s row changes nothing', async () => {
    const planted = await h.database.db
      .withTenant(B, (tx) =>
        tx.execute(sql`insert into masters.vehicle_groups (id, tenant_id, name)
          values (${randomUUID()}::uuid, ${A}::uuid, 'Planted')`),
      )
      .catch((error: unknown) => error);
    expect(pgErrorCode(planted)).toBe('42501'); // new row violates row-level security policy
    expect(await count(A, 'vehicle_groups')).toBe(1);
    const updated = await h.database.db.withTenant(B, (tx) =>
      rows(tx, sql`update masters.vehicles set vehicle_model = 'Hijacked' returning id`),
    );
    expect(updated).toHaveLength(1); // only B's own vehicle
    const { record } = await h.client.getRecord({ kind: 'vehicle', id: vehicleA }, callAs(ownerA));
    expect(recordValues(record)).toMatchObject({ vehicle_model: 'Innova Crysta' });
  });

  it('reads the shared reference tables for any operator but lets none write them', async () => {
    expect(await count(B, 'cities')).toBeGreaterThan(100);
    expect(await count(B, 'states')).toBe(36);
    const written = await h.database.db
      .withTenant(B, (tx) =>
        tx.execute(sql`insert into masters.states (id, name, gst_code) values ('XX', 'Nowhere', '98')`),
      )
      .catch((error: unknown) => error);
    expect(pgErrorCode(written)).toBe('42501');
    expect(await count(B, 'states')).toBe(36);
  });
});
