// The bookings board at production scale: a year of duties for many operators, written in set-based SQL
// (insert … select … from generate_series) as the tables' owner, in the shapes a real board has — the
// statuses a duty's date leaves it in (closed and billed behind, running today, taken and allotted
// ahead), customers, vehicles, drivers and passengers drawn from each operator's own pools (some far
// more often than others), labels on some, slips on the closed ones, booking numbers in the order they
// were taken. Each booking gets its first passenger in booking_contacts and the search terms
// domain/search-terms.ts would write (the same rules in SQL; `checkSearchTerms` compares a sample with
// `searchTermsOf`). Every literal in the SQL is this file's or seed-masters.ts's own constant.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { searchTermsOf } from '../../services/bookings/src/domain/search-terms';
import {
  CITIES,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  FIRST_NAMES,
  intArray,
  LAST_NAMES,
  literal,
  STATE_CODES,
  textArray,
  weighted,
} from './seed-masters';

/** One operator of the board; the first masters of the measured one are real records. */
export interface BoardOperator {
  tenantId: string;
  bookings: number;
  /** Its most frequent customer, duty type and vehicle group (else made-up ids, as for the others). */
  real?: { customerId: string; customerName: string; dutyTypeId: string; vehicleGroupId: string };
}

/**
 * `total` bookings over `operators` operators, the largest with `largest` and the rest shrinking by
 * rank (a long tail of small operators, as a SaaS has).
 */
export function operatorSizes(total: number, operators: number, largest: number): number[] {
  if (operators <= 1) return [total];
  const first = Math.min(largest, total - (operators - 1));
  const rest = total - first;
  const weights = Array.from({ length: operators - 1 }, (_, i) => (i + 2) ** -0.7);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((rest * w) / sum)));
  sizes[sizes.length - 1]! += rest - sizes.reduce((a, b) => a + b, 0);
  return [first, ...sizes];
}

const STAFF_LOCALITIES = [
  'Hinjewadi Phase 1',
  'Koregaon Park',
  'Baner Road',
  'Viman Nagar',
  'Kharadi IT Park',
  'Bandra Kurla Complex',
  'Powai',
  'Andheri East',
  'Whitefield',
  'Electronic City',
  'Cyber City',
  'Airport Terminal 2',
  'Hitech City',
  'Salt Lake Sector V',
];
const SUPPLIER_WORDS = ['Travels', 'Cabs', 'Tours', 'Car Rentals', 'Fleet Services'];
const CANCELLATION_REASONS = ['Customer cancelled', 'Flight cancelled', 'Plan changed', 'Booked twice'];
/** Each operator's pools of the things a booking points at, by its size. */
const POOLS = {
  customersPer: 300,
  vehiclesPer: 250,
  passengersPer: 4,
  dutyTypes: 8,
  vehicleGroups: 6,
  labels: 8,
  suppliers: 15,
  staff: 5,
};

const nF = FIRST_NAMES.length;
const lastPick = weighted(LAST_NAMES.map(([, w]) => w));
const FIRST = textArray(FIRST_NAMES);
const LAST = textArray(LAST_NAMES.map(([n]) => n));
/** The `n`th first name and a weighted surname for a non-negative hash `h`. */
const firstOf = (h: string) => `${FIRST}[1 + ${h} % ${nF}]`;
const lastOf = (h: string) => `${LAST}[${intArray(lastPick)}[1 + (${h} / ${nF}) % ${lastPick.length}]]`;
/** A stable non-negative hash of the operator and a pool member. */
const hash = (pool: string, member: string) =>
  `(hashtext(tenant_id::text || '/${pool}/' || ${member}) & 2147483647)`;
/** A stable id of the operator's pool member. */
const idOf = (pool: string, member: string) => `md5(tenant_id::text || '/${pool}/' || ${member})::uuid`;

const ALLOTTED = `('ALLOTED', 'DRIVER_ACCEPTED', 'DRIVER_REJECTED', 'DISPATCHED', 'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP', 'DRIVER_DUTY_START', 'DRIVER_DUTY_START_PASSENGER_NO_SHOW', 'DRIVER_DUTY_END', 'CLOSED')`;

/** Thresholds on one uniform draw, in order: `[[0.8, 'CLOSED'], …]`, the last one taking the rest. */
const mix = (draw: string, shares: [number, string][], rest: string) =>
  `case ${shares.map(([upTo, status]) => `when ${draw} < ${upTo} then '${status}'`).join(' ')} else '${rest}' end`;

/** What a duty's status is, by how many days ago it ran (`age`; negative: ahead). */
const STATUS = `case
  when age > 2 then ${mix(
    'r_status',
    [
      [0.8, 'CLOSED'],
      [0.86, 'CANCELLED'],
      [0.87, 'CANCELLATION_NO_SHOW'],
      [0.885, 'UNFULFILLED'],
      [0.915, 'DRIVER_DUTY_END'],
      [0.92, 'ALLOTED'],
      [0.923, 'BOOKED'],
      [0.925, 'DISPATCHED'],
    ],
    'CLOSED',
  )}
  when age > 0 then ${mix(
    'r_status',
    [
      [0.45, 'CLOSED'],
      [0.8, 'DRIVER_DUTY_END'],
      [0.87, 'CANCELLED'],
      [0.89, 'UNFULFILLED'],
      [0.91, 'CANCELLATION_NO_SHOW'],
      [0.94, 'DRIVER_DUTY_START'],
    ],
    'ALLOTED',
  )}
  when age = 0 then ${mix(
    'r_status',
    [
      [0.12, 'DISPATCHED'],
      [0.17, 'DRIVER_GARAGE_START'],
      [0.22, 'DRIVER_ARRIVED_AT_PICKUP'],
      [0.34, 'DRIVER_DUTY_START'],
      [0.36, 'DRIVER_DUTY_START_PASSENGER_NO_SHOW'],
      [0.52, 'DRIVER_DUTY_END'],
      [0.6, 'CLOSED'],
      [0.72, 'ALLOTED'],
      [0.78, 'DRIVER_ACCEPTED'],
      [0.83, 'BOOKED'],
      [0.89, 'CANCELLED'],
      [0.91, 'DRIVER_NEEDED'],
      [0.93, 'SUPPLIER_ACCEPTED'],
      [0.94, 'DRIVER_REJECTED'],
      [0.95, 'DETAILS_NEEDED'],
      [0.96, 'CANCELLATION_REQUESTED'],
      [0.97, 'SUPPLIER_REQUESTED'],
    ],
    'UNCONFIRMED',
  )}
  else ${mix(
    'r_status',
    [
      [0.3, 'BOOKED'],
      [0.38, 'UNCONFIRMED'],
      [0.62, 'ALLOTED'],
      [0.7, 'DRIVER_ACCEPTED'],
      [0.73, 'DRIVER_NEEDED'],
      [0.77, 'SUPPLIER_REQUESTED'],
      [0.82, 'SUPPLIER_ACCEPTED'],
      [0.84, 'DETAILS_NEEDED'],
      [0.85, 'DRIVER_REJECTED'],
      [0.93, 'CANCELLED'],
      [0.94, 'CANCELLATION_REQUESTED'],
      [0.945, 'CANCELLATION_REQUEST_BY_ASSOCIATE'],
      [0.95, 'EDIT_NO_SHOW'],
    ],
    'BOOKED',
  )}
end`;

/**
 * One slice of every operator's year (the `chunk`th of `chunks`, by booking number), as rows holding
 * everything the three tables get, in the order they were taken across operators: a real table's
 * operators' rows lie interleaved on its pages, not each operator's together.
 */
function chunkSql(chunk: number, chunks: number, today: string, start: string) {
  const cities = textArray(CITIES.map(([id]) => id));
  return `
create temp table bench_chunk as
with g as (
  select o.*, i,
    ${literal(start)}::timestamptz + (((i - 1) + random()) / o.size) * interval '365 days' as created_at,
    random() as r_lead, random() as r_status, random() as r_net, random() as r_flag, random() as r_cust,
    random() as r_veh, random() as r_pass, random() as r_book, random() as r_label, random() as r_time,
    random() as r_supp, random() as r_misc, random() as r_dt, random() as r_vg
  from bench_ops o, generate_series(o.size * ${chunk} / ${chunks} + 1, o.size * ${chunk + 1} / ${chunks}) i
  order by created_at
), dated as (
  select g.*, d.start_date, ${literal(today)}::date - d.start_date as age,
    ((d.start_date + (300 + 15 * floor(r_time * 72)::int) * interval '1 minute') at time zone 'Asia/Kolkata')
      as reporting_at,
    floor(customers * r_cust * r_cust)::int as cj,
    floor(vehicles * r_veh)::int as vj,
    floor(passengers * power(r_pass, 1.5))::int as pj,
    floor(${POOLS.suppliers} * r_supp)::int as sj
  from g, lateral (
    select (created_at at time zone 'Asia/Kolkata')::date + (case
      when r_lead < 0.55 then floor(r_lead / 0.55 * 3)
      when r_lead < 0.85 then 3 + floor((r_lead - 0.55) / 0.30 * 18)
      else 21 + floor((r_lead - 0.85) / 0.15 * 70) end)::int as start_date
  ) d
), s as (
  select dated.*, st.status, st.status in ${ALLOTTED} and st.status <> 'DRIVER_REJECTED' and r_supp < 0.18
      or st.status in ('SUPPLIER_REQUESTED', 'SUPPLIER_ACCEPTED') as by_supplier,
    r_net < 0.04 as incoming
  from dated, lateral (select ${STATUS} as status) st
), a as (
  select s.*,
    not by_supplier and status in ${ALLOTTED} as own,
    by_supplier and status <> 'SUPPLIER_REQUESTED' as supplier_details,
    ${hash('c', 'cj')} as hc, ${hash('v', 'vj')} as hv, ${hash('d', 'vj')} as hd, ${hash('p', 'pj')} as hp,
    ${hash('p2', 'pj')} as hp2, ${hash('s', 'sj')} as hs, ${hash('sv', "sj || '/' || floor(r_veh * 20)")} as hsv,
    ${hash('b', "cj || '/' || floor(r_book * 20)")} as hb, (hashtext(tenant_id::text) & 2147483647) as ho
  from s
)
select
  gen_random_uuid() as id, tenant_id, i as booking_no, status,
  case when k = 0 and cj = 0 then customer0 else ${idOf('c', 'cj')} end as customer_id,
  case when k = 0 and cj = 0 then customer0_name
    when hc % 2 = 0 then ${lastOf('hc')} || ' ' || ${textArray(COMPANY_WORDS)}[1 + hc % ${COMPANY_WORDS.length}]
      || ' ' || ${textArray(COMPANY_SUFFIXES)}[1 + (hc / 7) % ${COMPANY_SUFFIXES.length}]
    else ${firstOf('hc')} || ' ' || ${lastOf('hc')} end as customer_name,
  ${idOf('cg', 'hc % 6')} as customer_group_id,
  ${cities}[1 + (ho + case when r_misc < 0.85 then 0 else floor(r_misc * 100)::int end) % ${CITIES.length}]
    as from_city_id,
  case when r_misc > 0.9 then ${cities}[1 + (ho + 1 + floor(r_lead * 100)::int) % ${CITIES.length}] end
    as to_city_id,
  case when k = 0 and floor(${POOLS.vehicleGroups} * power(r_vg, 1.5)) = 0 then vehicle_group0
    else ${idOf('vg', `floor(${POOLS.vehicleGroups} * power(r_vg, 1.5))`)} end as vehicle_group_id,
  case when k = 0 and floor(${POOLS.dutyTypes} * r_dt * r_dt) = 0 then duty_type0
    else ${idOf('dt', `floor(${POOLS.dutyTypes} * r_dt * r_dt)`)} end as duty_type_id,
  reporting_at, start_date, reporting_at + interval '8 hours' as ends_at,
  case when own then ${idOf('v', 'vj')} end as alloted_vehicle_id,
  case when own and status <> 'DRIVER_REJECTED' then ${idOf('d', 'vj')} end as alloted_driver_id,
  incoming as is_network_incoming,
  case when not incoming then null
    when age < 0 and status in ('BOOKED', 'UNCONFIRMED') and r_net < 0.015 then 'PENDING'
    when status = 'CANCELLED' and r_net < 0.01 then 'REJECTED'
    else 'ACCEPTED' end as network_request_status,
  status not in ('CANCELLED', 'CANCELLATION_NO_SHOW', 'CLOSED', 'DRIVER_DUTY_END', 'UNFULFILLED')
    and r_flag < 0.01 as has_pending_associate_request,
  status = 'DRIVER_REJECTED' as driver_rejected,
  status = 'SUPPLIER_REQUESTED' and r_flag < 0.3 as supplier_rejected,
  status = 'CLOSED' and (age > 20 and r_flag < 0.95 or age > 2 and r_flag < 0.4) as is_billed,
  case when status in ('CANCELLED', 'CANCELLATION_NO_SHOW')
    then ${textArray(CANCELLATION_REASONS)}[1 + floor(r_flag * ${CANCELLATION_REASONS.length})::int] end
    as cancellation_reason,
  case when status = 'UNFULFILLED' then 'No vehicle free' else '' end as unfulfilled_reason,
  created_at, least(now(), greatest(created_at, reporting_at + interval '10 hours')) as updated_at,
  case when r_book < 0.45 then ${firstOf('hb')} || ' ' || ${lastOf('hb')} else '' end as booked_by_name,
  case when r_book < 0.45 then '+9198' || lpad((hb % 100000000)::text, 8, '0') else '' end as booked_by_phone,
  case when r_book < 0.3 then lower(replace(${firstOf('hb')} || '.' || ${lastOf('hb')}, '''', ''))
    || '@corp' || cj || '.in' else '' end as booked_by_email,
  ${firstOf('hp')} || ' ' || ${lastOf('hp')} as passenger_name,
  (array['9', '9', '9', '8', '7', '6'])[1 + hp2 % 6] || lpad((hp2 / 7 % 1000000000)::text, 9, '0')
    as passenger_digits,
  case when hp % 10 < 3 then lower(replace(${firstOf('hp')} || '.' || ${lastOf('hp')}, '''', '')) || pj
    || '@gmail.com' else '' end as passenger_email,
  (1 + i % 300) || ', ' || ${textArray(STAFF_LOCALITIES)}[1 + floor(r_time * 1000)::int % ${STAFF_LOCALITIES.length}]
    as reporting_address,
  case when r_book > 0.8 then 'PO/' || extract(year from created_at) || '/' || lpad(i::text, 6, '0') else '' end
    as order_reference_number,
  case when r_label < 0.25 then array[${idOf('l', `floor(${POOLS.labels} * power(r_label / 0.25, 2))`)}]
    when r_label < 0.30 then array[${idOf('l', `floor((r_label - 0.25) / 0.05 * ${POOLS.labels})`)},
      ${idOf('l', `(floor((r_label - 0.25) / 0.05 * ${POOLS.labels})::int + 1 + floor(r_misc * 6)::int) % ${POOLS.labels}`)}]
    else '{}'::uuid[] end as label_ids,
  (800 + floor(r_misc * 40) * 100)::numeric(14, 2) as price,
  case when by_supplier then (600 + floor(r_misc * 40) * 80)::numeric(14, 2) end as purchase_price,
  case when own then ${textArray(STATE_CODES)}[1 + hv % ${STATE_CODES.length}]
      || lpad((1 + (hv / 15) % 50)::text, 2, '0') || chr(65 + (hv / 750) % 26) || chr(65 + (hv / 19500) % 26)
      || lpad((vj % 10000)::text, 4, '0')
    when supplier_details then ${textArray(STATE_CODES)}[1 + hsv % ${STATE_CODES.length}]
      || lpad((1 + (hsv / 15) % 50)::text, 2, '0') || chr(65 + (hsv / 750) % 26) || lpad((hsv % 10000)::text, 4, '0')
    else '' end as vehicle_no,
  case when own and status <> 'DRIVER_REJECTED' then ${firstOf('hd')} || ' ' || ${lastOf('hd')}
    when supplier_details then ${firstOf('hsv')} || ' ' || ${lastOf('hsv')} else '' end as driver_name,
  case when own and status <> 'DRIVER_REJECTED' then '+9197' || lpad((hd % 100000000)::text, 8, '0')
    when supplier_details then '+9196' || lpad((hsv % 100000000)::text, 8, '0') else '' end as driver_phone,
  case when by_supplier then ${idOf('s', 'sj')} end as supplier_id,
  case when by_supplier then ${lastOf('hs')} || ' ' || ${textArray(SUPPLIER_WORDS)}[1 + hs % ${SUPPLIER_WORDS.length}]
    else '' end as supplier_name,
  case when by_supplier then ${idOf('sg', 'hs % 3')} end as supplier_group_id,
  case when status = 'CLOSED' then case when incoming then 'NETWORK' when r_misc < 0.3 then 'EMAIL'
      when r_misc < 0.6 then 'HARD_COPY' else 'DIGITAL_DUTY_SLIP' end
    when status = 'DRIVER_DUTY_END' and r_misc < 0.5 then 'DIGITAL_DUTY_SLIP' end as slip_medium,
  case when status = 'CLOSED' then least(now(), reporting_at + interval '1 day') end as slip_approved_at,
  case when status = 'CLOSED' then (800 + floor(r_misc * 40) * 100 + floor(r_flag * 20) * 50)::numeric(14, 2) end
    as charges_total,
  ${idOf('u', `floor(r_misc * ${POOLS.staff})`)} as created_by,
  case when status in ('BOOKED', 'UNCONFIRMED') then 1 when status = 'CLOSED' then 7 else 3 end as version
from a`;
}

const INSERT_BOOKINGS = `
insert into bookings.bookings (id, tenant_id, booking_no, status, customer_id, customer_name, customer_group_id,
  from_city_id, to_city_id, vehicle_group_id, duty_type_id, reporting_at, start_date, ends_at,
  alloted_vehicle_id, alloted_driver_id, is_network_incoming, network_request_status,
  has_pending_associate_request, driver_rejected, supplier_rejected, is_billed, cancellation_reason,
  unfulfilled_reason, created_at, updated_at, booked_by_name, booked_by_phone, booked_by_email,
  reporting_address, order_reference_number, label_ids, price, extra_km_rate, extra_hour_rate, purchase_price,
  vehicle_no, driver_name, driver_phone, supplier_id, supplier_name, supplier_group_id, slip_medium,
  slip_approved_at, charges_total, created_by, version)
select id, tenant_id, booking_no, status, customer_id, customer_name, customer_group_id,
  from_city_id, to_city_id, vehicle_group_id, duty_type_id, reporting_at, start_date, ends_at,
  alloted_vehicle_id, alloted_driver_id, is_network_incoming, network_request_status,
  has_pending_associate_request, driver_rejected, supplier_rejected, is_billed, cancellation_reason,
  unfulfilled_reason, created_at, updated_at, booked_by_name, booked_by_phone, booked_by_email,
  reporting_address, order_reference_number, label_ids, price, 14, 150, purchase_price,
  vehicle_no, driver_name, driver_phone, supplier_id, supplier_name, supplier_group_id, slip_medium,
  slip_approved_at, charges_total, created_by, version
from bench_chunk`;

const INSERT_CONTACTS = `
insert into bookings.booking_contacts (tenant_id, booking_id, role, position, name, phone, email)
select tenant_id, id, 'PASSENGER', 0, passenger_name, '+91' || passenger_digits, passenger_email
from bench_chunk`;

// searchTermsOf in SQL: the booking's number; every word of the booker's, passenger's and driver's names
// and of the order reference, and the reference whole; each phone's digits and their last ten; emails;
// the vehicle number without spaces or dashes — lower-cased, distinct, at most 64 characters.
const SEARCH_TERM_FUNCTIONS = `
create function pg_temp.words(value text) returns setof text language sql immutable as
  $$ select w from regexp_split_to_table(lower(value), '[^[:alnum:]@._+-]+') w where w <> '' $$;
create function pg_temp.phone_terms(phone text) returns setof text language sql immutable as
  $$ select t from (select regexp_replace(phone, '\\D', '', 'g') as d) p,
       unnest(case when d = '' then '{}'::text[] when length(d) > 10 then array[d, right(d, 10)] else array[d] end) t $$`;

const INSERT_SEARCH_TERMS = `
insert into bookings.booking_search_terms (tenant_id, term, booking_id)
select c.tenant_id, t.term, c.id
from bench_chunk c
cross join lateral (
  select distinct term from (
    select c.booking_no::text as term
    union all select pg_temp.words(c.booked_by_name)
    union all select pg_temp.phone_terms(c.booked_by_phone)
    union all select lower(c.booked_by_email) where c.booked_by_email <> ''
    union all select pg_temp.words(c.passenger_name)
    union all select pg_temp.phone_terms('+91' || c.passenger_digits)
    union all select lower(c.passenger_email) where c.passenger_email <> ''
    union all select pg_temp.words(c.order_reference_number)
    union all select lower(btrim(c.order_reference_number)) where btrim(c.order_reference_number) <> ''
    union all select pg_temp.words(c.driver_name)
    union all select pg_temp.phone_terms(c.driver_phone)
    union all select lower(regexp_replace(c.vehicle_no, '[\\s-]', '', 'g')) where c.vehicle_no <> ''
  ) u where length(term) <= 64
) t
order by 1, 2`;

export interface SeedReport {
  bookings: number;
  contacts: number;
  terms: number;
  /** Seconds: writing the rows, then vacuum and analyze. */
  writing: number;
  settling: number;
}

/**
 * Writes every operator's bookings in `chunks` slices, sets each operator's booking-number counter past
 * its last, and vacuums and analyzes the tables as autovacuum would have long since on a live database.
 */
export async function seedBookings(
  url: string,
  operators: BoardOperator[],
  options: { today: string; chunks: number; progress(line: string): void },
): Promise<SeedReport> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-seed' });
  await client.connect();
  const started = performance.now();
  try {
    // The bench's own bulk load: foreign keys are known to hold (every row is written here), so their
    // per-row checks are skipped as pg_restore does; memory for the per-slice sorts; no JIT, which
    // would spend a minute compiling each slice's long expressions.
    await client.query(`set session_replication_role = replica; set work_mem = '256MB';
      set maintenance_work_mem = '512MB'; set synchronous_commit = off; set jit = off;
      select setseed(0.20250101)`);
    await client.query(SEARCH_TERM_FUNCTIONS);
    await client.query(`create temp table bench_ops (k int, tenant_id uuid, size int, customers int,
      vehicles int, passengers int, customer0 uuid, customer0_name text, duty_type0 uuid, vehicle_group0 uuid)`);
    for (const [k, operator] of operators.entries()) {
      const size = operator.bookings;
      await client.query('insert into bench_ops values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        k,
        operator.tenantId,
        size,
        Math.max(20, Math.round(size / POOLS.customersPer)),
        Math.max(10, Math.round(size / POOLS.vehiclesPer)),
        Math.max(50, Math.round(size / POOLS.passengersPer)),
        operator.real?.customerId ?? randomUUID(),
        operator.real?.customerName ?? '',
        operator.real?.dutyTypeId ?? randomUUID(),
        operator.real?.vehicleGroupId ?? randomUUID(),
      ]);
    }
    const { rows } = await client.query<{ start: string }>(
      `select (now() - interval '365 days')::text as start`,
    );
    const start = rows[0]!.start;
    const counted = { bookings: 0, contacts: 0, terms: 0 };
    for (let chunk = 0; chunk < options.chunks; chunk++) {
      const t0 = performance.now();
      await client.query(chunkSql(chunk, options.chunks, options.today, start));
      counted.bookings += (await client.query(INSERT_BOOKINGS)).rowCount ?? 0;
      counted.contacts += (await client.query(INSERT_CONTACTS)).rowCount ?? 0;
      counted.terms += (await client.query(INSERT_SEARCH_TERMS)).rowCount ?? 0;
      await client.query('drop table bench_chunk');
      options.progress(
        `slice ${chunk + 1}/${options.chunks}: ${counted.bookings} bookings, ${counted.terms} search terms ` +
          `(${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
    }
    await client.query(`insert into bookings.booking_numbers (tenant_id, next_no)
      select tenant_id, size + 1 from bench_ops
      on conflict (tenant_id) do update set next_no = excluded.next_no`);
    await client.query('reset session_replication_role');
    const writing = (performance.now() - started) / 1000;
    const settled = performance.now();
    await client.query(
      'vacuum (analyze) bookings.bookings, bookings.booking_contacts, bookings.booking_search_terms, bookings.booking_numbers',
    );
    return { ...counted, writing, settling: (performance.now() - settled) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * Compares the terms written for a sample of an operator's bookings with what searchTermsOf makes of
 * the same booking; answers how many were compared, or throws naming the first that differs.
 */
export async function checkSearchTerms(url: string, tenantId: string, sample: number): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-check' });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      booking_no: string;
      booked_by_name: string;
      booked_by_phone: string;
      booked_by_email: string;
      order_reference_number: string;
      driver_name: string;
      driver_phone: string;
      vehicle_no: string;
      name: string;
      phone: string;
      email: string;
      custom_field: string;
      terms: string[];
    }>(
      `select b.id, b.booking_no::text, b.booked_by_name, b.booked_by_phone, b.booked_by_email,
         b.order_reference_number, b.driver_name, b.driver_phone, b.vehicle_no, c.name, c.phone, c.email,
         c.custom_field,
         array(select term from bookings.booking_search_terms t where t.booking_id = b.id order by term) as terms
       from bookings.bookings b
       join bookings.booking_contacts c on c.booking_id = b.id and c.role = 'PASSENGER' and c.position = 0
       where b.tenant_id = $1 and b.booking_no % 97 = 0
       order by b.booking_no limit $2`,
      [tenantId, sample],
    );
    for (const row of rows) {
      const expected = searchTermsOf({
        bookingNo: row.booking_no,
        bookedBy: { name: row.booked_by_name, phone: row.booked_by_phone, email: row.booked_by_email },
        passengers: [{ name: row.name, phone: row.phone, email: row.email, customField: row.custom_field }],
        orderReferenceNumber: row.order_reference_number,
        driverName: row.driver_name,
        driverPhone: row.driver_phone,
        vehicleNo: row.vehicle_no,
      }).sort();
      const written = [...row.terms].sort();
      if (JSON.stringify(expected) !== JSON.stringify(written))
        throw new Error(
          `booking ${row.booking_no}: search terms ${JSON.stringify(written)}, searchTermsOf makes ${JSON.stringify(expected)}`,
        );
    }
    return rows.length;
  } finally {
    await client.end();
  }
}
