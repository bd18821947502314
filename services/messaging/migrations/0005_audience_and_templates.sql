-- What messaging needs to decide, at the moment an event arrives and without calling anyone, who gets
-- which message and in which words:
-- - the operator: its name (DLT wants the brand in every text), time zone and the owner account's
--   automatic passenger SMS / email flags, from identity's tenant and user events;
-- - customers (passenger and booker messaging flags, the email a duty slip goes to) and suppliers
--   (who is told of a duty allotted to them), from masters' events;
-- - the latest facts of each booking, from bookings' events, for staff's on-demand sends and the
--   template preview: one row per booking, replaced only by a newer version;
-- - the operator's own template per message type, with its DLT registration.
-- Each is the operator's own, under row-level security like the message log.

create table messaging.operators (
  tenant_id uuid primary key,
  company_name text not null default '',
  time_zone text not null default 'Asia/Kolkata',
  -- Unknown until the owner's account event arrives: null reads as the default (see audience.ts).
  auto_send_passenger_sms boolean,
  auto_send_passenger_email boolean,
  -- The owner account's updated_at, so an older account event never replaces a newer one.
  flags_updated_at timestamptz,
  updated_at timestamptz not null default now()
);

create table messaging.customers (
  tenant_id uuid not null,
  id uuid not null,
  name text not null default '',
  email text not null default '',
  send_passenger_messages boolean not null default true,
  send_booker_messages boolean not null default true,
  -- The customer record's own updated_at.
  updated_at timestamptz not null,
  primary key (tenant_id, id)
);

create table messaging.suppliers (
  tenant_id uuid not null,
  id uuid not null,
  name text not null default '',
  phone text not null default '',
  email text not null default '',
  supplier_type text not null default '',
  updated_at timestamptz not null,
  primary key (tenant_id, id)
);

create table messaging.bookings (
  tenant_id uuid not null,
  id uuid not null,
  booking_no bigint not null,
  -- Bookings' own version of the booking: a row is replaced only by a newer one.
  version integer not null,
  status text not null,
  customer_id uuid,
  customer_name text not null default '',
  supplier_id uuid,
  reporting_at timestamptz,
  pickup text not null default '',
  drop_address text not null default '',
  vehicle_no text not null default '',
  driver_name text not null default '',
  driver_phone text not null default '',
  trip_otp text not null default '',
  -- {"name", "phone", "email"} or null; passengers as [{"name", "phone", "email"}].
  booked_by jsonb,
  passengers jsonb not null default '[]'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
-- The preview finds a booking by the number staff type.
create index bookings_number_idx on messaging.bookings (tenant_id, booking_no);

create table messaging.templates (
  tenant_id uuid not null,
  type text not null check (type in (
    'CONFIRMATION_SMS', 'DRIVER_ALLOTMENT_SMS', 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'CANCELLATION_SMS',
    'FEEDBACK_REQUEST_SMS', 'SEND_INFO_TO_SUPPLIER_SMS', 'CONFIRMATION_EMAIL', 'DUTY_SLIP_EMAIL', 'INVOICE_EMAIL'
  )),
  body text not null check (body <> '' and length(body) <= 5000),
  subject text not null default '' check (length(subject) <= 200),
  -- The DLT registration of an SMS template: 12–19 digits and a 6-letter header, or empty for none.
  dlt_template_id text not null default '' check (dlt_template_id ~ '^([0-9]{12,19})?$'),
  sender_id text not null default '' check (sender_id ~ '^([A-Z]{6})?$'),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1 check (version > 0),
  primary key (tenant_id, type)
);

alter table messaging.operators enable row level security;
alter table messaging.operators force row level security;
create policy tenant_isolation on messaging.operators to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.operators to fleet_system using (true) with check (true);

alter table messaging.customers enable row level security;
alter table messaging.customers force row level security;
create policy tenant_isolation on messaging.customers to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.customers to fleet_system using (true) with check (true);

alter table messaging.suppliers enable row level security;
alter table messaging.suppliers force row level security;
create policy tenant_isolation on messaging.suppliers to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.suppliers to fleet_system using (true) with check (true);

alter table messaging.bookings enable row level security;
alter table messaging.bookings force row level security;
create policy tenant_isolation on messaging.bookings to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.bookings to fleet_system using (true) with check (true);

alter table messaging.templates enable row level security;
alter table messaging.templates force row level security;
create policy tenant_isolation on messaging.templates to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.templates to fleet_system using (true) with check (true);
