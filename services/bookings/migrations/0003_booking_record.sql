-- The whole booking (spec §3 Booking): who booked it and for whom, where and when, what it is sold and
-- bought at, its labels, attachments, custom fields and supporters, how it was allotted, its duty slip,
-- its charges once closed, and everything that happened to it. Other services' records are kept by id
-- with the names a board shows beside them (snapshots taken when the booking is written).

alter table bookings.bookings
  add column parent_id uuid references bookings.bookings (id),
  add column company_id uuid,
  add column customer_name text not null default '',
  add column customer_group_id uuid,
  add column booked_by_name text not null default '',
  add column booked_by_phone text not null default '',
  add column booked_by_email text not null default '',
  add column reporting_address text not null default '',
  add column drop_address text not null default '',
  -- When the duty is expected to end: reporting time plus the duty type's hours (or to the end of its
  -- last day). Allotment refuses a vehicle or driver already on a duty whose span overlaps.
  add column ends_at timestamptz,
  add column remark text not null default '',
  add column operator_notes text not null default '',
  add column order_reference_number text not null default '',
  add column label_ids uuid[] not null default '{}',
  add column attachment_ids uuid[] not null default '{}',
  add column duty_supporter_ids uuid[] not null default '{}',
  -- [{ "custom_field_id": uuid, "value": text }]
  add column custom_fields jsonb not null default '[]',
  add column rate_card_id uuid,
  add column price numeric(14, 2),
  add column extra_km_rate numeric(14, 4),
  add column extra_hour_rate numeric(14, 4),
  add column purchase_rate_card_id uuid,
  add column purchase_price numeric(14, 2),
  add column purchase_extra_km_rate numeric(14, 4),
  add column purchase_extra_hour_rate numeric(14, 4),
  add column purchase_duty_type_id uuid,
  add column purchase_vehicle_group_id uuid,
  -- Allotment: the operator's own vehicle and driver, or a supplier's (typed in, or its DCO).
  add column vehicle_no text not null default '',
  add column driver_name text not null default '',
  add column driver_phone text not null default '',
  add column supplier_id uuid,
  add column supplier_name text not null default '',
  add column supplier_group_id uuid,
  -- The status a cancellation request found the duty in, which refusing the request returns it to.
  add column status_before_request text,
  add column unfulfilled_reason text not null default '',
  -- How the slip arrived (EMAIL, HARD_COPY, DIGITAL_DUTY_SLIP, NETWORK); null until it has.
  add column slip_medium text check (slip_medium in ('EMAIL', 'HARD_COPY', 'DIGITAL_DUTY_SLIP', 'NETWORK')),
  add column slip_approved_at timestamptz,
  add column trip_start_otp text,
  add column trip_end_otp text,
  -- What closing priced: the charge lines (domain pricing) and their total, sales and purchase.
  add column charges jsonb,
  add column charges_total numeric(14, 2),
  add column purchase_charges jsonb,
  add column purchase_charges_total numeric(14, 2),
  add column created_by uuid,
  add column version integer not null default 1;

-- A parent's duties, in order.
create index bookings_children on bookings.bookings (tenant_id, parent_id, start_date) where parent_id is not null;
-- Allotment's overlap check: the live duties of a vehicle or a driver around a time.
create index bookings_by_vehicle on bookings.bookings (tenant_id, alloted_vehicle_id, reporting_at)
  where alloted_vehicle_id is not null;
create index bookings_by_driver on bookings.bookings (tenant_id, alloted_driver_id, reporting_at)
  where alloted_driver_id is not null;

-- Passengers and additional contacts, in the order they were given.
create table bookings.booking_contacts (
  tenant_id uuid not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  role text not null check (role in ('PASSENGER', 'ADDITIONAL_CONTACT')),
  position smallint not null check (position >= 0),
  name text not null,
  phone text not null default '',
  email text not null default '',
  custom_field text not null default '',
  primary key (booking_id, role, position)
);

-- Billing items charged on a duty (toll, parking, permit…), from staff or the driver app.
create table bookings.booking_billing_items (
  id uuid primary key,
  tenant_id uuid not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  billing_item_id uuid not null,
  name text not null,
  amount numeric(14, 2) not null check (amount >= 0),
  receipt_file_id uuid,
  added_by uuid,
  added_at timestamptz not null default now()
);
create index booking_billing_items_of on bookings.booking_billing_items (tenant_id, booking_id);

-- The duty slip: each point of the trip, for the customer (SALES) and for the supplier (PURCHASE).
create table bookings.duty_slip_points (
  tenant_id uuid not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  variant text not null check (variant in ('SALES', 'PURCHASE')),
  point text not null check (point in ('GARAGE_START', 'ARRIVAL', 'DUTY_START', 'DUTY_END', 'GARAGE_END')),
  at timestamptz not null,
  km numeric(10, 1) not null check (km >= 0),
  latitude numeric(9, 6),
  longitude numeric(9, 6),
  location text not null default '',
  file_id uuid,
  -- DRIVER_APP or STAFF.
  source text not null,
  recorded_by uuid,
  recorded_at timestamptz not null default now(),
  primary key (booking_id, variant, point)
);

-- Everything that happened to a booking: who (and as whom, masquerading), when, what, from what to what, why.
create table bookings.booking_activity (
  id uuid primary key,
  tenant_id uuid not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  at timestamptz not null default now(),
  -- STAFF, DRIVER, SUPPLIER, CUSTOMER or SYSTEM.
  actor text not null,
  user_id uuid,
  actor_user_id uuid,
  -- created, updated, a status action of the domain's status machine, allotted, slip…
  action text not null,
  from_status text,
  to_status text,
  reason text not null default '',
  details jsonb not null default '{}'
);
create index booking_activity_of on bookings.booking_activity (tenant_id, booking_id, at);

-- Search over the searchable fields of spec §3: one row per word, phone or number a booking can be
-- found by, lower-cased; a search is a prefix range on (tenant, term). "C" collation so `like 'x%'`
-- uses the index.
create table bookings.booking_search_terms (
  tenant_id uuid not null,
  term text collate "C" not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  primary key (tenant_id, term, booking_id)
);
create index booking_search_terms_of on bookings.booking_search_terms (booking_id);

-- Copies of the masters bookings reads (customers, suppliers, vehicles, drivers, duty types, rate
-- cards), kept from masters' events, filled in on demand when no event has brought one yet. `data` is
-- the typed message as protobuf JSON; `updated_at` is the record's, so an older copy never replaces a newer.
create table bookings.master_copies (
  tenant_id uuid not null,
  kind text not null,
  id uuid not null,
  name text not null,
  is_active boolean not null,
  data jsonb not null,
  updated_at timestamptz not null,
  primary key (tenant_id, kind, id)
);

do $$
declare t text;
begin
  foreach t in array array['booking_contacts', 'booking_billing_items', 'duty_slip_points', 'booking_activity',
                           'booking_search_terms', 'master_copies'] loop
    execute format('alter table bookings.%I enable row level security', t);
    execute format('alter table bookings.%I force row level security', t);
    execute format($p$create policy tenant_isolation on bookings.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on bookings.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
