// Receivables at production scale. On the product distributed as production runs it (a process per
// module, PostgreSQL and NATS), an operator signs up through the gateway; then BENCH_INVOICES invoices
// (three financial years, 1,000 customers, every state) are written by SQL, and receipts settle most of
// the approved ones in full — the older the invoice, the likelier it is paid — with TDS on some, and
// money on account held for a tenth of the customers; invoices.settled and receipts.applied kept as the
// service keeps them. Through the gateway, as the screens call them, at 1 and 32 concurrent clients:
//   receipt.list              the first page of receipts, newest first
//   receipt.openInvoices      one customer's open invoices (the receive-payment screen)
//   receipt.outstanding       every customer's ageing (the receivables screen), by invoice and by due date
//   receipt.statement         one customer's statement for the financial year
//   receipt.tdsReceivable     the year's TDS by customer
// p50, p95, calls per second and the CPU each call cost by process, and each store query's plan in
// brief. Timings never fail the run; errors do.
//
// Run: node --import tsx tests/bench/receivables.ts
//   BENCH_INVOICES (1000000)  BENCH_N (200) measured calls per figure;  BENCH_WARMUP (20)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { operatorDate } from '@fleet/domain';
import { type Database, rows } from '@fleet/platform';
import { sql } from 'drizzle-orm';
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
import { seedInvoices } from './seed-invoices';

const INVOICES = Math.max(1000, int('BENCH_INVOICES', 1_000_000));
const N = Math.max(32, int('BENCH_N', 200));
const WARMUP = int('BENCH_WARMUP', 20);
const CUSTOMERS = 1000;
const PHONE = '+919877700073';
const CODE = '975311';
const SECRET = `receivables-bench-internal-${randomUUID()}`;

/**
 * A receipt per paid invoice, settling it whole (a tenth with 2% TDS of its value), dated a fortnight after
 * it; invoices older than the last 90 days are paid 19 times in 20, newer ones half the time.
 */
async function seedReceipts(db: Database, tenantId: string, customerIds: readonly string[]) {
  const started = performance.now();
  await db.asOwner(async (tx) => {
    await tx.execute(sql`create temporary table paid on commit drop as
      select i.id, i.tenant_id, i.customer_id, i.company_id, i.buyer_name, i.invoice_date, i.total,
        case when hashtext(i.id::text) % 10 = 0 then round(i.total / 1.05 * 0.02) else 0 end as tds,
        row_number() over (partition by i.company_id order by i.invoice_date, i.id) as sequence
      from billing.invoices i
      where i.tenant_id = ${tenantId}::uuid and i.status = 'APPROVED'
        and abs(hashtext(i.id::text)) % 20 < case when i.invoice_date < current_date - 90 then 19 else 10 end`);
    await tx.execute(sql`insert into billing.receipts (id, tenant_id, receipt_no, sequence, financial_year, type,
        customer_id, customer_name, company_id, receipt_date, received_amount, applied, payment_mode, reference)
      select md5('receipt-' || p.id)::uuid, p.tenant_id, 'RCT/' || p.sequence, p.sequence, '2026-27', 'INVOICE',
        p.customer_id, p.buyer_name, p.company_id, p.invoice_date + 14, p.total - p.tds, p.total - p.tds, 'NEFT',
        'UTR' || p.sequence
      from paid p`);
    await tx.execute(sql`insert into billing.receipt_settlements (id, tenant_id, receipt_id, invoice_id, amount,
        tds_amount, applied_at)
      select md5('settlement-' || p.id)::uuid, p.tenant_id, md5('receipt-' || p.id)::uuid, p.id, p.total - p.tds,
        p.tds, p.invoice_date + 14
      from paid p`);
    await tx.execute(sql`update billing.invoices i set settled = i.total from paid p where p.id = i.id`);
    // Money on account held for a tenth of the customers.
    await tx.execute(sql`insert into billing.receipts (id, tenant_id, receipt_no, sequence, financial_year, type,
        customer_id, customer_name, company_id, receipt_date, received_amount, payment_mode)
      select gen_random_uuid(), ${tenantId}::uuid, 'RCT/OA/' || c, 1000000 + c, '2026-27', 'ON_ACCOUNT',
        (${`{${customerIds.join(',')}}`}::uuid[])[1 + c], 'Customer ' || c || ' Pvt Ltd',
        (select company_id from billing.invoices where tenant_id = ${tenantId}::uuid limit 1), current_date - 3,
        5000, 'NEFT'
      from generate_series(0, ${CUSTOMERS - 1}, 10) c`);
  });
  const [counts] = await db.asOwner((tx) =>
    rows<{ receipts: number; open: number }>(
      tx,
      sql`select (select count(*) from billing.receipts)::int as receipts,
        (select count(*) from billing.invoices where status = 'APPROVED' and total + noted > settled)::int as open`,
    ),
  );
  console.log(
    `seeded ${counts?.receipts.toLocaleString('en-IN')} receipts in ${secondsSince(started)} s; ` +
      `${counts?.open.toLocaleString('en-IN')} approved invoices still open`,
  );
}

const HEADER = `  ${'call'.padEnd(44)}  1 client: p50   p95   32 clients: p50   p95   per s   CPU ms per call: gateway / services / postgres`;

console.log(`receivables: ${machineLine()}`);
const product = await startDistributed({ secret: SECRET, env: { AUTH_TEST_OTP: `${PHONE}=${CODE}` } });
try {
  const { token, tenantId } = await signUp(product.base, PHONE, CODE, 'Receivables Cabs');
  // The customers are customers of the masters (billing names them from its copies of them).
  const customerIds: string[] = [];
  const madeAt = performance.now();
  for (let first = 0; first < CUSTOMERS; first += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, CUSTOMERS - first) }, (_, i) =>
        trpc(
          product.base,
          'masters.customer.create',
          {
            values: {
              name: `Customer ${first + i} Pvt Ltd`,
              tax_type: 'GSTIN',
              tds_percentage: (first + i) % 10 === 0 ? '2' : '',
              billing_details: [
                {
                  billing_name: `Customer ${first + i} Pvt Ltd`,
                  gst_no: '27AAACH7409R1Z1',
                  address: 'Pune',
                  state_id: 'MH',
                  is_default: true,
                },
              ],
            },
          },
          token,
          'POST',
        ),
      ),
    );
    customerIds.push(...made.map((record) => String(record.id)));
  }
  console.log(`made ${CUSTOMERS} customers in ${secondsSince(madeAt)} s`);
  await seedInvoices(product.db, tenantId, { invoices: INVOICES, customers: CUSTOMERS, customerIds });
  await seedReceipts(product.db, tenantId, customerIds);
  await settleTables(product.url, ['billing.invoices', 'billing.receipts', 'billing.receipt_settlements']);
  const customer = { id: customerIds[42]! };
  const today = operatorDate(new Date());
  const calls: [string, string, unknown][] = [
    ['receipt.list · first page', 'receipt.list', { limit: 50 }],
    ['receipt.openInvoices · one customer', 'receipt.openInvoices', { customerId: customer.id }],
    ['receipt.outstanding · by invoice date', 'receipt.outstanding', { basis: 'INVOICE_DATE' }],
    ['receipt.outstanding · by due date', 'receipt.outstanding', { basis: 'DUE_DATE' }],
    [
      'receipt.statement · one customer, this year',
      'receipt.statement',
      { customerId: customer.id, dateTo: today },
    ],
    ['receipt.tdsReceivable · this year', 'receipt.tdsReceivable', {}],
  ];
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
