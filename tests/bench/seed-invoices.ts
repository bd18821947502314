// Invoices written straight into billing.invoices by SQL for the benchmarks: three financial years, two
// companies' series, `customers` customers, every state (most approved, drafts, cancelled, discarded,
// some emailed), with totals and a document of nothing — what the lists, the receivables and the returns read.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Database } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { secondsSince } from './bench-kit';

/**
 * The invoices, in slices: invoice g is company g mod 2's, its number g div 2 + 1 in that company's
 * series, dated over three financial years (newest numbers newest), customer g mod `customers`'s, its state
 * independent of its customer (every customer has drafts, cancelled…).
 */
export async function seedInvoices(
  db: Database,
  tenantId: string,
  {
    invoices: INVOICES,
    customers: CUSTOMERS,
    customerIds,
  }: {
    invoices: number;
    customers: number;
    /** The customers' ids, when they are customers of the masters; else made up. */
    customerIds?: readonly string[];
  },
): Promise<{ companies: [string, string] }> {
  const slices = 10;
  const per = Math.ceil(INVOICES / slices);
  const companyIds: [string, string] = [randomUUID(), randomUUID()];
  const companies = `{${companyIds.join(',')}}`;
  const customerId = customerIds
    ? sql`(${`{${customerIds.join(',')}}`}::uuid[])[1 + g % ${CUSTOMERS}]`
    : sql`md5('customer-' || (g % ${CUSTOMERS}))::uuid`;
  const started = performance.now();
  for (let slice = 0; slice < slices; slice++) {
    const first = slice * per;
    const last = Math.min(INVOICES, first + per) - 1;
    if (last < first) break;
    await db.asOwner((tx) =>
      tx.execute(sql`
        insert into billing.invoices (id, tenant_id, invoice_no, prefix, sequence, financial_year, status,
          is_dispatched, is_downloaded, kind, customer_id, company_id, invoice_date, due_date, start_date, end_date,
          buyer_name, buyer_gst_no, total, totals, document, notes, cancellation_reason, created_at, updated_at,
          approved_at)
        select md5('invoice-' || g)::uuid, ${tenantId}::uuid,
          (case when g % 2 = 0 then 'DT/' else 'DTB/' end) || lpad((g / 2 + 1)::text, 7, '0'),
          case when g % 2 = 0 then 'DT/' else 'DTB/' end, g / 2 + 1, '2026-27', s.status,
          s.status = 'APPROVED' and g % 5 <> 0, s.status = 'APPROVED' and g % 3 = 0,
          case when g % 4 = 0 then 'BOOKING' else 'BOOKINGS' end,
          ${customerId}, (${companies}::uuid[])[1 + g % 2],
          d.day, d.day + 30, d.day - 7, d.day - 1,
          'Customer ' || (g % ${CUSTOMERS}) || ' Pvt Ltd',
          case when g % 10 = 9 then '' else '27AAAC' || lpad((g % ${CUSTOMERS})::text, 4, '0') || 'K1Z' || (g % 10) end,
          (1000 + g % 50000)::numeric(14, 2),
          jsonb_build_object('total', (1000 + g % 50000)::text || '.00', 'tax', '50.00'), '{}'::jsonb, '',
          case when s.status = 'CANCELLED' then 'Billed at the wrong rate' else '' end,
          d.day + interval '10 hours' + (g % 3600) * interval '1 second', now(),
          case when s.status in ('APPROVED', 'CANCELLED') then d.day + interval '12 hours' end
        from generate_series(${first}::int, ${last}::int) g
        cross join lateral (select date '2024-04-01' + (g::bigint * 1095 / ${INVOICES})::int as day) d
        cross join lateral (select case when h < 13 then 'APPROVED' when h < 17 then 'DRAFT'
          when h < 19 then 'CANCELLED' else 'DISCARDED' end as status
          from (select (g / ${CUSTOMERS} + g) % 20 as h) k) s`),
    );
  }
  await db.asOwner((tx) => tx.execute(sql`analyze billing.invoices`));
  console.log(`seeded ${INVOICES.toLocaleString('en-IN')} invoices in ${secondsSince(started)} s`);
  return { companies: companyIds };
}
