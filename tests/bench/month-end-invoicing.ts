// The month-end run. On the product distributed as production runs it (a process per module,
// PostgreSQL and NATS), an operator signs up through the gateway; then, in bulk SQL, billing's copies of
// its masters (a company in Maharashtra with an invoice profile, business settings, BENCH_CUSTOMERS
// customers with GST billing details — one in five in Karnataka, so taxed IGST) and a month of
// BENCH_DUTIES closed, priced duties of them (bookings' DutyCharges as billing keeps them) are written
// straight into billing's tables. Then the accounts desk invoices the month as an operator would: one
// invoice per customer per duty-day (invoice.createFromDuties, PER_CUSTOMER_DAY) in batches of about
// BENCH_BATCH duties, a customer's day never split, by BENCH_CALLERS callers at once, through the gateway.
// Printed: duties and invoices per second end to end, each call's p50 and p95, the CPU by process, and
// the numbers checked: per series, as many invoices as its last number, each number once; every duty
// invoiced. Timings never fail the run; a gap, a number twice or a duty left over does.
//
// Run: node --import tsx tests/bench/month-end-invoicing.ts
//   BENCH_DUTIES (100000)  closed duties;  BENCH_CUSTOMERS (1000)  their customers
//   BENCH_BATCH (1000)  duties per call;  BENCH_CALLERS (2)  calls at once (the series' lock takes them in turn; the gateway's 10 s deadline bounds the queue)
//   BENCH_PROFILE  a folder: each module writes its CPU profiles (node --cpu-prof) into <folder>/<module>/
//   BENCH_KEEP_DB (unset)  1: leave the database behind (its URL is printed) to explain by hand
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { create, toJson } from '@bufbuild/protobuf';
import { addCalendarDays, buildGstin, financialYearOf, operatorDate } from '@fleet/domain';
import { type Database, rows } from '@fleet/platform';
import {
  BusinessSettingsSchema,
  CompanyProfileSchema,
  CompanySchema,
} from '@fleet/proto/fleet/masters/v1/billing_masters_pb';
import { CustomerSchema } from '@fleet/proto/fleet/masters/v1/connection_pb';
import { sql } from 'drizzle-orm';
import {
  type Distributed,
  int,
  loadLine,
  machineLine,
  ms,
  quantile,
  secondsSince,
  signUp,
  startDistributed,
  trpc,
} from './bench-kit';

const DUTIES = Math.max(1, int('BENCH_DUTIES', 100_000));
const CUSTOMERS = Math.max(1, Math.min(DUTIES, int('BENCH_CUSTOMERS', 1000)));
const BATCH = Math.max(1, Math.min(5000, int('BENCH_BATCH', 1000)));
const CALLERS = Math.max(1, int('BENCH_CALLERS', 2));
const PROFILE = process.env.BENCH_PROFILE;
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const DAYS = 30;
const TARGET_DUTIES_PER_SECOND = 1000;
const PHONE = '+919877700071';
const CODE = '135790';
const SECRET = `month-end-bench-internal-${randomUUID()}`;

// ── seeding ──────────────────────────────────────────────────────────────────────────────────────

interface Month {
  tenantId: string;
  token: string;
  /** The invoices' date: the day after the month's last duty. */
  invoiceDate: string;
  from: string;
  to: string;
}

const panOf = (n: number) => {
  const letter = (k: number) => String.fromCharCode(65 + (k % 26));
  return `AA${letter(Math.floor(n / 26))}C${letter(n)}${String(n % 10_000).padStart(4, '0')}K`;
};

/** Billing's copies of the operator's masters, as masters' events would have left them. */
async function seedCopies(db: Database, tenantId: string, fy: string) {
  const now = new Date().toISOString();
  const companyId = randomUUID();
  const company = create(CompanySchema, {
    id: companyId,
    name: 'Month End Cabs Pvt Ltd',
    isActive: true,
    businessType: 'PRIVATE_LIMITED',
    gstNo: buildGstin('27', 'AAHCM4821K'),
    panNo: 'AAHCM4821K',
    stateId: 'MH',
    cityId: 'mh-pune',
    address: 'Office 12, Baner Road, Pune',
    pincode: '411045',
    email: 'accounts@monthend.example.com',
    isPrimary: true,
  });
  const profile = create(CompanyProfileSchema, {
    id: randomUUID(),
    name: 'Month End invoices',
    isActive: true,
    companyId,
    invoiceTitle: 'Tax Invoice',
    invoicePrefix: `ME/${fy}/`,
  });
  const settings = create(BusinessSettingsSchema, {
    id: randomUUID(),
    businessName: 'Month End Cabs',
    rentACabGst: 'GST_5_NO_ITC',
    invoiceDueInDays: 30,
  });
  const customers = Array.from({ length: CUSTOMERS }, (_, n) => {
    const karnataka = n % 5 === 4;
    const pan = panOf(n);
    return create(CustomerSchema, {
      connection: {
        id: randomUUID(),
        name: `Customer ${n + 1} Pvt Ltd`,
        isActive: true,
        taxType: 'GSTIN',
        cityId: karnataka ? 'ka-bengaluru' : 'mh-mumbai',
        email: `travel${n + 1}@customer.example.com`,
        invoiceDueInDays: 30,
        // One in ten has a standing discount on car hire.
        defaultDiscountPercentage: n % 10 === 1 ? '5.00' : '',
        billingDetails: [
          {
            billingName: `Customer ${n + 1} Pvt Ltd`,
            gstNo: buildGstin(karnataka ? '29' : '27', pan),
            panNo: pan,
            address: karnataka ? 'Whitefield, Bengaluru' : 'Andheri East, Mumbai',
            stateId: karnataka ? 'KA' : 'MH',
            email: `accounts${n + 1}@customer.example.com`,
            isDefault: true,
          },
        ],
      },
    });
  });
  const copies = [
    { kind: 'company', id: companyId, name: company.name, data: toJson(CompanySchema, company) },
    {
      kind: 'company_profile',
      id: profile.id,
      name: profile.name,
      data: toJson(CompanyProfileSchema, profile),
    },
    {
      kind: 'business_settings',
      id: settings.id,
      name: settings.businessName,
      data: toJson(BusinessSettingsSchema, settings),
    },
    ...customers.map((c) => ({
      kind: 'customer',
      id: c.connection!.id,
      name: c.connection!.name,
      data: toJson(CustomerSchema, c),
    })),
  ];
  await db.asOwner((tx) =>
    tx.execute(sql`insert into billing.master_copies (tenant_id, kind, id, name, is_active, data, updated_at)
        select ${tenantId}::uuid, c->>'kind', (c->>'id')::uuid, c->>'name', true, c->'data', ${now}::timestamptz
        from jsonb_array_elements(${JSON.stringify(copies)}::jsonb) c`),
  );
  return customers.map((c) => ({ id: c.connection!.id, name: c.connection!.name }));
}

/**
 * The month's closed duties, as billing's duties consumer keeps them: duty g is customer g mod
 * CUSTOMERS's, on day g mod 30 of the month, an 8 Hrs 80 Kms duty at ₹2,000 with up to 59 km over at ₹14
 * and, one in three, an hour over at ₹150; one in four with a toll (a non-taxable billing item).
 */
async function seedDuties(
  db: Database,
  tenantId: string,
  customers: { id: string; name: string }[],
  from: string,
) {
  const slices = 10;
  const per = Math.ceil(DUTIES / slices);
  const ids = `{${customers.map((c) => c.id).join(',')}}`;
  const names = JSON.stringify(customers.map((c) => c.name));
  for (let slice = 0; slice < slices; slice++) {
    const first = slice * per;
    const last = Math.min(DUTIES, first + per) - 1;
    if (last < first) break;
    await db.asOwner((tx) =>
      tx.execute(sql`
        insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id, customer_name,
          from_city_id, start_date, reporting_at, vehicle_no, driver_name, passenger_names, charges, car_hire,
          rate_card_name, billing_items, billing_items_total, slip_approved, closed_at, search, auto_invoice_checked)
        select md5('month-end-duty-' || g)::uuid, ${tenantId}::uuid, 100000 + g, 5, 'CLOSED',
          (${ids}::uuid[])[1 + g % ${CUSTOMERS}], ${names}::jsonb->>(g % ${CUSTOMERS})::int,
          'mh-pune', d.day, d.day + time '08:00', 'MH12AB' || lpad((g % 10000)::text, 4, '0'),
          'Driver ' || (g % 300), 'Passenger ' || (g % 5000),
          jsonb_build_object('rateCardId', md5('card')::uuid, 'rateCardName', 'Corporate Sedan',
            'km', (80 + x.km)::text, 'minutes', 480 + x.hours * 60,
            'lines', jsonb_build_array(
              jsonb_build_object('code', 'BASE', 'label', '8 Hrs 80 Kms', 'quantity', '1', 'unit', 'duty',
                'rate', '2000.00', 'amount', '2000.00'),
              jsonb_build_object('code', 'EXTRA_KM', 'label', 'Extra km', 'quantity', x.km::text, 'unit', 'km',
                'rate', '14.00', 'amount', (x.km * 14)::numeric(14, 2)::text),
              jsonb_build_object('code', 'EXTRA_HOURS', 'label', 'Extra hours', 'quantity', x.hours::text,
                'unit', 'hour', 'rate', '150.00', 'amount', (x.hours * 150)::numeric(14, 2)::text)),
            'total', (2000 + x.km * 14 + x.hours * 150)::numeric(14, 2)::text),
          (2000 + x.km * 14 + x.hours * 150)::numeric(14, 2), 'Corporate Sedan',
          case when g % 4 = 0 then jsonb_build_array(jsonb_build_object('name', 'Toll', 'amount', '120.00',
            'sacCode', '9967', 'isTaxable', false)) else '[]'::jsonb end,
          case when g % 4 = 0 then 120 else 0 end, true, now(), (100000 + g)::text, true
        from generate_series(${first}::int, ${last}::int) g
        cross join lateral (select ${from}::date + (g / ${CUSTOMERS}) % ${DAYS} as day) d
        cross join lateral (select g % 60 as km, case when g % 3 = 0 then 1 else 0 end as hours) x`),
    );
  }
  await db.asOwner((tx) => tx.execute(sql`analyze billing.duties`));
}

async function seed(product: Distributed): Promise<Month> {
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Month End Cabs');
  const today = operatorDate(new Date());
  const from = addCalendarDays(today, -DAYS);
  const to = addCalendarDays(today, -1);
  const started = performance.now();
  const customers = await seedCopies(product.db, tenantId, financialYearOf(today).short);
  await seedDuties(product.db, tenantId, customers, from);
  console.log(
    `seeded ${DUTIES.toLocaleString('en-IN')} closed duties of ${CUSTOMERS} customers (${from} to ${to}) in ${secondsSince(started)} s`,
  );
  return { tenantId, token, invoiceDate: today, from, to };
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────────

/** The bill-pending duties in batches of about BATCH, each customer's day whole within one batch. */
async function batchesOf(db: Database, tenantId: string): Promise<string[][]> {
  const pending = await db.read(tenantId, (tx) =>
    rows<{ id: string; day: string }>(
      tx,
      sql`select booking_id as id, customer_id || to_char(start_date, 'YYYYMMDD') as day from billing.duties
          where status = 'CLOSED' and invoice_id is null and charges is not null
          order by customer_id, start_date, booking_no`,
    ),
  );
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const [i, duty] of pending.entries()) {
    const newDay = i === 0 || pending[i - 1]!.day !== duty.day;
    if (newDay && batch.length >= BATCH) {
      batches.push(batch);
      batch = [];
    }
    batch.push(duty.id);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function invoiceTheMonth(product: Distributed, month: Month) {
  const batches = await batchesOf(product.db, month.tenantId);
  const total = batches.reduce((sum, b) => sum + b.length, 0);
  console.log(
    `\n${total.toLocaleString('en-IN')} bill-pending duties in ${batches.length} calls, ${CALLERS} at once`,
  );
  const before = product.cpu();
  const samples: number[] = [];
  let invoices = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const t0 = performance.now();
        const made = (await trpc(
          product.base,
          'invoice.createFromDuties',
          { bookingIds: batch, grouping: 'PER_CUSTOMER_DAY', invoiceDate: month.invoiceDate },
          month.token,
          'POST',
        )) as { invoices: unknown[] };
        samples.push(performance.now() - t0);
        invoices += made.invoices.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = product.cpu();
  samples.sort((a, b) => a - b);
  const dutiesPerSecond = total / seconds;
  console.log(
    `  ${total.toLocaleString('en-IN')} duties → ${invoices.toLocaleString('en-IN')} invoices in ${seconds.toFixed(1)} s:` +
      ` ${dutiesPerSecond.toFixed(0)} duties/s, ${(invoices / seconds).toFixed(0)} invoices/s`,
  );
  console.log(
    `  a call of ~${BATCH} duties: p50 ${ms(samples[Math.floor(samples.length / 2)] ?? 0)} ms, p95 ${ms(quantile(samples, 0.95))} ms`,
  );
  const cpuMs = (group: string) => ((((after[group] ?? 0) - (before[group] ?? 0)) * 1000) / total).toFixed(2);
  console.log(
    `  CPU ms per duty: gateway ${cpuMs('gateway')}, services ${cpuMs('services')}, postgres ${cpuMs('postgres')}, this client ${cpuMs('client')}`,
  );
  return { total, invoices, dutiesPerSecond };
}

/** Every series gapless (as many invoices as its last number, each number once) and every duty invoiced. */
async function verify(product: Distributed, month: Month, expected: { total: number; invoices: number }) {
  const series = await product.db.read(month.tenantId, (tx) =>
    rows<{ series: string; count: string; last: string; distinct: string; first: string; taken: string }>(
      tx,
      // The month's one company: its registration's series is its invoices' series.
      sql`select v.company_id || ' ' || v.financial_year as series, count(*)::text as count,
            max(v.sequence)::text as last, min(v.sequence)::text as first,
            count(distinct v.sequence)::text as distinct, max(s.next_sequence - 1)::text as taken
          from billing.invoices v join billing.registration_series s
            on s.tenant_id = v.tenant_id and s.financial_year = v.financial_year and s.document = 'INVOICE'
          group by 1`,
    ),
  );
  const [left] = await product.db.read(month.tenantId, (tx) =>
    rows<{ pending: string; held: string; live: string }>(
      tx,
      sql`select (select count(*) from billing.duties where invoice_id is null)::text as pending,
            (select count(*) from billing.invoice_duties where is_live)::text as held,
            (select count(*) from billing.invoices where status = 'DRAFT')::text as live`,
    ),
  );
  const problems: string[] = [];
  for (const s of series) {
    console.log(
      `  series ${s.series}: ${s.count} invoices, numbers ${s.first}…${s.last}, ${s.distinct} distinct`,
    );
    if (s.first !== '1' || s.count !== s.last || s.distinct !== s.count || s.taken !== s.last)
      problems.push(`series ${s.series} has a gap or a number twice`);
  }
  if (left!.pending !== '0') problems.push(`${left!.pending} duties were left bill-pending`);
  if (Number(left!.held) !== expected.total)
    problems.push(`${left!.held} duties held, not ${expected.total}`);
  if (Number(left!.live) !== expected.invoices)
    problems.push(`${left!.live} drafts, not ${expected.invoices}`);
  if (problems.length > 0) throw new Error(problems.join('; '));
  console.log(`  numbers gapless, each once; every duty on one live invoice`);
}

console.log(`month-end invoicing: ${machineLine()}`);
const product = await startDistributed({
  secret: SECRET,
  env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` },
  profile: PROFILE,
  keepDatabase: KEEP_DB,
});
try {
  const month = await seed(product);
  const run = await invoiceTheMonth(product, month);
  await verify(product, month, run);
  console.log('\ntarget (the issue’s):');
  console.log(
    `  ${run.dutiesPerSecond >= TARGET_DUTIES_PER_SECOND ? 'met    ' : 'MISSED '} ≥ ${TARGET_DUTIES_PER_SECOND} duties/s end to end: ${run.dutiesPerSecond.toFixed(0)}`,
  );
} finally {
  await product.stop();
  if (KEEP_DB) console.log(`\nthe database is left at ${product.url}`);
}
console.log(`\n${loadLine()} after the run`);
