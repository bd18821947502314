
-- Uploaded files: what they are here, readable by the operator who uploaded them; the bytes sit behind
-- the file-storage interface (storage/file-store.ts), in file_contents by default.
create table masters.files (
  id uuid primary key,
  tenant_id uuid not null,
  purpose text not null check (purpose in (
    'VEHICLE_DOCUMENT', 'DRIVER_DOCUMENT', 'CUSTOMER_DOCUMENT', 'SUPPLIER_DOCUMENT', 'COMPANY_BRANDING'
  )),
  file_name text not null,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'application/pdf')),
  size_bytes integer not null check (size_bytes between 1 and 3670016),
  storage_key text not null,
  uploaded_by uuid,
  created_at timestamptz not null default now()
);

alter table masters.files enable row level security;
alter table masters.files force row level security;
create policy tenant_isolation on masters.files to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.files to fleet_system using (true) with check (true);

create table masters.file_contents (
  storage_key text primary key,
  tenant_id uuid not null,
  content bytea not null
);

alter table masters.file_contents enable row level security;
alter table masters.file_contents force row level security;
create policy tenant_isolation on masters.file_contents to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.file_contents to fleet_system using (true) with check (true);


-- Numbers given to new records, one sequence per operator and master (drivers' user_record_id).
create table masters.record_numbers (
  tenant_id uuid not null,
  kind text not null,
  next_no integer not null check (next_no > 0),
  primary key (tenant_id, kind)
);

alter table masters.record_numbers enable row level security;
alter table masters.record_numbers force row level security;
create policy tenant_isolation on masters.record_numbers to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.record_numbers to fleet_system using (true) with check (true);

