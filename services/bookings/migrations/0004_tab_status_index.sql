-- The live tabs (allotment pending, allotted, dispatched, ongoing, upcoming…) are a few hundred duties
-- among an operator's hundred thousand: found by status, not by walking the sort indexes past the
-- closed history. The same index gives, without reading the table, the per-status counts the
-- status-only tabs are summed from, and upcoming's count (storage/tab-sql.ts countAllTabs).
create index bookings_by_status on bookings.bookings (tenant_id, status, start_date);

-- Bill pending: the closed duties not yet invoiced, a few thousand among the closed history, found (and
-- counted) without passing every closed duty. The predicate is the one tab-sql.ts renders.
create index bookings_tab_bill_pending on bookings.bookings (tenant_id, start_date)
  where status in ('CLOSED')
    and not is_billed;
