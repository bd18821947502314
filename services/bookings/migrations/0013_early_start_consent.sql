-- A driver starts one duty at a time, and not long before it reports: a trip's first event more than
-- two hours before the reporting time is refused until the office consents. The driver's refused try is
-- the request the office sees on the duty (early_start_requested_at, with the phone's time); the
-- consent is who gave it and when. Row-level security on bookings (0001) covers the columns.
alter table bookings.bookings
  add column early_start_requested_at timestamptz,
  add column early_start_consented_at timestamptz,
  add column early_start_consented_by uuid;

-- Whether a driver or a vehicle is on a running duty, asked at each trip's start.
create index bookings_running_driver on bookings.bookings (tenant_id, alloted_driver_id)
  where status in ('DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP', 'DRIVER_DUTY_START',
    'DRIVER_DUTY_START_PASSENGER_NO_SHOW', 'DRIVER_DUTY_END');
create index bookings_running_vehicle on bookings.bookings (tenant_id, alloted_vehicle_id)
  where status in ('DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP', 'DRIVER_DUTY_START',
    'DRIVER_DUTY_START_PASSENGER_NO_SHOW', 'DRIVER_DUTY_END');
