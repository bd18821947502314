// The plans of billing's reads under row-level security, as the operator's role runs them: by id, and the
// invoice list's search.
import { randomUUID } from 'node:crypto';
import { idArray, migrate, rows, toPage } from '@fleet/platform';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  invoiceConditions,
  invoiceCursorOf,
  invoiceListQuery,
  listInvoices,
} from '../src/storage/invoices-store';
import { billingMigrations, SCHEMA } from '../src/storage/migrations';
import { purchaseDutyConditions } from '../src/storage/purchase-duties-store';

let database: TestDatabase;
const T = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.db, SCHEMA, billingMigrations);
  // Fifty operators' duties, this one's among them, and the statistics the planner reads.
  await database.db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
        from_city_id, start_date)
      select gen_random_uuid(), case when g % 50 = 0 then ${T}::uuid else md5('t' || g % 50)::uuid end, g, 1,
        'CLOSED', md5('c' || g % 500)::uuid, 'mh-pune', date '2026-11-01' + g % 30
      from generate_series(1, 5000) g`);
    await tx.execute(sql`analyze billing.duties`);
    // 50,000 invoices of fifty operators; this one's buyers are "Customer 0" … "Customer 99".
    await tx.execute(sql`insert into billing.invoices (id, tenant_id, invoice_no, prefix, sequence, financial_year,
        status, kind, customer_id, company_id, invoice_date, due_date, buyer_name, buyer_gst_no, total, totals,
        document)
      select gen_random_uuid(), case when g % 50 = 0 then ${T}::uuid else md5('t' || g % 50)::uuid end,
        'DT/' || lpad(g::text, 6, '0'), 'DT/', g, '2026-27', 'APPROVED', 'BOOKING', md5('c' || g % 500)::uuid,
        md5('company')::uuid, date '2026-04-01' + g % 300, date '2026-05-01' + g % 300,
        'Customer ' || (g / 50) % 100, '27AAAC' || lpad((g % 5000)::text, 4, '0') || 'K1Z5', 100, '{}', '{}'
      from generate_series(1, 50000) g`);
    // Nine in ten of them paid in full: the receivables read only the open tenth.
    await tx.execute(sql`update billing.invoices set settled = total where (sequence / 50) % 10 <> 0`);
    await tx.execute(sql`analyze billing.invoices`);
  });
}, 60_000);
afterAll(() => database?.drop());

it('finds duties by id through the primary key under row-level security', async () => {
  const ids = [randomUUID(), randomUUID()];
  const plan = await database.db.read(T, async (tx) => {
    const lines = await rows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select booking_id from billing.duties d where d.booking_id = any(${idArray(ids)})`,
    );
    return lines.map((line) => line['QUERY PLAN']).join('\n');
  });
  expect(plan).toMatch(/Index Cond: \(booking_id = ANY/);
});

const planOf = (tenantId: string, query: ReturnType<typeof sql>) =>
  database.db.read(tenantId, async (tx) => {
    const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return lines.map((line) => line['QUERY PLAN']).join('\n');
  });

const searchOf = (search: string) => ({ search, statuses: [], customerIds: [], companyIds: [] });

it.each([
  ['a number by its beginning', 'dt/0001', 'invoices_number_search'],
  ['a buyer by the beginning of its name', 'CUSTOMER 42', 'invoices_buyer_search'],
  ['a GSTIN whole', '27aaac0050k1z5', 'invoices_gstin_search'],
])('searches %s through its index under row-level security', async (_what, search, index) => {
  const where = invoiceConditions(searchOf(search));
  const plan = await planOf(T, sql`select v.id from billing.invoices v where ${sql.join(where, sql` and `)}`);
  expect(plan).toContain(index);
  expect(plan).not.toMatch(/Seq Scan/);
});

it('finds by the beginning of a number or a name, in any case, and a GSTIN only whole', async () => {
  const found = (search: string) =>
    database.db.read(T, async (tx) =>
      (await listInvoices(tx, searchOf(search), { sortBy: 'invoice_no', direction: 'asc', limit: 500 })).map(
        (row) => row.invoiceNo,
      ),
    );
  expect(await found('dt/00010')).toEqual(['DT/000100']);
  expect((await found('customer 42')).length).toBe(10);
  expect((await found('27aaac0050k1z5')).length).toBe(10);
  expect(await found('27AAAC0050')).toEqual([]);
  // The search is a beginning, never a pattern: % and _ match only themselves.
  expect(await found('%')).toEqual([]);
  expect(await found('customer _2')).toEqual([]);
});

describe('newest first', () => {
  const noFilter = searchOf('');
  /** Every invoice of the operator, page after page of `limit` in the list's keyset order. */
  async function walk(direction: 'asc' | 'desc', limit: number) {
    const seen: { invoiceDate: string; invoiceNo: string }[] = [];
    let cursor: string | undefined;
    do {
      const fetched = await database.db.read(T, (tx) =>
        listInvoices(tx, noFilter, { sortBy: 'invoice_date', direction, cursor, limit }),
      );
      const page = toPage(fetched, limit, invoiceCursorOf);
      seen.push(...page.items.map((row) => ({ invoiceDate: row.invoiceDate, invoiceNo: row.invoiceNo })));
      cursor = page.hasMore ? page.nextCursor : undefined;
    } while (cursor);
    return seen;
  }
  const byDateThenNumber = (a: { invoiceDate: string; invoiceNo: string }, b: typeof a) =>
    a.invoiceDate.localeCompare(b.invoiceDate) || a.invoiceNo.localeCompare(b.invoiceNo);

  it('lists by invoice date, then number, newest first, across every page of the walk', async () => {
    const seen = await walk('desc', 70);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen.map((row) => row.invoiceNo)).size).toBe(1000);
    expect(seen).toEqual([...seen].sort(byDateThenNumber).reverse());
    // Six dates of many invoices each: the date's ties go by number.
    expect(seen[0]!.invoiceDate > seen.at(-1)!.invoiceDate).toBe(true);
    expect(await walk('asc', 70)).toEqual([...seen].reverse());
  });

  it('reads that order from its index under row-level security', async () => {
    const plan = await planOf(
      T,
      invoiceListQuery(noFilter, { sortBy: 'invoice_date', direction: 'desc', limit: 50 }),
    );
    expect(plan).toContain('invoices_by_date_number');
    expect(plan).not.toMatch(/Seq Scan|Sort Key/);
  });
});

it('reads the receivables from the open invoices alone, through their index under row-level security', async () => {
  const report = await planOf(
    T,
    sql`select i.customer_id, sum(i.total + i.noted - i.settled) from billing.invoices i where i.is_open
        group by i.customer_id`,
  );
  expect(report).toContain('invoices_open');
  expect(report).not.toMatch(/Seq Scan/);
  const owed = await database.db.read(T, (tx) =>
    rows<{ open: number }>(tx, sql`select count(*)::int as open from billing.invoices i where i.is_open`),
  );
  expect(owed[0]?.open).toBe(100);
});

describe('the duties suppliers ran', () => {
  beforeAll(async () => {
    // One duty in five was run by one of ten suppliers, its vehicle typed in at allotment.
    await database.db.asOwner(async (tx) => {
      await tx.execute(sql`update billing.duties set supplier_id = md5('s' || booking_no % 10)::uuid,
          vehicle_no = 'MH14XY' || lpad(booking_no::text, 4, '0')
        where booking_no % 5 = 0`);
      await tx.execute(sql`analyze billing.duties`);
    });
  });

  const purchaseDuties = (filters: Partial<Parameters<typeof purchaseDutyConditions>[0]>) =>
    planOf(
      T,
      sql`select d.booking_id from billing.duties d
          where ${sql.join(purchaseDutyConditions({ supplierIds: [], slipStatuses: [], ...filters }), sql` and `)}
          order by d.start_date desc, d.booking_id desc limit 51`,
    );

  // A page of a few rows reads whichever of their partial indexes is cheapest; a search reads its own.
  const SUPPLIERS_INDEX = /duties_(purchase_by_\w+|of_supplier)/;
  it.each([
    ['newest first', {}, SUPPLIERS_INDEX],
    ["one supplier's", { supplierIds: [randomUUID()] }, SUPPLIERS_INDEX],
    ['by booking number', { search: '250' }, /duties_purchase_by_number/],
    ['by the beginning of the vehicle number', { search: 'mh14xy02' }, /duties_purchase_by_vehicle/],
  ])('reads them %s through their indexes under row-level security', async (_what, filters, index) => {
    const plan = await purchaseDuties(filters);
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
