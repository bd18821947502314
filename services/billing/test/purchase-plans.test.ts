// The plans of the purchase invoice list and the supplier's duty picker under row-level security, as the
// operator's role runs them, over fifty operators' invoices: each filter and sort on its index, never a
// scan of the table.
import { randomUUID } from 'node:crypto';
import { migrate, rows } from '@fleet/platform';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { type SQL, sql } from 'drizzle-orm';
import { billingMigrations, SCHEMA } from '../src/storage/migrations';
import {
  type PurchaseInvoiceFilters,
  purchaseListQuery,
  supplierDutiesQuery,
} from '../src/storage/purchase-invoices-store';

let database: TestDatabase;
const T = randomUUID();
const SUPPLIER = '00000000-0000-4000-8000-000000000007';

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.db, SCHEMA, billingMigrations);
  await database.db.asOwner(async (tx) => {
    // 100,000 purchase invoices of fifty operators, each with 200 suppliers.
    await tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
        company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, status,
        cancellation_reason, total, payable, created_at)
      select gen_random_uuid(), case when g % 50 = 0 then ${T}::uuid else md5('t' || g % 50)::uuid end,
        'PUR/26-27/' || lpad(g::text, 6, '0'), g, '2026-27', md5('company')::uuid,
        case when g % 200 = 0 then ${SUPPLIER}::uuid else md5('s' || g % 200)::uuid end, 'Supplier ' || g % 200,
        'SV-' || g, date '2026-04-01' + g % 200, date '2026-04-03' + g % 200,
        case when g % 10 = 0 then 'CANCELLED' when g % 3 = 0 then 'DRAFT' else 'APPROVED' end,
        case when g % 10 = 0 then 'Entered twice' else '' end, 1000, 990,
        timestamptz '2026-04-01' + g * interval '1 minute'
      from generate_series(1, 100000) g`);
    await tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
        from_city_id, start_date, supplier_id, purchase_amount)
      select gen_random_uuid(), case when g % 50 = 0 then ${T}::uuid else md5('t' || g % 50)::uuid end, g, 1,
        'CLOSED', md5('c' || g % 500)::uuid, 'mh-pune', date '2026-11-01' + g % 30,
        case when g % 3 = 0 then md5('s' || g % 200)::uuid end, 1000
      from generate_series(1, 50000) g`);
    await tx.execute(sql`analyze billing.purchase_invoices`);
    await tx.execute(sql`analyze billing.duties`);
  });
}, 120_000);
afterAll(() => database?.drop());

const planOf = (query: SQL) =>
  database.db.read(T, async (tx) => {
    const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return lines.map((line) => line['QUERY PLAN']).join('\n');
  });

const filters = (more: Partial<PurchaseInvoiceFilters> = {}): PurchaseInvoiceFilters => ({
  supplierIds: [],
  statuses: [],
  includeCancelled: false,
  ...more,
});

it.each([
  ['the newest first', filters(), 'created_at', 'purchase_invoices_by_created'],
  ['by the supplier invoice date', filters(), 'supplier_invoice_date', 'purchase_invoices_by_date'],
  [
    'by the received date',
    filters({ includeCancelled: true }),
    'received_date',
    'purchase_invoices_by_received',
  ],
  [
    'our number by its beginning',
    filters({ search: 'pur/26-27/0001' }),
    'created_at',
    'purchase_invoices_number_search',
  ],
  [
    'the supplier’s number',
    filters({ search: 'sv-12345' }),
    'created_at',
    'purchase_invoices_supplier_number_search',
  ],
  [
    'a supplier by name',
    filters({ search: 'supplier 12' }),
    'created_at',
    'purchase_invoices_supplier_search',
  ],
  [
    'one supplier',
    filters({ supplierIds: [SUPPLIER] }),
    'supplier_invoice_date',
    // Either index led by (tenant, supplier): the one by date in the list's order, or, for a supplier of few
    // invoices, the live invoices' unique one (then a small sort).
    /purchase_invoices_(of_supplier|supplier_number) /,
  ],
] as const)('lists %s on its index under row-level security', async (_what, filter, sortBy, index) => {
  const plan = await planOf(purchaseListQuery(filter, { sortBy, direction: 'desc', limit: 50 }));
  expect(plan).toMatch(index);
  expect(plan).not.toMatch(/Seq Scan/);
});

it('finds a supplier’s free duties of a period on its index', async () => {
  const plan = await planOf(
    supplierDutiesQuery({ supplierId: SUPPLIER, from: '2026-11-01', to: '2026-11-30' }),
  );
  expect(plan).toContain('duties_of_supplier');
  expect(plan).not.toMatch(/Seq Scan/);
});
