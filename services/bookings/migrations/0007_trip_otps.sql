-- Each booking's trip codes (spec §3 "trip start and end OTPs", columns since 0003, never filled): 4
-- digits the passenger gives the driver at the start and at the end of the trip. The service draws them
-- with Node's crypto when it takes a booking. The backfill of the bookings taken before, and the default
-- for a row written any other way (a bulk load, a test), draw them from gen_random_uuid(), which
-- PostgreSQL fills from its strong random source. Row-level security (0001/0003) covers the columns.
create function bookings.random_trip_otp() returns text language sql volatile as $$
  select lpad((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::bigint % 10000)::text, 4, '0')
$$;

update bookings.bookings set trip_start_otp = bookings.random_trip_otp() where trip_start_otp is null or trip_start_otp !~ '^[0-9]{4}$';
update bookings.bookings set trip_end_otp = bookings.random_trip_otp() where trip_end_otp is null or trip_end_otp !~ '^[0-9]{4}$';

alter table bookings.bookings
  alter column trip_start_otp set default bookings.random_trip_otp(),
  alter column trip_start_otp set not null,
  alter column trip_end_otp set default bookings.random_trip_otp(),
  alter column trip_end_otp set not null,
  add constraint bookings_trip_otps_are_4_digits
    check (trip_start_otp ~ '^[0-9]{4}$' and trip_end_otp ~ '^[0-9]{4}$');
