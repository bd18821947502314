
-- Booking numbers are short and sequential per operator (DOMAIN.md): one counter row per operator,
-- advanced with insert … on conflict do update … returning, in the transaction that creates the booking.
create table bookings.booking_numbers (
  tenant_id uuid primary key,
  next_no bigint not null default 1 check (next_no > 0)
);

alter table bookings.booking_numbers enable row level security;
alter table bookings.booking_numbers force row level security;
create policy tenant_isolation on bookings.booking_numbers to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on bookings.booking_numbers to fleet_system using (true) with check (true);


-- A booking (duty). Customers, cities, vehicle groups, duty types, vehicles and drivers belong to other
-- services: their ids are kept here without foreign keys.
create table bookings.bookings (
  id uuid primary key,
  tenant_id uuid not null,
  booking_no bigint not null check (booking_no > 0),
  type text not null default 'PARENT' check (type in ('PARENT', 'CHILD', 'EXTENDED')),
  status text not null check (status in (
    'UNCONFIRMED', 'BOOKED', 'CANCELLED', 'ALLOTED', 'DRIVER_NEEDED', 'DISPATCHED', 'CLOSED',
    'SUPPLIER_REQUESTED', 'SUPPLIER_ACCEPTED', 'CANCELLATION_REQUESTED', 'CANCELLATION_REQUEST_BY_ASSOCIATE',
    'DETAILS_NEEDED', 'CANCELLATION_NO_SHOW', 'EDIT_NO_SHOW', 'DRIVER_ACCEPTED', 'DRIVER_REJECTED',
    'DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP', 'DRIVER_DUTY_START', 'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
    'DRIVER_DUTY_END', 'UNFULFILLED'
  )),
  customer_id uuid not null,
  from_city_id text not null,
  to_city_id text,
  vehicle_group_id uuid not null,
  duty_type_id uuid not null,
  reporting_at timestamptz not null,
  start_date date not null,
  alloted_vehicle_id uuid,
  alloted_driver_id uuid,
  -- Sent to us by a network customer; our answer to that request (null for our own bookings).
  is_network_incoming boolean not null default false,
  network_request_status text check (network_request_status in ('PENDING', 'ACCEPTED', 'REJECTED', 'PAUSED')),
  -- An associate asked to update or cancel it and nobody has answered yet.
  has_pending_associate_request boolean not null default false,
  driver_rejected boolean not null default false,
  supplier_rejected boolean not null default false,
  is_billed boolean not null default false,
  cancellation_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_network_request_only_incoming
    check (is_network_incoming = (network_request_status is not null))
);
create unique index bookings_booking_no_key on bookings.bookings (tenant_id, booking_no);

alter table bookings.bookings enable row level security;
alter table bookings.bookings force row level security;
create policy tenant_isolation on bookings.bookings to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on bookings.bookings to fleet_system using (true) with check (true);


-- The two counts the web app polls every minute, one small partial index each. The predicates are
-- those storage/tab-sql.ts renders from domain/tabs.ts (a unit test keeps them identical, which is
-- what lets the planner use these indexes); changing a tab's rule means a migration replacing its index.
create index bookings_tab_incoming on bookings.bookings (tenant_id)
  where is_network_incoming
    and network_request_status = 'PENDING'
    and status not in ('CANCELLED', 'CANCELLATION_NO_SHOW');
create index bookings_tab_needs_attention on bookings.bookings (tenant_id)
  where status not in ('CANCELLED', 'CANCELLATION_NO_SHOW', 'CLOSED')
    and (has_pending_associate_request
      or status in ('DRIVER_REJECTED', 'DETAILS_NEEDED', 'CANCELLATION_REQUESTED', 'CANCELLATION_REQUEST_BY_ASSOCIATE')
      or driver_rejected
      or supplier_rejected);
