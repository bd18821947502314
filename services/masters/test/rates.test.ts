// Which rate card a duty is charged from, asked through ResolveRate as billing asks it, on a real
// PostgreSQL: a customer's contract is in force from its first to its last day and not a day outside; a
// card for the duty's own city beats one for every city; for a supplier, a card limited to the duty's
// customer beats its general card; a deactivated card is never used. Contracts for the same duty type,
// city and vehicle group may not overlap, whether created, edited or switched back on, while adjacent
// contracts and other groups or cities are fine. The rates come back as exact decimal text.
import { randomUUID } from 'node:crypto';
import type { JsonValue } from '@bufbuild/protobuf';
import { type Caller, callAs, type DomainError } from '@fleet/platform';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { expectDomainError, recordValues } from '@fleet/testing';
import { bootMasters, type MastersHarness, pageRecords } from './support';

type Values = { [field: string]: JsonValue };

let h: MastersHarness;
const T = randomUUID();
let owner: Caller;
let acme: string;
let globex: string;
let initech: string;
let travelsCo: string;
let local8h: string;
let airport: string;
let sedan: string;
let suv: string;

beforeAll(async () => {
  h = await bootMasters();
  owner = h.callerFor(T);
  const id = async (kind: string, values: Values) => (await h.create(T, kind, values)).id;
  acme = await id('customer', { name: 'Acme Corp' });
  globex = await id('customer', { name: 'Globex' });
  initech = await id('customer', { name: 'Initech' });
  travelsCo = await id('supplier', { name: 'Sai Travels', supplier_type: 'COMPANY' });
  local8h = await id('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 });
  airport = await id('duty_type', { name: 'Airport drop', type: 'FLAT' });
  sedan = await id('vehicle_group', { name: 'Sedan' });
  suv = await id('vehicle_group', { name: 'SUV' });
});
afterAll(() => h?.close());

let contracts = 0;
/** A customer rate card for Acme, local 8h, sedan, every city, FY 2026-27; `more` overrides. */
function card(more: Values = {}): Values {
  contracts += 1;
  return {
    name: `Contract ${contracts}`,
    party: 'CUSTOMER',
    customer_id: acme,
    duty_type_id: local8h,
    vehicle_group_id: sedan,
    city_id: null,
    contract_start: '2026-04-01',
    contract_end: '2027-03-31',
    normal_rate: '2000.00',
    ...more,
  };
}

const createCard = async (values: Values) => (await h.create(T, 'rate_card', values)).id;

function resolve(ask: {
  party?: RateParty;
  customerId?: string;
  supplierId?: string;
  dutyTypeId?: string;
  vehicleGroupId?: string;
  cityId?: string;
  date: string;
}) {
  return h.client
    .resolveRate(
      {
        party: ask.party ?? RateParty.CUSTOMER,
        customerId: ask.customerId ?? '',
        supplierId: ask.supplierId ?? '',
        dutyTypeId: ask.dutyTypeId ?? local8h,
        vehicleGroupId: ask.vehicleGroupId ?? sedan,
        cityId: ask.cityId ?? '',
        date: ask.date,
      },
      callAs(owner),
    )
    .then((r) => r.rateCard);
}

describe('the card in force', () => {
  let fy26: string;

  beforeAll(async () => {
    fy26 = await createCard(
      card({
        name: 'Acme FY26',
        normal_rate: '2,150.5',
        extra_km_rate: '14.125',
        extra_hour_rate: '180',
        night_allowance: '250',
        diesel_rate: '92.4567',
        switch_path_group: 'KM1',
        km_cross_slab: 250,
        extra_hour_rounding: 'STEP_30',
      }),
    );
  });

  it('is the contract whose dates include the duty date, both ends inclusive', async () => {
    for (const date of ['2026-04-01', '2026-10-15', '2027-03-31']) {
      expect((await resolve({ customerId: acme, date }))?.id).toBe(fy26);
    }
    for (const date of ['2026-03-31', '2027-04-01', '2030-01-01']) {
      expect(await resolve({ customerId: acme, date })).toBeUndefined();
    }
  });

  it('comes back typed, with every rate as exact decimal text', async () => {
    const rate = await resolve({ customerId: acme, date: '2026-06-01' });
    expect(rate).toMatchObject({
      id: fy26,
      name: 'Acme FY26',
      party: RateParty.CUSTOMER,
      customerId: acme,
      supplierId: '',
      dutyTypeId: local8h,
      vehicleGroupId: sedan,
      cityId: '',
      contractStart: '2026-04-01',
      contractEnd: '2027-03-31',
      normalRate: '2150.50',
      extraKmRate: '14.1250',
      extraHourRate: '180.0000',
      nightAllowance: '250.00',
      dieselRate: '92.4567',
      petrolRate: '',
      noShowRate: '',
      switchPathGroup: 'KM1',
      kmCrossSlab: 250,
      extraHourRounding: 'STEP_30',
    });
    expect(rate!.hourCrossSlab).toBeUndefined();
  });

  it('is only ever the asked customer’s, duty type’s and vehicle group’s', async () => {
    expect(await resolve({ customerId: globex, date: '2026-06-01' })).toBeUndefined();
    expect(await resolve({ customerId: acme, dutyTypeId: airport, date: '2026-06-01' })).toBeUndefined();
    expect(await resolve({ customerId: acme, vehicleGroupId: suv, date: '2026-06-01' })).toBeUndefined();
    // A customer card is no supplier's.
    expect(
      await resolve({
        party: RateParty.SUPPLIER,
        supplierId: travelsCo,
        customerId: acme,
        date: '2026-06-01',
      }),
    ).toBeUndefined();
  });

  it('prefers a card for the duty’s city over one for every city', async () => {
    // Made later and starting earlier than the every-city card, so neither tiebreak explains the choice.
    const pune = await createCard(
      card({ name: 'Acme Pune', city_id: 'mh-pune', normal_rate: '2400', contract_start: '2026-01-01' }),
    );
    const inPune = await resolve({ customerId: acme, cityId: 'mh-pune', date: '2026-06-01' });
    expect(inPune).toMatchObject({ id: pune, cityId: 'mh-pune', normalRate: '2400.00' });
    expect((await resolve({ customerId: acme, cityId: 'ka-bengaluru', date: '2026-06-01' }))?.id).toBe(fy26);
    expect((await resolve({ customerId: acme, date: '2026-06-01' }))?.id).toBe(fy26);

    // Switched off, the city card is ignored and the every-city card applies again.
    await h.client.setRecordActive({ kind: 'rate_card', id: pune, isActive: false }, callAs(owner));
    expect((await resolve({ customerId: acme, cityId: 'mh-pune', date: '2026-06-01' }))?.id).toBe(fy26);
    await h.client.setRecordActive({ kind: 'rate_card', id: pune, isActive: true }, callAs(owner));
    expect((await resolve({ customerId: acme, cityId: 'mh-pune', date: '2026-06-01' }))?.id).toBe(pune);
  });

  it('finds nothing once the only card is deactivated', async () => {
    const only = await createCard(card({ customer_id: initech, name: 'Initech FY26' }));
    expect((await resolve({ customerId: initech, date: '2026-12-01' }))?.id).toBe(only);
    await h.client.setRecordActive({ kind: 'rate_card', id: only, isActive: false }, callAs(owner));
    expect(await resolve({ customerId: initech, date: '2026-12-01' })).toBeUndefined();
  });

  it('for a supplier, prefers a card limited to the duty’s customer over its general card', async () => {
    const supplierCard = (more: Values) =>
      card({ party: 'SUPPLIER', customer_id: null, supplier_id: travelsCo, normal_rate: '1500', ...more });
    // The customer's card is made first and starts earlier, so neither tiebreak explains the choice.
    const forAcme = await createCard(
      supplierCard({
        name: 'Sai for Acme',
        customer_id: acme,
        normal_rate: '1700',
        contract_start: '2026-01-01',
      }),
    );
    const general = await createCard(supplierCard({ name: 'Sai general' }));
    const ask = (customerId?: string) =>
      resolve({ party: RateParty.SUPPLIER, supplierId: travelsCo, customerId, date: '2026-08-15' });
    expect(await ask(acme)).toMatchObject({ id: forAcme, party: RateParty.SUPPLIER, customerId: acme });
    expect((await ask(globex))?.id).toBe(general);
    expect((await ask())?.id).toBe(general);
    // Without its general card the supplier has no rate for other customers' duties.
    await h.client.setRecordActive({ kind: 'rate_card', id: general, isActive: false }, callAs(owner));
    expect(await ask(globex)).toBeUndefined();
    expect((await ask(acme))?.id).toBe(forAcme);
  });

  it('asks for what it needs to resolve', async () => {
    const error = await expectDomainError(
      h.client.resolveRate(
        { party: RateParty.CUSTOMER, dutyTypeId: local8h, vehicleGroupId: sedan, date: '1 June' },
        callAs(owner),
      ),
    );
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations.map((v) => v.field).sort()).toEqual(['customerId', 'date']);
    const noParty = await expectDomainError(
      h.client.resolveRate({ dutyTypeId: local8h, vehicleGroupId: sedan, date: '2026-06-01' }, callAs(owner)),
    );
    expect(noParty.fieldViolations.map((v) => v.field)).toEqual(['party']);
  });

  it('is only ever the asking operator’s', async () => {
    const other = h.callerFor(randomUUID());
    const rate = await h.client.resolveRate(
      {
        party: RateParty.CUSTOMER,
        customerId: acme,
        dutyTypeId: local8h,
        vehicleGroupId: sedan,
        date: '2026-06-01',
      },
      callAs(other),
    );
    expect(rate.rateCard).toBeUndefined();
  });
});

describe('overlapping contracts', () => {
  // Each test works on its own duty type so the cards of one do not clash with another's.
  const dutyType = async (name: string) =>
    (await h.create(T, 'duty_type', { name, type: 'HR_KM', max_km: 40, max_hr: 4 })).id;

  function expectOverlap(error: DomainError, clashingWith: string) {
    expect(error.code).toBe('CONFLICT');
    expect(error.reason).toBe('OVERLAPPING_CONTRACT');
    expect(error.message).toContain(clashingWith);
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['contract_start', 'contract_end']);
  }

  it('refuses a second contract for the same key on overlapping dates, even by one day', async () => {
    const d = await dutyType('4 Hrs 40 Kms (create)');
    await createCard(card({ name: 'FY26 main', duty_type_id: d }));
    for (const [start, end] of [
      ['2027-03-31', '2027-12-31'], // shares the last day
      ['2025-04-01', '2026-04-01'], // shares the first day
      ['2026-06-01', '2026-06-30'], // inside
      ['2025-01-01', '2028-01-01'], // around
    ]) {
      const error = await expectDomainError(
        h.create(T, 'rate_card', card({ duty_type_id: d, contract_start: start!, contract_end: end! })),
      );
      expectOverlap(error, 'FY26 main');
    }
    const listed = await h.client.listRecords(
      { kind: 'rate_card', filters: [{ key: 'duty_types', values: [d] }] },
      callAs(owner),
    );
    expect(pageRecords('rate_card', listed)).toHaveLength(1);
  });

  it('accepts adjacent contracts, other vehicle groups, other cities and other customers', async () => {
    const d = await dutyType('4 Hrs 40 Kms (adjacent)');
    await createCard(card({ duty_type_id: d, contract_start: '2025-04-01', contract_end: '2026-03-31' }));
    await createCard(card({ duty_type_id: d, contract_start: '2026-04-01', contract_end: '2027-03-31' }));
    await createCard(card({ duty_type_id: d, vehicle_group_id: suv }));
    await createCard(card({ duty_type_id: d, city_id: 'mh-pune' }));
    await createCard(card({ duty_type_id: d, city_id: 'mh-mumbai' }));
    await createCard(card({ duty_type_id: d, customer_id: globex }));
    const listed = await h.client.listRecords(
      { kind: 'rate_card', filters: [{ key: 'duty_types', values: [d] }] },
      callAs(owner),
    );
    expect(pageRecords('rate_card', listed)).toHaveLength(6);
    expect((await resolve({ customerId: acme, dutyTypeId: d, date: '2026-03-31' }))?.contractEnd).toBe(
      '2026-03-31',
    );
    expect((await resolve({ customerId: acme, dutyTypeId: d, date: '2026-04-01' }))?.contractStart).toBe(
      '2026-04-01',
    );
  });

  it('refuses editing a contract onto another’s dates, but not onto its own', async () => {
    const d = await dutyType('4 Hrs 40 Kms (update)');
    await createCard(
      card({ name: 'FY25', duty_type_id: d, contract_start: '2025-04-01', contract_end: '2026-03-31' }),
    );
    const next = card({ name: 'FY26', duty_type_id: d });
    const fy26 = await createCard(next);
    // Changing its own rates and stretching its own dates is fine.
    const stretched = { ...next, contract_end: '2027-06-30', normal_rate: '2100.00' };
    const { record } = await h.client.updateRecord(
      { kind: 'rate_card', id: fy26, valuesJson: JSON.stringify(stretched) },
      callAs(owner),
    );
    expect(recordValues(record)).toMatchObject({ contract_end: '2027-06-30', normal_rate: '2100.00' });
    const error = await expectDomainError(
      h.client.updateRecord(
        {
          kind: 'rate_card',
          id: fy26,
          valuesJson: JSON.stringify({ ...stretched, contract_start: '2026-03-31' }),
        },
        callAs(owner),
      ),
    );
    expectOverlap(error, 'FY25');
    const { record: kept } = await h.client.getRecord({ kind: 'rate_card', id: fy26 }, callAs(owner));
    expect(recordValues(kept)).toMatchObject({ contract_start: '2026-04-01' });
  });

  it('ignores deactivated contracts, and refuses switching one back on over an active one', async () => {
    const d = await dutyType('4 Hrs 40 Kms (reactivate)');
    const old = await createCard(card({ name: 'Old terms', duty_type_id: d }));
    await h.client.setRecordActive({ kind: 'rate_card', id: old, isActive: false }, callAs(owner));
    const renewed = await createCard(card({ name: 'Renegotiated', duty_type_id: d, normal_rate: '1900' }));
    expect((await resolve({ customerId: acme, dutyTypeId: d, date: '2026-05-01' }))?.id).toBe(renewed);

    const error = await expectDomainError(
      h.client.setRecordActive({ kind: 'rate_card', id: old, isActive: true }, callAs(owner)),
    );
    expectOverlap(error, 'Renegotiated');
    const { record } = await h.client.getRecord({ kind: 'rate_card', id: old }, callAs(owner));
    expect(record!.isActive).toBe(false);
    // With the new one off, the old one may come back.
    await h.client.setRecordActive({ kind: 'rate_card', id: renewed, isActive: false }, callAs(owner));
    const { record: back } = await h.client.setRecordActive(
      { kind: 'rate_card', id: old, isActive: true },
      callAs(owner),
    );
    expect(back!.isActive).toBe(true);
  });
});

describe('rules across fields', () => {
  async function refused(values: Values) {
    const error = await expectDomainError(h.create(T, 'rate_card', values));
    expect(error.code).toBe('INVALID_ARGUMENT');
    return error.fieldViolations;
  }

  it('needs the customer of a customer card and the supplier of a supplier card', async () => {
    expect(await refused(card({ customer_id: null }))).toEqual([
      { field: 'customer_id', message: 'Choose the customer this rate card is for.' },
    ]);
    expect(await refused(card({ party: 'SUPPLIER', customer_id: null }))).toEqual([
      { field: 'supplier_id', message: 'Choose the supplier this rate card is for.' },
    ]);
    expect(await refused(card({ supplier_id: travelsCo }))).toEqual([
      { field: 'supplier_id', message: 'A customer rate card has no supplier.' },
    ]);
  });

  it('needs the contract to end on or after its start', async () => {
    expect(await refused(card({ contract_start: '2026-04-01', contract_end: '2026-03-31' }))).toEqual([
      { field: 'contract_end', message: 'The contract must end on or after its start.' },
    ]);
    // One day is a contract.
    const oneDay = await createCard(
      card({
        customer_id: globex,
        duty_type_id: airport,
        contract_start: '2030-01-01',
        contract_end: '2030-01-01',
      }),
    );
    expect((await resolve({ customerId: globex, dutyTypeId: airport, date: '2030-01-01' }))?.id).toBe(oneDay);
  });

  it('needs the slab a switch path switches at', async () => {
    expect(await refused(card({ switch_path_group: 'KM1' }))).toEqual([
      { field: 'km_cross_slab', message: 'Say after how many km the duty switches.' },
    ]);
    expect(await refused(card({ switch_path_group: 'TIME2' }))).toEqual([
      { field: 'hour_cross_slab', message: 'Say after how many hours the duty switches.' },
    ]);
    expect((await refused(card({ switch_path_group: 'TIME_KM3' }))).map((v) => v.field).sort()).toEqual([
      'hour_cross_slab',
      'km_cross_slab',
    ]);
  });
});
