// The operators' data the benchmarks run on: what a real operator's vehicles, drivers and customers
// look like, and the bulk SQL that writes them (every literal here is this file's own constant).
import type { Database } from '@fleet/platform';
import { sql } from 'drizzle-orm';

// ── what the operators' data looks like ──────────────────────────────────────────────────────────

/** Vehicle groups, their share of the fleet and the models (with fuel and seats) in each. */
const VEHICLE_GROUPS = [
  {
    name: 'Sedan',
    share: 34,
    seats: 4,
    models: [
      ['Maruti Suzuki Dzire', 'CNG', 12],
      ['Toyota Etios', 'DIESEL', 6],
      ['Honda City', 'PETROL', 6],
      ['Hyundai Aura', 'CNG', 5],
      ['Hyundai Verna', 'PETROL', 3],
      ['Honda Amaze', 'PETROL', 2],
    ],
  },
  {
    name: 'MUV',
    share: 22,
    seats: 6,
    models: [
      ['Toyota Innova Crysta', 'DIESEL', 12],
      ['Maruti Suzuki Ertiga', 'CNG', 6],
      ['Kia Carens', 'DIESEL', 3],
      ['Toyota Innova Hycross', 'PETROL', 1],
    ],
  },
  {
    name: 'SUV',
    share: 12,
    seats: 6,
    models: [
      ['Mahindra XUV700', 'DIESEL', 4],
      ['Mahindra Scorpio N', 'DIESEL', 3],
      ['Hyundai Creta', 'PETROL', 3],
      ['Toyota Fortuner', 'DIESEL', 2],
    ],
  },
  {
    name: 'Hatchback',
    share: 12,
    seats: 4,
    models: [
      ['Maruti Suzuki Swift', 'PETROL', 5],
      ['Maruti Suzuki WagonR', 'CNG', 4],
      ['Hyundai i20', 'PETROL', 2],
      ['Tata Tiago', 'CNG', 1],
    ],
  },
  {
    name: 'Electric',
    share: 8,
    seats: 4,
    models: [
      ['Tata Nexon EV', 'ELECTRIC', 4],
      ['Tata Tigor EV', 'ELECTRIC', 3],
      ['MG ZS EV', 'ELECTRIC', 1],
      ['BYD e6', 'ELECTRIC', 1],
    ],
  },
  {
    name: 'Tempo Traveller',
    share: 6,
    seats: 12,
    models: [
      ['Force Traveller 12 Seater', 'DIESEL', 3],
      ['Force Traveller 17 Seater', 'DIESEL', 2],
      ['Force Urbania', 'DIESEL', 1],
    ],
  },
  {
    name: 'Luxury',
    share: 4,
    seats: 4,
    models: [
      ['Mercedes-Benz E-Class', 'DIESEL', 3],
      ['BMW 5 Series', 'PETROL', 2],
      ['Audi A6', 'PETROL', 1],
      ['Toyota Camry Hybrid', 'PETROL', 1],
    ],
  },
  {
    name: 'Coach',
    share: 2,
    seats: 35,
    models: [
      ['Tata Starbus 35 Seater', 'DIESEL', 2],
      ['Ashok Leyland Falcon 45 Seater', 'DIESEL', 1],
    ],
  },
] as const;

/** The group the vehicle scenarios filter by: the biggest, where a filtered, sorted list works hardest. */
export const FILTERED_VEHICLE_GROUP = 'Sedan';

const CUSTOMER_GROUPS = [
  ['Corporate', 34],
  ['Walk-in', 22],
  ['Travel Agents', 18],
  ['Hotels', 12],
  ['Government', 5],
  ['Embassies', 4],
] as const;
/** Customers without a group, in percent. */
const UNGROUPED = 5;
export const FILTERED_CUSTOMER_GROUP = 'Corporate';
export const FILTERED_CITY = 'mh-mumbai';
export const SEARCH = 'sharma';

export const CITIES = [
  ['mh-mumbai', 18],
  ['ka-bengaluru', 14],
  ['dl-delhi', 11],
  ['mh-pune', 10],
  ['ts-hyderabad', 8],
  ['tn-chennai', 7],
  ['hr-gurugram', 6],
  ['wb-kolkata', 5],
  ['dl-new-delhi', 4],
  ['up-noida', 4],
  ['gj-ahmedabad', 4],
  ['rj-jaipur', 3],
  ['kl-kochi', 2],
  ['ch-chandigarh', 2],
  ['up-lucknow', 2],
  ['mp-indore', 2],
  ['gj-surat', 2],
  ['ga-panaji', 1],
  ['up-agra', 1],
] as const;

export const FIRST_NAMES = `
  Aarav Aditi Aditya Akash Amit Ananya Anil Anjali Arjun Deepak Divya Gaurav
  Harish Ishaan Kavita Kiran Lakshmi Manish Meera Mohit Neha Nikhil Pooja Prakash
  Priya Rahul Rajesh Ramesh Ravi Rohan Sachin Sanjay Sneha Sunil Sunita Suresh
  Tanvi Varun Vijay Vikram Vivek Yash Zoya Farhan Imran Ayesha Joseph Mary
  Gurpreet Harpreet`
  .trim()
  .split(/\s+/);
/** Surnames with rough weights: Sharma is common, as it is in India (about one name in twenty here). */
export const LAST_NAMES = `
  Sharma:5 Verma:3 Gupta:3 Singh:5 Kumar:5 Patel:4 Shah:3 Mehta:2 Joshi:2 Desai:2
  Reddy:3 Rao:3 Nair:2 Menon:1 Iyer:2 Pillai:1 Das:2 Banerjee:2 Chatterjee:2 Mukherjee:1
  Bose:1 Khan:3 Sheikh:1 Ansari:1 Fernandes:1 D'Souza:1 Agarwal:2 Jain:2 Malhotra:1 Kapoor:1
  Chopra:1 Bhatia:1 Saxena:1 Mishra:2 Pandey:2 Tiwari:2 Yadav:2 Chauhan:1 Thakur:1 Naidu:1
  Kulkarni:2 Deshpande:1 Gill:1 Sandhu:1 Ghosh:1`
  .trim()
  .split(/\s+/)
  .map((entry) => {
    const [name, weight] = entry.split(':');
    return [name!, Number(weight)] as const;
  });
export const COMPANY_WORDS = `
  Logistics Technologies Infotech Hospitality Pharma Textiles Motors Constructions
  Foods Consultants Exports Travels Events Healthcare Realty Solutions`
  .trim()
  .split(/\s+/);
export const COMPANY_SUFFIXES = ['Pvt Ltd', 'LLP', 'Ltd', '& Co', 'Enterprises'];
const COLOURS = ['White', 'White', 'White', 'Silver', 'Silver', 'Grey', 'Black', 'Blue', 'Red', 'Brown'];
const INSURERS = ['ICICI Lombard', 'HDFC ERGO', 'Bajaj Allianz', 'New India Assurance', 'Tata AIG'];
export const STATE_CODES = 'MH MH MH KA KA DL DL TS TN HR UP GJ WB RJ KL'.split(' ');

// ── SQL helpers (every literal here is this file's own constant, never input) ──────────────────────

export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
export const textArray = (values: readonly string[]) => `(array[${values.map(literal).join(', ')}]::text[])`;
export const intArray = (values: readonly number[]) => `(array[${values.join(', ')}]::int[])`;
/** Indexes 1..n, each repeated by its weight: `w[1 + floor(random() * len)]` picks one by weight. */
export const weighted = (weights: readonly number[]) =>
  weights.flatMap((w, i) => Array<number>(w).fill(i + 1));
export const pick = (array: string, length: number, random: string) =>
  `${array}[1 + floor(${random} * ${length})::int]`;

/** Where an operator's masters are written: groups through the product's API, rows in bulk SQL. */
export interface SeedTarget {
  /** Creates a record through the gateway (`masters.vehicle_group.create`) and answers its id. */
  create(path: string, values: Record<string, unknown>): Promise<string>;
  db: Pick<Database, 'withTenant'>;
}

/**
 * An operator's fleet and customers at bench scale: groups through the API as a person would make
 * them, then `count` vehicles and customers (and a driver for every 30 vehicles) in bulk SQL, with
 * the shapes a real operator's data has (model mix, cities, repeated surnames, lapsing documents).
 */
export async function seedOperator(target: SeedTarget, tenantId: string, count: number) {
  const { create } = target;
  const vehicleGroups: Record<string, string> = {};
  for (const group of VEHICLE_GROUPS) {
    vehicleGroups[group.name] = await create('masters.vehicle_group.create', {
      name: group.name,
      seating_capacity: group.seats,
      luggage_capacity: Math.max(2, Math.round(group.seats / 2)),
      description: group.models.map(([model]) => model).join(', '),
    });
  }
  const customerGroups: Record<string, string> = {};
  for (const [name] of CUSTOMER_GROUPS) {
    customerGroups[name] = await create('masters.customer_group.create', {
      name,
      description: `${name} accounts`,
    });
  }

  // Models flattened: model i belongs to group groupOf[i]; the weights make each group's share.
  const models = VEHICLE_GROUPS.flatMap((group) => {
    const total = group.models.reduce((sum, [, , w]) => sum + w, 0);
    return group.models.map(([model, fuel, w]) => ({
      model,
      fuel,
      group: vehicleGroups[group.name]!,
      seats: group.seats,
      weight: Math.max(1, Math.round((group.share * 10 * w) / total)),
    }));
  });
  const modelPick = weighted(models.map((m) => m.weight));
  const cityPick = weighted(CITIES.map(([, w]) => w));
  const lastPick = weighted(LAST_NAMES.map(([, w]) => w));
  const groupPick = weighted([...CUSTOMER_GROUPS.map(([, w]) => w), UNGROUPED]);
  const groupIds = [...CUSTOMER_GROUPS.map(([name]) => customerGroups[name]!)];

  const drivers = Math.max(10, Math.round(count / 30));
  await target.db.withTenant(tenantId, async (tx) => {
    await tx.execute(sql.raw('select setseed(0.20240601)'));
    await tx.execute(
      sql.raw(`
insert into masters.drivers (id, tenant_id, user_record_id, name, phone, licence_no, is_active, created_at, updated_at)
select gen_random_uuid(), '${tenantId}', i,
  ${pick(textArray(FIRST_NAMES), FIRST_NAMES.length, 'random()')} || ' ' ||
    ${pick(textArray(LAST_NAMES.map(([n]) => n)), LAST_NAMES.length, 'random()')},
  '+9198' || lpad(i::text, 8, '0'), 'MH' || lpad((i * 7919 % 10000000)::text, 13, '0'),
  random() < 0.95, now() - random() * interval '1500 days', now()
from generate_series(1, ${drivers}) i`),
    );
    await tx.execute(
      sql.raw(`
with d as materialized (select array_agg(id) as ids, count(*)::int as n from masters.drivers),
g as materialized (
  select i, ${intArray(modelPick)}[1 + floor(random() * ${modelPick.length})::int] as m,
    random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
  from generate_series(0, ${count - 1}) i
)
insert into masters.vehicles (id, tenant_id, vehicle_no, vehicle_model, vehicle_group_id, vehicle_fuel_type,
  vehicle_seating_capacity, colour, manufacturing_year, driver_id, is_available_for_booking,
  rto_registration_date, rto_tax_expiry, insurance_company, insurance_policy_no, insurance_expiry, fitness_expiry,
  permit_no, permit_expiry, puc_no, puc_expiry, is_active, created_at, updated_at)
select gen_random_uuid(), '${tenantId}',
  ${textArray(STATE_CODES)}[1 + (i * 31) % ${STATE_CODES.length}] || lpad((1 + (i * 7) % 50)::text, 2, '0')
    || chr(65 + (i / 10000) % 26) || chr(65 + (i * 11) % 26) || lpad((i % 10000)::text, 4, '0'),
  ${textArray(models.map((m) => m.model))}[m],
  (${textArray(models.map((m) => m.group))}[m])::uuid,
  ${textArray(models.map((m) => m.fuel))}[m],
  ${intArray(models.map((m) => m.seats))}[m],
  ${pick(textArray(COLOURS), COLOURS.length, 'r1')},
  2014 + floor(r2 * 11)::int,
  case when r3 < 0.6 then d.ids[1 + floor(r4 * d.n)::int] end,
  r4 > 0.05,
  date '2014-01-01' + floor(r2 * 3900)::int,
  date '2026-01-01' + floor(r1 * 1500)::int,
  ${pick(textArray(INSURERS), INSURERS.length, 'r3')},
  'POL' || lpad(i::text, 9, '0'),
  current_date - 60 + floor(r3 * 420)::int,
  current_date - 30 + floor(r4 * 700)::int,
  'PRM' || lpad(i::text, 8, '0'),
  current_date - 20 + floor(r1 * 1800)::int,
  'PUC' || lpad(i::text, 8, '0'),
  current_date - 15 + floor(r2 * 200)::int,
  r5 > 0.08,
  now() - (r3 * 1500 + r4) * interval '1 day',
  now() - r4 * interval '100 days'
from g, d`),
    );
    // Half people, half firms; a repeated name gets a number, as an operator would tell them apart.
    await tx.execute(
      sql.raw(`
with g as materialized (
  select i,
    ${pick(textArray(FIRST_NAMES), FIRST_NAMES.length, 'random()')} as first,
    ${textArray(LAST_NAMES.map(([n]) => n))}[${intArray(lastPick)}[1 + floor(random() * ${lastPick.length})::int]] as last,
    ${pick(textArray(COMPANY_WORDS), COMPANY_WORDS.length, 'random()')} as word,
    ${pick(textArray(COMPANY_SUFFIXES), COMPANY_SUFFIXES.length, 'random()')} as suffix,
    ${intArray(groupPick)}[1 + floor(random() * ${groupPick.length})::int] as grp,
    ${intArray(cityPick)}[1 + floor(random() * ${cityPick.length})::int] as city,
    random() as r1, random() as r2, random() as r3
  from generate_series(0, ${count - 1}) i
), named as (
  select g.*, base, row_number() over (partition by base order by i) as nth
  from g, lateral (select case when r1 < 0.5 then first || ' ' || last
                          else last || ' ' || word || ' ' || suffix end as base) b
)
insert into masters.connections (id, tenant_id, type, name, phone, email, contact_person, customer_group_id,
  city_id, address, tax_type, bill_to, invoice_due_in_days, is_active, created_at, updated_at)
select gen_random_uuid(), '${tenantId}', 'CUSTOMER',
  case when nth = 1 then base else base || ' (' || nth || ')' end,
  '+9199' || lpad(i::text, 8, '0'),
  case when r1 < 0.5 then lower(replace(first || '.' || last, '''', '')) || i || '@gmail.com'
       else 'accounts' || i || '@' || lower(replace(last || word, '''', '')) || '.in' end,
  case when r1 >= 0.5 then first || ' ' || last end,
  (${textArray(groupIds)}[grp])::uuid,
  ${textArray(CITIES.map(([id]) => id))}[city],
  (1 + i % 400) || ', ' || word || ' House, ' || ${textArray(CITIES.map(([id]) => id))}[city],
  case when r1 < 0.5 then 'UNREGISTRED' else 'GSTIN' end,
  'COMPANY_OR_CUSTOMER',
  case when r1 >= 0.5 then 30 end,
  r3 > 0.08,
  now() - (r2 * 1500 + r1) * interval '1 day',
  now() - r1 * interval '100 days'
from named`),
    );
  });
  return { vehicleGroups, customerGroups };
}
