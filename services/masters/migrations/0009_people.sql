-- People (spec §6 view_people, manage_people): the people of a customer who book or travel, kept once so
-- a duty's booked-by, passengers and contacts are picked rather than typed again.
create table masters.people (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  customer_id uuid not null,
  role text not null check (role in ('BOOKER', 'PASSENGER', 'BOOKER_AND_PASSENGER', 'ADDITIONAL_CONTACT')),
  phone text,
  email text,
  designation text,
  employee_code text,
  notes text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index people_by_name on masters.people (tenant_id, name, id);
create index people_by_created_at on masters.people (tenant_id, created_at, id);
create index people_customer_id_by_name on masters.people (tenant_id, customer_id, name, id);

alter table masters.people enable row level security;
alter table masters.people force row level security;
create policy tenant_isolation on masters.people to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.people to fleet_system using (true) with check (true);

-- Searched by the words of its name, phone, email and employee code, like every master (0004_search_terms.sql).
create trigger people_search_terms after insert or delete or update of name, phone, email, employee_code
  on masters.people for each row execute function masters.index_search_terms('name', 'phone', 'email', 'employee_code');
