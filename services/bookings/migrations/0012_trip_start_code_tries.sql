-- The passenger's trip-start code is 4 digits, so it must not be guessed: each wrong code a driver sends
-- for a duty is counted, and after a few the duty's start is locked (refusing even the right code) until
-- the office unlocks it, which sets the count back to 0. Every wrong code and the lock are logged in the
-- duty's driver actions and activity; row-level security on bookings (0001) covers the columns.
alter table bookings.bookings
  add column trip_start_wrong_codes smallint not null default 0 check (trip_start_wrong_codes >= 0),
  add column trip_start_locked_at timestamptz;
