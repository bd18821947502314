-- The live tabs (allotment pending, allotted, dispatched, ongoing, upcoming…) are a few hundred duties
-- among an operator's hundred thousand: found by status, not by walking the sort indexes past the
-- closed history. The index also gives the per-status counts the status-only tabs are summed from
-- without reading the table (storage/tab-sql.ts countAllTabs), and carries the flags the other tab
-- rules read so their small counts can be answered from it too.
create index bookings_by_status on bookings.bookings (tenant_id, status, start_date)
  include (is_network_incoming, network_request_status, has_pending_associate_request, driver_rejected,
           supplier_rejected, is_billed);

-- Bill pending: the closed duties not yet invoiced, a few thousand among the closed history, found (and
-- counted) without passing every closed duty. The predicate is the one tab-sql.ts renders.
create index bookings_tab_bill_pending on bookings.bookings (tenant_id, start_date)
  where status in ('CLOSED')
    and not is_billed;
