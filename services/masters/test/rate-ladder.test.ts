// The slab-switching ladder closing a duty climbs, asked through GetRateLadder on a real PostgreSQL: the
// cards of the booked card's customer, vehicle group and switch-path family in force on the duty's date,
// one per rung, the city's own card before an every-city one — and for a supplier, its card limited to
// the duty's customer before its general one. Other families, groups, customers, dates and switched-off
// cards stay off the ladder.
import { randomUUID } from 'node:crypto';
import type { JsonValue } from '@bufbuild/protobuf';
import { type Caller, callAs } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { bootMasters, type MastersHarness } from './support';

type Values = { [field: string]: JsonValue };

let h: MastersHarness;
const T = randomUUID();
let owner: Caller;
const ids: Record<string, string> = {};

const id = async (kind: string, values: Values) => (await h.create(T, kind, values)).id;

beforeAll(async () => {
  h = await bootMasters();
  owner = h.callerFor(T);
  ids.acme = await id('customer', { name: 'Acme Corp' });
  ids.globex = await id('customer', { name: 'Globex' });
  ids.sai = await id('supplier', { name: 'Sai Travels', supplier_type: 'COMPANY' });
  ids.sedan = await id('vehicle_group', { name: 'Sedan' });
  ids.suv = await id('vehicle_group', { name: 'SUV' });
  for (const [name, km, hr] of [
    ['4h', 40, 4],
    ['8h', 80, 8],
    ['12h', 120, 12],
    ['kmOnly', 100, null],
  ] as const) {
    ids[name] = await id('duty_type', { name: `Local ${name}`, type: 'HR_KM', max_km: km, max_hr: hr });
  }
});
afterAll(() => h?.close());

/** A card of FY 2026-27 for every city; `more` overrides. */
const card = (name: string, dutyType: string, more: Values = {}): Values => ({
  name,
  party: 'CUSTOMER',
  customer_id: ids.acme!,
  duty_type_id: ids[dutyType]!,
  vehicle_group_id: ids.sedan!,
  city_id: null,
  contract_start: '2026-04-01',
  contract_end: '2027-03-31',
  normal_rate: '1000',
  km_cross_slab: 999,
  hour_cross_slab: 99,
  ...more,
});

const ladder = (rateCardId: string, date = '2026-11-25', cityId = 'mh-pune', customerId = '') =>
  h.client
    .getRateLadder({ rateCardId, customerId, cityId, date }, callAs(owner))
    .then((r) => r.rungs.map((c) => c.name));

describe('a customer’s ladder', () => {
  let rung1: string;

  beforeAll(async () => {
    const slab = (path: string, km: number, hr: number) => ({
      switch_path_group: path,
      km_cross_slab: km,
      hour_cross_slab: hr,
    });
    rung1 = await id('rate_card', card('TK1 4h', '4h', slab('TIME_KM1', 60, 5)));
    await id('rate_card', card('TK2 8h', '8h', slab('TIME_KM2', 100, 10)));
    await id('rate_card', card('TK3 12h', '12h', { switch_path_group: 'TIME_KM3' }));
    // The same rung for Mumbai only: preferred there, ignored in Pune.
    await id(
      'rate_card',
      card('TK2 8h Mumbai', '8h', { ...slab('TIME_KM2', 100, 10), city_id: 'mh-mumbai' }),
    );
    // Off the ladder: another family, another group, another customer, switching off, a lapsed contract.
    await id('rate_card', card('KM2 kmOnly', 'kmOnly', { switch_path_group: 'KM2', km_cross_slab: 150 }));
    await id(
      'rate_card',
      card('TK2 SUV', '8h', { vehicle_group_id: ids.suv!, switch_path_group: 'TIME_KM2' }),
    );
    await id(
      'rate_card',
      card('TK2 Globex', '8h', { customer_id: ids.globex!, switch_path_group: 'TIME_KM2' }),
    );
    await id(
      'rate_card',
      card('TK2 FY25', '8h', {
        switch_path_group: 'TIME_KM2',
        contract_start: '2025-04-01',
        contract_end: '2026-03-31',
      }),
    );
  });

  it('holds the family’s rungs in force, lowest first', async () => {
    expect(await ladder(rung1)).toEqual(['TK1 4h', 'TK2 8h', 'TK3 12h']);
  });

  it('takes a city’s own card for a rung before the every-city one', async () => {
    expect(await ladder(rung1, '2026-11-25', 'mh-mumbai')).toEqual(['TK1 4h', 'TK2 8h Mumbai', 'TK3 12h']);
  });

  it('holds only the cards in force on the duty’s date', async () => {
    expect(await ladder(rung1, '2026-03-31')).toEqual(['TK2 FY25']);
  });

  it('is empty for a card that does not switch, and for an unknown card', async () => {
    const flat = await id('rate_card', card('Off', 'kmOnly', { vehicle_group_id: ids.suv! }));
    expect(await ladder(flat)).toEqual([]);
    expect(await ladder(randomUUID())).toEqual([]);
  });

  it('refuses a malformed ask, naming the field', async () => {
    const bad = await expectDomainError(
      h.client.getRateLadder(
        { rateCardId: rung1, cityId: '', customerId: '', date: '25/11/2026' },
        callAs(owner),
      ),
    );
    expect(bad.fieldViolations.map((v) => v.field)).toEqual(['date']);
    const noCard = await expectDomainError(
      h.client.getRateLadder(
        { rateCardId: 'x', cityId: '', customerId: '', date: '2026-11-25' },
        callAs(owner),
      ),
    );
    expect(noCard.fieldViolations.map((v) => v.field)).toEqual(['rateCardId']);
  });
});

it('climbs a supplier’s ladder on its card for the duty’s customer before its general one', async () => {
  const supplierCard = (name: string, dutyType: string, path: string, customer: string | null) =>
    card(name, dutyType, {
      party: 'SUPPLIER',
      customer_id: customer,
      supplier_id: ids.sai!,
      vehicle_group_id: ids.suv!,
      switch_path_group: path,
      km_cross_slab: 60,
      hour_cross_slab: 5,
    });
  const general1 = await id('rate_card', supplierCard('Sai 4h', '4h', 'TIME_KM1', null));
  await id('rate_card', supplierCard('Sai 8h', '8h', 'TIME_KM2', null));
  await id('rate_card', supplierCard('Sai 8h for Acme', '8h', 'TIME_KM2', ids.acme!));
  expect(await ladder(general1, '2026-11-25', 'mh-pune', ids.acme!)).toEqual(['Sai 4h', 'Sai 8h for Acme']);
  expect(await ladder(general1, '2026-11-25', 'mh-pune', ids.globex!)).toEqual(['Sai 4h', 'Sai 8h']);
});
