-- What a driver did in the driver app (spec §4 driver booking actions and duty event types): accepting
-- or rejecting a duty, each event of the trip with the phone's time, the odometer, where and a photo,
-- and billing items the driver added. The app retries and replays what it queued offline, so each act
-- carries the id the phone gave it: an act is applied once however often it arrives.
create table bookings.driver_actions (
  tenant_id uuid not null,
  client_action_id uuid not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  driver_id uuid not null,
  -- DUTY_ACCEPTED, DUTY_REJECTED, or a duty event type: GARAGE_START, DRIVER_ARRIVED, DUTY_START,
  -- DUTY_START_NO_SHOW, DUTY_END, GARAGE_END, GARAGE_END_NO_SHOW; or BILLING_ITEM_ADDED.
  action text not null,
  -- When it happened on the phone (queued offline, it arrives later).
  at timestamptz not null,
  km numeric(10, 1) check (km >= 0),
  latitude numeric(9, 6),
  longitude numeric(9, 6),
  location text not null default '',
  file_id uuid,
  reason text not null default '',
  details jsonb not null default '{}',
  received_at timestamptz not null default now(),
  primary key (tenant_id, client_action_id)
);
create index driver_actions_of on bookings.driver_actions (tenant_id, booking_id, at);

-- The passenger's signature taken on the driver's screen at the end of the duty (spec §3
-- customer_signature), a file uploaded for the slip.
alter table bookings.bookings add column customer_signature_file_id uuid;

-- The driver app lists a driver's own duties by day.
create index bookings_driver_day on bookings.bookings (tenant_id, alloted_driver_id, start_date, reporting_at)
  where alloted_driver_id is not null;

alter table bookings.driver_actions enable row level security;
alter table bookings.driver_actions force row level security;
create policy tenant_isolation on bookings.driver_actions to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on bookings.driver_actions to fleet_system using (true) with check (true);
