
-- The tab lists page by keyset on (sort key, id) within the operator (storage/bookings-store.ts): one
-- index per sort the spec offers (start_date, created_at, reporting date), led by the tenant that
-- row-level security fixes, so each page is a short ordered index range whichever the tab.
create index bookings_by_start_date on bookings.bookings (tenant_id, start_date, id);
create index bookings_by_created_at on bookings.bookings (tenant_id, created_at, id);
create index bookings_by_reporting_at on bookings.bookings (tenant_id, reporting_at, id);
