-- Fuel stations (spec §6 Fuel Station): where the fleet buys fuel; the vehicle fuel log names one.
create table masters.fuel_stations (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  brand text,
  city_id text not null,
  address text,
  phone text,
  gst_no text,
  has_credit_account boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index fuel_stations_by_name on masters.fuel_stations (tenant_id, name, id);
create index fuel_stations_by_created_at on masters.fuel_stations (tenant_id, created_at, id);
create index fuel_stations_city_id_by_name on masters.fuel_stations (tenant_id, city_id, name, id);
create unique index fuel_stations_name_key on masters.fuel_stations (tenant_id, name);

alter table masters.fuel_stations enable row level security;
alter table masters.fuel_stations force row level security;
create policy tenant_isolation on masters.fuel_stations to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.fuel_stations to fleet_system using (true) with check (true);

-- Searched by the words of its name and brand, like every master (0004_search_terms.sql).
create trigger fuel_stations_search_terms after insert or delete or update of name, brand on masters.fuel_stations
  for each row execute function masters.index_search_terms('name', 'brand');
