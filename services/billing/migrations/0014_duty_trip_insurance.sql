-- A duty's trip insurance as bookings' events carry it (bookings' TripInsurance as protobuf JSON; null
-- for none), kept with the duty so its invoice bills the premium as its own line. Row-level security on
-- billing.duties (0001) covers the column.
alter table billing.duties add column trip_insurance jsonb;
