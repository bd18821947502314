
-- The states and union territories of India, and the cities bookings start from: shared by every
-- operator. The rows are not here: src/storage/reference-data.ts lists them and every start upserts
-- them (src/storage/reference-data-upsert.ts), so a city added later needs no migration.
create table masters.states (
  id text primary key,
  name text not null,
  gst_code text not null unique check (gst_code ~ '^[0-9]{2}$'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table masters.states enable row level security;
alter table masters.states force row level security;
create policy read_by_everyone on masters.states for select to fleet_app using (true);
create policy system_access on masters.states to fleet_system using (true) with check (true);

create table masters.cities (
  id text primary key,
  name text not null,
  state_id text not null references masters.states (id),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cities_by_name on masters.cities (name, id);
create index cities_state_id_by_name on masters.cities (state_id, name, id);

alter table masters.cities enable row level security;
alter table masters.cities force row level security;
create policy read_by_everyone on masters.cities for select to fleet_app using (true);
create policy system_access on masters.cities to fleet_system using (true) with check (true);

