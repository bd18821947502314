-- Export profiles (spec §3): a named choice of columns for one kind of export (invoices, invoice duties,
-- duties, purchase invoices, channel duties). The columns are checked against the kind's catalogue in
-- code (@fleet/domain's export catalogues), which grows without a migration.
create table billing.export_profiles (
  id uuid primary key,
  tenant_id uuid not null,
  kind text not null
    check (kind in ('INVOICES', 'INVOICE_DUTIES', 'DUTIES', 'PURCHASE_INVOICES', 'CHANNEL_DUTIES')),
  name text not null check (length(btrim(name)) between 1 and 80),
  columns text[] not null check (cardinality(columns) between 1 and 60),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, kind, name)
);
-- At most one default profile per kind: the one an export uses when none is named.
create unique index export_profiles_one_default on billing.export_profiles (tenant_id, kind) where is_default;

alter table billing.export_profiles enable row level security;
alter table billing.export_profiles force row level security;
create policy tenant_isolation on billing.export_profiles to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on billing.export_profiles to fleet_system using (true) with check (true);
