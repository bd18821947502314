// The purchase duties screen at production scale. On the product distributed as production runs it (a
// process per module, PostgreSQL and NATS), an operator signs up through the gateway; then BENCH_DUTIES
// closed duties of it (two years of them, 1,000 customers) are written straight into billing.duties by
// SQL, two in five run by one of 200 suppliers, priced and in every state of review: most accepted,
// some rejected, the last weeks' still to review; the older ones billed on purchase invoices. Through
// the gateway as /operations/purchases/duties calls purchaseDuty.list, at 1 and 32 concurrent clients
// (flat out, and 32 people each turning a page every 2 s):
//   newest first         the first page, and the BENCH_DEEP_PAGE-th by following cursors
//   one supplier         its first page
//   to review            the slips still to review that no invoice bills, first page
//   searches             a booking number whole, a vehicle number by its beginning
// p50, p95, calls per second and the CPU each call cost by process, and the store's own SQL for the
// first page alone (EXPLAIN ANALYZE in brief). Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/purchase-duties.ts
//   BENCH_DUTIES (1000000)  BENCH_N (200) measured calls per figure;  BENCH_WARMUP (20)  BENCH_DEEP_PAGE (20)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { rows } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { listPurchaseDuties } from '../../services/billing/src/storage/purchase-duties-store';
import {
  type Distributed,
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  paced,
  secondsSince,
  settleTables,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';

const DUTIES = Math.max(1000, int('BENCH_DUTIES', 1_000_000));
const N = Math.max(32, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const DEEP_PAGE = Math.max(2, int('BENCH_DEEP_PAGE', 20));
const SUPPLIERS = 200;
const LIMIT = 50;
const PHONE = '+919877700074';
const CODE = '975312';
const SECRET = `purchase-duties-bench-internal-${randomUUID()}`;

/**
 * The operator's duties over the last two years, newest today; two in five by a supplier, priced at
 * ₹900–₹3,900 against ₹1,200–₹5,200 charged; reviewed but for the last 20 days', a twentieth rejected;
 * those older than 45 days billed, a purchase invoice per supplier and month.
 */
async function seedDuties(product: Distributed, tenantId: string) {
  const started = performance.now();
  await product.db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status,
        customer_id, customer_name, from_city_id, start_date, vehicle_no, driver_name, car_hire, charges, closed_at,
        supplier_id, supplier_name, purchase_amount, purchase_charges, purchase_slip_status, purchase_slip_reason)
      select md5('duty-' || g)::uuid, ${tenantId}::uuid, g, 3, 'CLOSED', md5('customer-' || g % 1000)::uuid,
        'Customer ' || g % 1000 || ' Pvt Ltd', 'mh-pune', current_date - ((${DUTIES} - g) * 730 / ${DUTIES}),
        'MH' || lpad((g % 50)::text, 2, '0') || 'XY' || lpad((g % 10000)::text, 4, '0'), 'Driver ' || g % 700,
        1200 + g % 4000, '{}'::jsonb, now(),
        case when g % 5 < 2 then md5('supplier-' || g % ${SUPPLIERS})::uuid end,
        case when g % 5 < 2 then 'Supplier ' || g % ${SUPPLIERS} else '' end,
        case when g % 5 < 2 then 900 + g % 3000 end,
        case when g % 5 < 2 then '{"total": "0"}'::jsonb end,
        case when g % 5 >= 2 or g > ${DUTIES} - ${DUTIES} * 20 / 730 then 'NO_ACTION'
          when g % 100 = 1 then 'REJECTED' else 'ACCEPTED' end,
        case when g % 5 < 2 and g <= ${DUTIES} - ${DUTIES} * 20 / 730 and g % 100 = 1 then 'Km do not match'
          else '' end
      from generate_series(1, ${DUTIES}) g`);
    // A purchase invoice per supplier and month for the accepted duties older than 45 days.
    await tx.execute(sql`create temporary table billed on commit drop as
      select d.booking_id, d.supplier_id, date_trunc('month', d.start_date)::date as month
      from billing.duties d
      where d.tenant_id = ${tenantId}::uuid and d.purchase_slip_status = 'ACCEPTED'
        and d.start_date < current_date - 45`);
    await tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, status)
      select md5(b.supplier_id::text || b.month)::uuid, ${tenantId}::uuid, 'PUR/' || row_number() over (),
        row_number() over (), '2026-27', md5('company')::uuid, b.supplier_id, 'Supplier',
        'S/' || to_char(b.month, 'YYMM'), b.month + 31, b.month + 35, 'APPROVED'
      from (select distinct supplier_id, month from billed) b`);
    await tx.execute(sql`update billing.duties d set purchase_invoice_id = md5(b.supplier_id::text || b.month)::uuid
      from billed b where b.booking_id = d.booking_id`);
  });
  const [counts] = await product.db.asOwner((tx) =>
    rows<{ duties: number; supplied: number; billed: number; invoices: number }>(
      tx,
      sql`select count(*)::int as duties, count(supplier_id)::int as supplied,
        count(purchase_invoice_id)::int as billed, (select count(*) from billing.purchase_invoices)::int as invoices
        from billing.duties`,
    ),
  );
  console.log(
    `seeded ${counts?.duties.toLocaleString('en-IN')} duties in ${secondsSince(started)} s: ` +
      `${counts?.supplied.toLocaleString('en-IN')} by suppliers, ${counts?.billed.toLocaleString('en-IN')} of them ` +
      `billed on ${counts?.invoices.toLocaleString('en-IN')} purchase invoices`,
  );
}

interface Case {
  name: string;
  input: Record<string, unknown>;
  page: number;
}

const CASES: Case[] = [
  { name: 'newest first · first page', input: {}, page: 1 },
  { name: `newest first · page ${DEEP_PAGE}`, input: {}, page: DEEP_PAGE },
  { name: 'one supplier · first page', input: { supplierIds: ['SUPPLIER'] }, page: 1 },
  {
    name: 'to review, not billed · first page',
    input: { slipStatuses: ['NO_ACTION'], billing: 'UNBILLED' },
    page: 1,
  },
  { name: 'rejected · first page', input: { slipStatuses: ['REJECTED'] }, page: 1 },
  { name: 'search: booking number whole', input: { search: String(Math.floor(DUTIES / 10) * 5) }, page: 1 },
  { name: 'search: vehicle "MH06XY00"', input: { search: 'MH06XY00' }, page: 1 },
];

const HEADER = `  ${'case'.padEnd(38)} ${'rows'.padStart(4)}  1 client: p50   p95   32 flat out: p50   p95   per s   32 people: p50   p95   CPU ms per call: gateway / services / postgres`;

console.log(`purchase duties: ${machineLine()}`);
const product = await startDistributed({ secret: SECRET, env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` } });
try {
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Purchase Cabs');
  await seedDuties(product, tenantId);
  await settleTables(product.url, ['billing.duties', 'billing.purchase_invoices']);
  const [supplier] = await product.db.asOwner((tx) =>
    rows<{ id: string }>(tx, sql`select md5('supplier-6')::uuid as id`),
  );
  const list = async (input: Record<string, unknown>) =>
    (await trpc(product.base, 'purchaseDuty.list', { limit: LIMIT, ...input }, token)) as {
      duties: unknown[];
      nextCursor: string | null;
    };

  // The store's own SQL for the first page, in the operator's read transaction.
  const sqlAlone = async () =>
    product.db.read(tenantId, (tx) =>
      listPurchaseDuties(tx, { supplierIds: [], slipStatuses: [] }, { direction: 'desc', limit: LIMIT }),
    );
  const bare: Figure = await timeCalls(sqlAlone, 1, product.cpu, { n: N, warmup: WARMUP });
  const bareMany: Figure = await timeCalls(sqlAlone, 32, product.cpu, { n: N, warmup: WARMUP });
  console.log(
    `\nthe first page's SQL alone: 1 client p50 ${ms(bare.p50)} p95 ${ms(bare.p95)}; ` +
      `32 clients p50 ${ms(bareMany.p50)} p95 ${ms(bareMany.p95)} (${bareMany.perSecond.toFixed(0)}/s)`,
  );
  console.log(`\nN=${N} calls per figure after ${WARMUP} unmeasured; times in ms; ${LIMIT} a page`);
  console.log(HEADER);
  for (const c of CASES) {
    const input = JSON.parse(JSON.stringify(c.input).replace('SUPPLIER', supplier!.id)) as Record<
      string,
      unknown
    >;
    let cursor: string | undefined;
    for (let page = 1; page < c.page; page++) {
      const answer = await list({ ...input, ...(cursor ? { cursor } : {}) });
      if (!answer.nextCursor) throw new Error(`${c.name}: no page ${page + 1}`);
      cursor = answer.nextCursor;
    }
    const paged = { ...input, ...(cursor ? { cursor } : {}) };
    const shown = (await list(paged)).duties.length;
    const call = () => list(paged);
    const one = await timeCalls(call, 1, product.cpu, { n: N, warmup: WARMUP });
    const many = await timeCalls(call, 32, product.cpu, { n: N, warmup: WARMUP });
    const people = await paced(call, 32, 2000, N);
    const cpu = ['gateway', 'services', 'postgres'].map((g) => (many.cpu[g] ?? 0).toFixed(2)).join(' / ');
    console.log(
      `  ${c.name.padEnd(38)} ${String(shown).padStart(4)} ${ms(one.p50).padStart(14)} ${ms(one.p95).padStart(5)}` +
        `${ms(many.p50).padStart(17)} ${ms(many.p95).padStart(5)} ${many.perSecond.toFixed(0).padStart(7)}` +
        `${ms(people.p50).padStart(16)} ${ms(people.p95).padStart(5)}   ${cpu}`,
    );
  }
} finally {
  await product.stop();
}
console.log(`\n${loadLine()} after the run`);
