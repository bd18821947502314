
create table identity.tenants (
  id uuid primary key,
  name text not null,
  time_zone text not null default 'Asia/Kolkata',
  created_at timestamptz not null default now()
);
alter table identity.tenants enable row level security;
alter table identity.tenants force row level security;
create policy tenant_isolation on identity.tenants to fleet_app
  using (id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.tenants to fleet_system using (true) with check (true);

create table identity.users (
  id uuid primary key,
  tenant_id uuid not null references identity.tenants (id),
  role text not null check (role in ('USER', 'EMPLOYEE', 'DRIVER')),
  access_level text not null default 'ADMIN' check (access_level in ('ADMIN', 'CHANNEL_ONLY')),
  is_owner boolean not null default false,
  name text not null,
  email text,
  phone text not null,
  is_active boolean not null default true,
  head_office_city_id text,
  state_id text,
  pan_no text,
  gst_no text,
  lut_no text,
  vat_no text,
  sez_gst_no text,
  gst_type text check (gst_type in ('GSTIN', 'LUT', 'VAT', 'SEZ', 'UNREGISTRED')),
  is_trip_start_otp_required boolean not null default false,
  is_trip_end_otp_required boolean not null default false,
  is_booking_api_only boolean not null default false,
  auto_send_passenger_sms boolean not null default false,
  auto_send_passenger_email boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- A phone signs in to exactly one account across the platform.
create unique index users_phone_key on identity.users (phone);
create index users_tenant_name on identity.users (tenant_id, lower(name), id);
create index users_tenant_created on identity.users (tenant_id, created_at, id);

alter table identity.users enable row level security;
alter table identity.users force row level security;
create policy tenant_isolation on identity.users to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.users to fleet_system using (true) with check (true);


create table identity.permission_profiles (
  id uuid primary key,
  tenant_id uuid not null references identity.tenants (id),
  name text not null,
  description text not null default '',
  permissions text[] not null default '{}',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index permission_profiles_name_key on identity.permission_profiles (tenant_id, lower(name));
create index permission_profiles_created on identity.permission_profiles (tenant_id, created_at, id);

alter table identity.permission_profiles enable row level security;
alter table identity.permission_profiles force row level security;
create policy tenant_isolation on identity.permission_profiles to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.permission_profiles to fleet_system using (true) with check (true);


create table identity.employees (
  user_id uuid primary key references identity.users (id),
  tenant_id uuid not null references identity.tenants (id),
  employee_id text,
  designation text,
  date_of_joining date,
  gender text check (gender in ('MALE', 'FEAMLE', 'OTHER')),
  dob date,
  permission_profile_id uuid references identity.permission_profiles (id),
  granted_permissions text[] not null default '{}',
  driving_licence_no text,
  driving_licence_expiry date,
  badge_no text,
  badge_expiry date,
  police_verification_no text,
  police_verification_date date,
  bank_name text,
  bank_account_holder text,
  bank_account_no text,
  bank_ifsc text
);
create unique index employees_employee_id_key on identity.employees (tenant_id, lower(employee_id)) where employee_id is not null;
create index employees_profile on identity.employees (tenant_id, permission_profile_id);

alter table identity.employees enable row level security;
alter table identity.employees force row level security;
create policy tenant_isolation on identity.employees to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.employees to fleet_system using (true) with check (true);


create table identity.sessions (
  id uuid primary key,
  tenant_id uuid not null references identity.tenants (id),
  user_id uuid not null references identity.users (id),
  actor_user_id uuid not null references identity.users (id),
  parent_session_id uuid references identity.sessions (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user on identity.sessions (tenant_id, user_id);

alter table identity.sessions enable row level security;
alter table identity.sessions force row level security;
create policy tenant_isolation on identity.sessions to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.sessions to fleet_system using (true) with check (true);


create table identity.masquerade_audit (
  id uuid primary key,
  tenant_id uuid not null references identity.tenants (id),
  action text not null check (action in ('START', 'STOP')),
  actor_user_id uuid not null references identity.users (id),
  target_user_id uuid not null references identity.users (id),
  session_id uuid not null references identity.sessions (id),
  ip text,
  user_agent text,
  at timestamptz not null default now()
);
create index masquerade_audit_at on identity.masquerade_audit (tenant_id, at, id);

alter table identity.masquerade_audit enable row level security;
alter table identity.masquerade_audit force row level security;
create policy tenant_isolation on identity.masquerade_audit to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.masquerade_audit to fleet_system using (true) with check (true);


-- Sign-in codes exist before anyone is signed in: only the system role touches them.
create table identity.otp_codes (
  phone text primary key,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);

alter table identity.otp_codes enable row level security;
alter table identity.otp_codes force row level security;
create policy system_access on identity.otp_codes to fleet_system using (true) with check (true);


create table identity.otp_sends (
  id bigserial primary key,
  phone text not null,
  ip text,
  sent_at timestamptz not null default now()
);
create index otp_sends_phone on identity.otp_sends (phone, sent_at);
create index otp_sends_ip on identity.otp_sends (ip, sent_at);

alter table identity.otp_sends enable row level security;
alter table identity.otp_sends force row level security;
create policy system_access on identity.otp_sends to fleet_system using (true) with check (true);

