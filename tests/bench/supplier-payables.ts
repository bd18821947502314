// Supplier payments and payables at production scale. On the product distributed as production runs it
// (a process per module, PostgreSQL and NATS), an operator signs up through the gateway and makes
// BENCH_SUPPLIERS suppliers in masters; then BENCH_PURCHASE_INVOICES approved purchase invoices of theirs
// (about eighteen months, two billing companies) are written by SQL, and payments pay most of them in
// full — the older the invoice, the likelier it is paid — one payment per invoice, with advances held for
// a tenth of the suppliers; purchase_invoices.paid and supplier_payments.applied kept as the service keeps
// them. Through the gateway, as the screens call them, at 1 and 32 concurrent clients:
//   supplierPayment.list          the first page of payments, newest first; and searched by supplier
//   supplierPayment.openInvoices  one supplier's open invoices (the pay-supplier screen)
//   supplierPayment.outstanding   every supplier's ageing (the payables screen), by invoice and by due date
// p50, p95, calls per second and the CPU each call cost by process, and the plans of the store's reads
// in brief. Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/supplier-payables.ts
//   BENCH_PURCHASE_INVOICES (300000)  BENCH_SUPPLIERS (300)  BENCH_N (200) measured calls per figure;
//   BENCH_WARMUP (20). Verify at a small scale: BENCH_PURCHASE_INVOICES=3000 BENCH_SUPPLIERS=30 BENCH_N=32
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { operatorDate } from '@fleet/domain';
import { type Database, rows } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import {
  paymentConditions,
  supplierOutstandingQuery,
} from '../../services/billing/src/storage/supplier-payments-store';
import {
  type Figure,
  int,
  loadLine,
  machineLine,
  ms,
  secondsSince,
  settleTables,
  signUp,
  startDistributed,
  time as timeCalls,
  trpc,
} from './bench-kit';

const INVOICES = Math.max(1000, int('BENCH_PURCHASE_INVOICES', 300_000));
const SUPPLIERS = Math.max(10, int('BENCH_SUPPLIERS', 300));
const N = Math.max(32, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const PHONE = '+919877700074';
const CODE = '975312';
const SECRET = `supplier-payables-bench-internal-${randomUUID()}`;

/**
 * The purchase invoices, then a payment per paid one settling it whole, dated a fortnight after it:
 * invoices older than the last 90 days are paid 19 times in 20, newer ones half the time. A tenth of the
 * suppliers hold a ₹5,000 advance.
 */
async function seedPurchases(db: Database, tenantId: string, supplierIds: readonly string[]) {
  const started = performance.now();
  const companies = [randomUUID(), randomUUID()];
  const suppliers = `{${supplierIds.join(',')}}`;
  await db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, due_date,
        status, sub_total, taxable, tax_total, total, tds, payable, approved_at)
      select gen_random_uuid(), ${tenantId}::uuid, 'PUR/' || g, g, '2026-27',
        (${`{${companies.join(',')}}`}::uuid[])[1 + g % 2], (${suppliers}::uuid[])[1 + g % ${supplierIds.length}],
        'Supplier ' || g % ${supplierIds.length}, 'S-' || g, current_date - (g % 540), current_date - (g % 540) + 2,
        current_date - (g % 540) + 30, 'APPROVED', 2000 + g % 7000, 2000 + g % 7000, 0, 2000 + g % 7000,
        round((2000 + g % 7000) * 0.01), 2000 + g % 7000 - round((2000 + g % 7000) * 0.01), now()
      from generate_series(1, ${INVOICES}) g`);
    await tx.execute(sql`create temporary table paid on commit drop as
      select i.id, i.tenant_id, i.supplier_id, i.supplier_name, i.company_id, i.supplier_invoice_date, i.payable,
        row_number() over (partition by i.company_id order by i.supplier_invoice_date, i.id) as sequence
      from billing.purchase_invoices i
      where i.tenant_id = ${tenantId}::uuid
        and abs(hashtext(i.id::text)) % 20 < case when i.supplier_invoice_date < current_date - 90 then 19 else 10 end`);
    await tx.execute(sql`insert into billing.supplier_payments (id, tenant_id, payment_no, sequence, financial_year,
        type, company_id, supplier_id, supplier_name, payment_date, amount, applied, payment_mode, reference)
      select md5('payment-' || p.id)::uuid, p.tenant_id, 'PAY/' || p.sequence, p.sequence, '2026-27', 'INVOICE',
        p.company_id, p.supplier_id, p.supplier_name, p.supplier_invoice_date + 14, p.payable, p.payable, 'NEFT',
        'UTR' || p.sequence
      from paid p`);
    await tx.execute(sql`insert into billing.supplier_payment_settlements (id, tenant_id, payment_id,
        purchase_invoice_id, amount, applied_at)
      select md5('settlement-' || p.id)::uuid, p.tenant_id, md5('payment-' || p.id)::uuid, p.id, p.payable,
        p.supplier_invoice_date + 14
      from paid p`);
    await tx.execute(
      sql`update billing.purchase_invoices i set paid = i.payable from paid p where p.id = i.id`,
    );
    await tx.execute(sql`insert into billing.supplier_payments (id, tenant_id, payment_no, sequence, financial_year,
        type, company_id, supplier_id, supplier_name, payment_date, amount, payment_mode)
      select gen_random_uuid(), ${tenantId}::uuid, 'PAY/ADV/' || s, 10000000 + s, '2026-27', 'ADVANCE',
        ${companies[0]}::uuid, (${suppliers}::uuid[])[1 + s], 'Supplier ' || s, current_date - 3, 5000, 'NEFT'
      from generate_series(0, ${supplierIds.length - 1}, 10) s`);
  });
  const [counts] = await db.asOwner((tx) =>
    rows<{ payments: number; open: number }>(
      tx,
      sql`select (select count(*) from billing.supplier_payments)::int as payments,
        (select count(*) from billing.purchase_invoices where is_open)::int as open`,
    ),
  );
  console.log(
    `seeded ${INVOICES.toLocaleString('en-IN')} purchase invoices and ${counts?.payments.toLocaleString('en-IN')} ` +
      `payments in ${secondsSince(started)} s; ${counts?.open.toLocaleString('en-IN')} invoices still open`,
  );
}

/** A query's plan in brief, as the operator's role runs it under row-level security: its scans. */
async function planInBrief(db: Database, tenantId: string, query: SQL): Promise<string> {
  const lines = await db.read(tenantId, (tx) =>
    rows<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze, buffers off, timing off) ${query}`),
  );
  const text = lines.map((line) => line['QUERY PLAN']);
  const scans = text.map((l) =>
    l.match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)[^(]*/)?.[0]?.trim(),
  );
  const time = text.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
  return `${[...new Set(scans.filter(Boolean))].join('; ')} — ${time}`;
}

const HEADER = `  ${'call'.padEnd(44)}  1 client: p50   p95   32 clients: p50   p95   per s   CPU ms per call: gateway / services / postgres`;

console.log(`supplier payables: ${machineLine()}`);
const product = await startDistributed({ secret: SECRET, env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` } });
try {
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Payables Cabs');
  const supplierIds: string[] = [];
  const madeAt = performance.now();
  for (let first = 0; first < SUPPLIERS; first += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, SUPPLIERS - first) }, (_, i) =>
        trpc(
          product.base,
          'masters.supplier.create',
          { values: { name: `Supplier ${first + i}`, supplier_type: 'COMPANY' } },
          token,
          'POST',
        ),
      ),
    );
    supplierIds.push(...made.map((record) => String(record.id)));
  }
  console.log(`made ${SUPPLIERS} suppliers in ${secondsSince(madeAt)} s`);
  await seedPurchases(product.db, tenantId, supplierIds);
  await settleTables(product.url, [
    'billing.purchase_invoices',
    'billing.supplier_payments',
    'billing.supplier_payment_settlements',
  ]);

  console.log('\nplans, as the operator runs them:');
  for (const [name, query] of [
    [
      'outstanding by due date',
      supplierOutstandingQuery({
        basis: 'DUE_DATE',
        asOf: operatorDate(new Date()),
        supplierIds: [],
        limit: 2000,
      }),
    ],
    [
      'payments list, first page',
      sql`select p.id from billing.supplier_payments p where ${sql.join(
        paymentConditions({ supplierIds: [], types: [], includeCancelled: false }),
        sql` and `,
      )} order by p.payment_date desc, p.id desc limit 51`,
    ],
    [
      'payments searched by supplier',
      sql`select p.id from billing.supplier_payments p where ${sql.join(
        paymentConditions({ search: 'supplier 4', supplierIds: [], types: [], includeCancelled: false }),
        sql` and `,
      )} order by p.payment_date desc, p.id desc limit 51`,
    ],
  ] as const) {
    console.log(`  ${name.padEnd(32)} ${await planInBrief(product.db, tenantId, query)}`);
  }

  const supplier = supplierIds[7 % supplierIds.length]!;
  const calls: [string, string, unknown][] = [
    ['supplierPayment.list · first page', 'supplierPayment.list', { limit: 50 }],
    [
      'supplierPayment.list · searched by supplier',
      'supplierPayment.list',
      { search: 'Supplier 4', limit: 50 },
    ],
    ['supplierPayment.openInvoices · one supplier', 'supplierPayment.openInvoices', { supplierId: supplier }],
    [
      'supplierPayment.outstanding · by invoice date',
      'supplierPayment.outstanding',
      { basis: 'INVOICE_DATE' },
    ],
    ['supplierPayment.outstanding · by due date', 'supplierPayment.outstanding', { basis: 'DUE_DATE' }],
  ];
  const owed = await trpc(product.base, 'supplierPayment.outstanding', {}, token);
  console.log(`\nthe payables name ${Array.isArray(owed.suppliers) ? owed.suppliers.length : 0} suppliers`);
  console.log(`\nN=${N} calls per figure after ${WARMUP} unmeasured; times in ms`);
  console.log(HEADER);
  for (const [name, path, input] of calls) {
    const call = () => trpc(product.base, path, input, token);
    const one: Figure = await timeCalls(call, 1, product.cpu, { n: N, warmup: WARMUP });
    const many: Figure = await timeCalls(call, 32, product.cpu, { n: N, warmup: WARMUP });
    const cpu = ['gateway', 'services', 'postgres'].map((g) => (many.cpu[g] ?? 0).toFixed(2)).join(' / ');
    console.log(
      `  ${name.padEnd(44)} ${ms(one.p50).padStart(14)} ${ms(one.p95).padStart(5)}${ms(many.p50).padStart(17)} ` +
        `${ms(many.p95).padStart(5)} ${many.perSecond.toFixed(0).padStart(7)}   ${cpu}`,
    );
  }
} finally {
  await product.stop();
}
console.log(`\n${loadLine()} after the run`);
