-- A booking entered by mistake is deleted (booking.delete, the Delete Booking permission) only while
-- nothing has happened to it. It is kept, with who deleted it and when (and its activity, which says so
-- too), and hidden from every list, count, search and read (storage/tab-sql.ts, booking-record-store.ts).
alter table bookings.bookings
  add column deleted_at timestamptz,
  add column deleted_by uuid;

-- The per-status counts and the status-led tabs read the bookings kept, still from the index alone.
create index bookings_by_status_kept on bookings.bookings (tenant_id, status, start_date)
  where deleted_at is null;
