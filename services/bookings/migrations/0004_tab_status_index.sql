-- The live tabs (allotment pending, allotted, dispatched, ongoing, upcoming…) are a few hundred duties
-- among an operator's hundred thousand: found by status, not by walking the sort indexes past the
-- closed history. The flags the tab rules read are carried in the index, so every tab's count is one
-- index-only pass grouped by them (storage/tab-sql.ts countAllTabs), never a read of the table.
create index bookings_by_status on bookings.bookings (tenant_id, status, start_date)
  include (is_network_incoming, network_request_status, has_pending_associate_request, driver_rejected,
           supplier_rejected, is_billed);
