-- Each booking's trip codes (spec §3 "trip start and end OTPs"): 4 digits the passenger gives the driver
-- at the start and at the end of the trip. The service draws them with Node's crypto when it takes a
-- booking; the default (and the backfill of the bookings taken before) draws them from
-- gen_random_uuid(), which PostgreSQL fills from its strong random source, so a row written any other
-- way (a bulk load, a test) has codes too. Row-level security (0001/0003) covers the new columns.
create function bookings.random_trip_otp() returns text language sql volatile as $$
  select lpad((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::bigint % 10000)::text, 4, '0')
$$;

alter table bookings.bookings
  add column trip_start_otp text not null default bookings.random_trip_otp() check (trip_start_otp ~ '^[0-9]{4}$'),
  add column trip_end_otp text not null default bookings.random_trip_otp() check (trip_end_otp ~ '^[0-9]{4}$');
