// The plans of the supplier payments' reads under row-level security, as the operator's role runs them:
// the supplier outstanding reads the open purchase invoices and the holding payments through their
// partial indexes, and the payments list searches and pages through its own.
import { randomUUID } from 'node:crypto';
import { migrate, rows } from '@fleet/platform';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { billingMigrations, SCHEMA } from '../src/storage/migrations';
import {
  outstandingBySupplier,
  paymentConditions,
  supplierOutstandingQuery,
} from '../src/storage/supplier-payments-store';

let database: TestDatabase;
const T = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.db, SCHEMA, billingMigrations);
  await database.db.asOwner(async (tx) => {
    // 60,000 purchase invoices of twenty operators, 300 suppliers each; all but one in 400 paid in full.
    await tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, due_date,
        status, payable, paid)
      select gen_random_uuid(), case when g % 20 = 0 then ${T}::uuid else md5('t' || g % 20)::uuid end,
        'PUR/26-27/' || lpad(g::text, 6, '0'), g, '2026-27', md5('company')::uuid, md5('s' || g % 300)::uuid,
        'Supplier ' || g % 300, 'S-' || g, date '2026-04-01' + g % 200, date '2026-04-01' + g % 200,
        date '2026-04-16' + g % 200, 'APPROVED', 1000, case when g % 400 = 0 then 400 else 1000 end
      from generate_series(1, 60000) g`);
    // 40,000 payments; one in 2,000 still holding part of its money.
    await tx.execute(sql`insert into billing.supplier_payments (id, tenant_id, payment_no, sequence, financial_year,
        type, company_id, supplier_id, supplier_name, payment_date, amount, applied, payment_mode)
      select gen_random_uuid(), case when g % 20 = 0 then ${T}::uuid else md5('t' || g % 20)::uuid end,
        'PAY/26-27/' || lpad(g::text, 6, '0'), g, '2026-27', 'INVOICE', md5('company')::uuid,
        md5('s' || g % 300)::uuid, 'Supplier ' || g % 300, date '2026-04-01' + g % 200, 1000,
        case when g % 2000 = 0 then 600 else 1000 end, 'NEFT'
      from generate_series(1, 40000) g`);
  });
  // As autovacuum leaves a live table: statistics, and the visibility map an index-only scan relies on.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) billing.purchase_invoices, billing.supplier_payments');
  } finally {
    await client.end();
  }
}, 120_000);
afterAll(() => database?.drop());

const planOf = (tenantId: string, query: SQL) =>
  database.db.read(tenantId, async (tx) => {
    const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return lines.map((line) => line['QUERY PLAN']).join('\n');
  });

it('reads the supplier outstanding from the open invoices and holding payments alone, through their indexes', async () => {
  const query = { basis: 'DUE_DATE' as const, asOf: '2026-11-24', supplierIds: [], limit: 2000 };
  const plan = await planOf(T, supplierOutstandingQuery(query));
  // From the open invoices' index alone: it carries every column the ageing reads.
  expect(plan).toContain('Index Only Scan using purchase_invoices_open');
  expect(plan).toContain('supplier_payments_holding');
  expect(plan).not.toMatch(/Seq Scan/);
  // And it answers: this operator's 3,000 invoices leave 150 open (600 each), its 2,000 payments 20 holding.
  const found = await database.db.read(T, (tx) => outstandingBySupplier(tx, query));
  const sum = (key: 'outstanding' | 'advances') => found.reduce((total, row) => total + Number(row[key]), 0);
  expect([sum('outstanding'), sum('advances')]).toEqual([150 * 600, 20 * 400]);
});

it.each([
  ['a number by its beginning', 'pay/26-27/0001', 'supplier_payments_number_search'],
  ['a supplier by the beginning of its name', 'SUPPLIER 42', 'supplier_payments_supplier_search'],
])('searches payments by %s through its index under row-level security', async (_what, search, index) => {
  const where = paymentConditions({ search, supplierIds: [], types: [], includeCancelled: true });
  const plan = await planOf(
    T,
    sql`select p.id from billing.supplier_payments p where ${sql.join(where, sql` and `)}`,
  );
  expect(plan).toContain(index);
  expect(plan).not.toMatch(/Seq Scan/);
});

it('finds the payments of one purchase invoice through its settlements’ index', async () => {
  const where = paymentConditions({
    supplierIds: [],
    types: [],
    includeCancelled: true,
    invoiceId: randomUUID(),
  });
  const plan = await planOf(
    T,
    sql`select p.id from billing.supplier_payments p where ${sql.join(where, sql` and `)}`,
  );
  expect(plan).toContain('supplier_payment_settlements_of_invoice');
});
