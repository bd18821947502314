-- A duty's trip insurance (spec §6, "Bookings: … insurance"): at most one policy per duty — its number
-- and insurer, the premium billed to the customer on the duty's invoice, optionally the sum insured and
-- a note — and who set it last and when. Set, changed or removed until the duty is invoiced; it goes
-- with the duty when the duty is deleted.
create table bookings.booking_trip_insurance (
  booking_id uuid primary key references bookings.bookings (id) on delete cascade,
  tenant_id uuid not null,
  policy_number text not null check (policy_number <> '' and length(policy_number) <= 60),
  insurer text not null check (insurer <> '' and length(insurer) <= 120),
  premium numeric(14, 2) not null check (premium > 0 and premium <= 1000000),
  sum_insured numeric(14, 2) check (sum_insured > 0),
  note text not null default '' check (length(note) <= 500),
  set_by uuid,
  set_at timestamptz not null default now()
);

alter table bookings.booking_trip_insurance enable row level security;
alter table bookings.booking_trip_insurance force row level security;
create policy tenant_isolation on bookings.booking_trip_insurance to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on bookings.booking_trip_insurance to fleet_system using (true) with check (true);
