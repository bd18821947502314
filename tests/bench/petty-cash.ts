// Petty cash at production scale. On the product distributed as production runs it (a process per
// module, PostgreSQL and NATS), an operator signs up through the gateway and adds its company; then
// BENCH_ENTRIES cash book entries (three years, 500 people, every kind and category, a few voided) are
// written by SQL, with the box's balance and each person's holding summed from them as the service keeps
// them. Through the gateway, as the screens call them, at 1 and 32 concurrent clients:
//   pettyCash.summary      the box's balance and who holds how much (the top of the cash book)
//   pettyCash.list         the first page, newest first; a person's entries; a category in a month; a
//                          page deep in the book (the 20th, by its cursor)
//   pettyCash.record       a spend recorded (every record takes the box's lock: 32 at once queue on it)
// p50, p95, calls per second and the CPU each call cost by process; then each list's and the summary's
// plan in brief (EXPLAIN ANALYZE as the app's role, under row-level security). Before the figures the
// summary is checked against the entries it was summed from. Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/petty-cash.ts
//   BENCH_ENTRIES (1000000)  BENCH_N (200) measured calls per figure;  BENCH_WARMUP (20)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Database, rows } from '@fleet/platform';
import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import {
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  planOf,
  secondsSince,
  settleTables,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';

const ENTRIES = Math.max(1000, int('BENCH_ENTRIES', 1_000_000));
const N = Math.max(32, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const PEOPLE = 500;
const PHONE = '+919877700091';
const CODE = '864209';
const SECRET = `petty-cash-bench-internal-${randomUUID()}`;

/**
 * The entries, in slices, in a pattern of ten that keeps every holding and the box above zero: two
 * receipts of ₹5,000 into the box; ₹3,000 and ₹1,000 given to a person, who spends ₹1,800, ₹400 and ₹900
 * of it and returns ₹600; two spends of ₹150 from the box. Entry g is dated over three years (the later
 * g, the later the date), its person (g div 10) mod PEOPLE; one in 500 is voided. Then the box and the
 * holdings are summed from the live entries.
 */
async function seedEntries(db: Database, tenantId: string, companyId: string) {
  const slices = 10;
  const per = Math.ceil(ENTRIES / slices);
  const started = performance.now();
  for (let slice = 0; slice < slices; slice++) {
    const first = slice * per;
    const last = Math.min(ENTRIES, first + per) - 1;
    if (last < first) break;
    await db.asOwner((tx) =>
      tx.execute(sql`
        insert into billing.petty_cash_entries (id, tenant_id, company_id, voucher_no, sequence, financial_year,
          entry_date, kind, amount, category, person_key, person_name, person_phone, booking_no, notes,
          is_voided, void_reason, created_at)
        select md5('petty-' || g)::uuid, ${tenantId}::uuid, ${companyId}::uuid,
          'PC/' || lpad((g + 1)::text, 7, '0'), g + 1, '2026-27', d.day, k.kind, k.amount, k.category,
          case when k.person then 'person:driver ' || p || '|+9198' || lpad(p::text, 8, '0') else '' end,
          case when k.person then 'Driver ' || p else '' end,
          case when k.person then '+9198' || lpad(p::text, 8, '0') else '' end,
          case when k.person and g % 3 = 0 then (100000 + g / 10)::text else '' end, '',
          g % 500 = 499, case when g % 500 = 499 then 'Typed twice' else '' end,
          d.day + interval '9 hours' + (g % 36000) * interval '1 second'
        from generate_series(${first}::int, ${last}::int) g
        cross join lateral (select date '2024-04-01' + (g::bigint * 1095 / ${ENTRIES})::int as day,
          (g / 10) % ${PEOPLE} as p) d(day, p)
        cross join lateral (select * from (values
          (0, 'RECEIVED', 5000, 'CASH_DEPOSIT', false), (1, 'RECEIVED', 5000, 'CASH_DEPOSIT', false),
          (2, 'GIVEN', 3000, 'DRIVER_ADVANCE', true), (3, 'SPENT', 1800, 'FUEL', true),
          (4, 'SPENT', 400, 'TOLL_PARKING', true), (5, 'RETURNED', 600, 'DRIVER_ADVANCE', true),
          (6, 'SPENT', 150, 'FOOD', false), (7, 'SPENT', 150, 'OFFICE', false),
          (8, 'GIVEN', 1000, 'DRIVER_ADVANCE', true), (9, 'SPENT', 900, 'VEHICLE_REPAIR', true))
          as v(n, kind, amount, category, person) where v.n = g % 10) k`),
    );
  }
  await db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.petty_cash_boxes (tenant_id, company_id, balance)
      select ${tenantId}::uuid, ${companyId}::uuid, coalesce(sum(case
        when kind in ('RECEIVED', 'RETURNED') then amount when kind = 'GIVEN' then -amount
        when person_key = '' then -amount else 0 end), 0)
      from billing.petty_cash_entries where tenant_id = ${tenantId}::uuid and not is_voided`);
    await tx.execute(sql`insert into billing.petty_cash_holdings (tenant_id, company_id, person_key, person_name,
        person_phone, held)
      select ${tenantId}::uuid, ${companyId}::uuid, person_key, min(person_name), min(person_phone),
        sum(case when kind = 'GIVEN' then amount else -amount end)
      from billing.petty_cash_entries
      where tenant_id = ${tenantId}::uuid and not is_voided and person_key <> '' and kind <> 'RECEIVED'
      group by person_key`);
    await tx.execute(sql`insert into billing.petty_cash_series (tenant_id, company_id, financial_year, next_sequence)
      values (${tenantId}::uuid, ${companyId}::uuid, '2026-27', ${ENTRIES + 1})
      on conflict (tenant_id, company_id, financial_year) do update set next_sequence = excluded.next_sequence`);
  });
  console.log(`seeded ${ENTRIES.toLocaleString('en-IN')} entries in ${secondsSince(started)} s`);
}

// ── plans ────────────────────────────────────────────────────────────────────────────────────────

/** What the store's list asks (storage/petty-cash-store.ts listEntries), for a filter. */
const listSql = (where: SQL) =>
  sql`select e.id, e.voucher_no, e.amount from billing.petty_cash_entries e
      where not e.is_voided ${where} order by e.entry_date desc, e.id desc limit 51`;

const HEADER = `  ${'call'.padEnd(44)}  1 client: p50   p95   32 clients: p50   p95   per s   CPU ms per call: gateway / services / postgres`;

console.log(`petty cash: ${machineLine()}`);
const product = await startDistributed({ secret: SECRET, env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` } });
try {
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Cash Book Cabs');
  const company = (await trpc(
    product.base,
    'masters.company.create',
    {
      values: {
        name: 'Cash Book Cabs Pvt Ltd',
        business_type: 'PRIVATE_LIMITED',
        gst_no: '27AABCK1234E1Z1',
        state_id: 'MH',
        address: 'Pune',
        is_primary: true,
      },
    },
    token,
    'POST',
  )) as { id: string };
  await seedEntries(product.db, tenantId, company.id);
  await settleTables(product.url, [
    'billing.petty_cash_entries',
    'billing.petty_cash_boxes',
    'billing.petty_cash_holdings',
  ]);

  // The summary the service keeps must be what the entries add up to.
  const summary = (await trpc(product.base, 'pettyCash.summary', undefined, token)) as {
    balance: string;
    held: string;
    holders: unknown[];
  };
  const [ledger] = await product.db.asOwner((tx) =>
    rows<{ box: string; held: string; holders: number }>(
      tx,
      sql`select sum(case when kind in ('RECEIVED', 'RETURNED') then amount when kind = 'GIVEN' then -amount
            when person_key = '' then -amount else 0 end)::numeric(14, 2)::text as box,
          sum(case when person_key = '' or kind = 'RECEIVED' then 0 when kind = 'GIVEN' then amount
            else -amount end)::numeric(14, 2)::text as held,
          count(distinct person_key) filter (where person_key <> '')::int as holders
        from billing.petty_cash_entries where tenant_id = ${tenantId}::uuid and not is_voided`,
    ),
  );
  const same = (a: unknown, b: string | undefined) =>
    new Decimal(String(a)).toFixed(2) === new Decimal(b ?? 'NaN').toFixed(2);
  const agrees = same(summary.balance, ledger?.box) && same(summary.held, ledger?.held);
  console.log(
    `summary: box ₹${summary.balance}, held ₹${summary.held} by ${summary.holders.length} people; ` +
      `the entries sum to ₹${ledger?.box} and ₹${ledger?.held} (${ledger?.holders} people): ${agrees ? 'agrees' : 'DISAGREES'}`,
  );
  if (!agrees) throw new Error('the kept balance disagrees with the entries');

  const first = (await trpc(product.base, 'pettyCash.list', { limit: 50 }, token)) as {
    entries: { personKey: string; entryDate: string }[];
    nextCursor: string | null;
  };
  const person = first.entries.find((e) => e.personKey)?.personKey ?? '';
  const month = (first.entries[0]?.entryDate ?? '2027-03-01').slice(0, 7);
  let deep = first.nextCursor ?? undefined;
  for (let page = 2; page < 20 && deep; page++) {
    deep =
      (
        (await trpc(product.base, 'pettyCash.list', { limit: 50, cursor: deep }, token)) as {
          nextCursor: string | null;
        }
      ).nextCursor ?? undefined;
  }
  const calls: [string, string, unknown, string?][] = [
    ['pettyCash.summary · balance and holders', 'pettyCash.summary', undefined],
    ['pettyCash.list · first page', 'pettyCash.list', { limit: 50 }],
    ['pettyCash.list · one person', 'pettyCash.list', { limit: 50, personKey: person }],
    [
      'pettyCash.list · fuel in a month',
      'pettyCash.list',
      { limit: 50, categories: ['FUEL'], dateFrom: `${month}-01`, dateTo: `${month}-28` },
    ],
    ['pettyCash.list · the 20th page', 'pettyCash.list', { limit: 50, cursor: deep }],
    [
      'pettyCash.record · a spend from the box',
      'pettyCash.record',
      { kind: 'SPENT', amount: '10', category: 'FOOD', notes: 'Bench' },
      'POST',
    ],
  ];
  console.log(`\nN=${N} calls per figure after ${WARMUP} unmeasured; times in ms`);
  console.log(HEADER);
  for (const [name, path, input, method] of calls) {
    const call = () => trpc(product.base, path, input, token, method);
    const one: Figure = await timeCalls(call, 1, product.cpu, { n: N, warmup: WARMUP });
    const many: Figure = await timeCalls(call, 32, product.cpu, { n: N, warmup: WARMUP });
    const cpu = ['gateway', 'services', 'postgres'].map((g) => (many.cpu[g] ?? 0).toFixed(2)).join(' / ');
    console.log(
      `  ${name.padEnd(44)} ${ms(one.p50).padStart(14)} ${ms(one.p95).padStart(5)}${ms(many.p50).padStart(17)} ` +
        `${ms(many.p95).padStart(5)} ${many.perSecond.toFixed(0).padStart(7)}   ${cpu}`,
    );
  }
  console.log('\nplans (as the app, under row-level security):');
  const plans: [string, SQL][] = [
    ['first page', listSql(sql``)],
    ['one person', listSql(sql`and e.person_key = ${person}`)],
    [
      'fuel in a month',
      listSql(sql`and e.category in ('FUEL') and e.entry_date >= ${`${month}-01`}::date
        and e.entry_date <= ${`${month}-28`}::date`),
    ],
    ['the box', sql`select b.balance from billing.petty_cash_boxes b order by b.company_id`],
    [
      'who holds cash',
      sql`select h.person_key, h.held from billing.petty_cash_holdings h where h.is_holding
        order by h.held desc, h.person_key limit 500`,
    ],
  ];
  for (const [name, query] of plans)
    console.log(`  ${name.padEnd(16)} ${await planOf(product.db, tenantId, query)}`);
} finally {
  await product.stop();
}
console.log(`\n${loadLine()} after the run`);
