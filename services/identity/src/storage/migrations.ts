import { type Migration, platformMigrations, systemTable, tenantTable } from '@fleet/platform';

export const SCHEMA = 'identity';

const s = SCHEMA;

export const identityMigrations: Migration[] = [
  ...platformMigrations(s),
  {
    id: '0001_tenants_users_sessions',
    sql: `
create table ${s}.tenants (
  id uuid primary key,
  name text not null,
  time_zone text not null default 'Asia/Kolkata',
  created_at timestamptz not null default now()
);
alter table ${s}.tenants enable row level security;
alter table ${s}.tenants force row level security;
create policy tenant_isolation on ${s}.tenants to fleet_app
  using (id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on ${s}.tenants to fleet_system using (true) with check (true);

create table ${s}.users (
  id uuid primary key,
  tenant_id uuid not null references ${s}.tenants (id),
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
create unique index users_phone_key on ${s}.users (phone);
create index users_tenant_name on ${s}.users (tenant_id, lower(name), id);
create index users_tenant_created on ${s}.users (tenant_id, created_at, id);
${tenantTable(`${s}.users`)}

create table ${s}.permission_profiles (
  id uuid primary key,
  tenant_id uuid not null references ${s}.tenants (id),
  name text not null,
  description text not null default '',
  permissions text[] not null default '{}',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index permission_profiles_name_key on ${s}.permission_profiles (tenant_id, lower(name));
create index permission_profiles_created on ${s}.permission_profiles (tenant_id, created_at, id);
${tenantTable(`${s}.permission_profiles`)}

create table ${s}.employees (
  user_id uuid primary key references ${s}.users (id),
  tenant_id uuid not null references ${s}.tenants (id),
  employee_id text,
  designation text,
  date_of_joining date,
  gender text check (gender in ('MALE', 'FEAMLE', 'OTHER')),
  dob date,
  permission_profile_id uuid references ${s}.permission_profiles (id),
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
create unique index employees_employee_id_key on ${s}.employees (tenant_id, lower(employee_id)) where employee_id is not null;
create index employees_profile on ${s}.employees (tenant_id, permission_profile_id);
${tenantTable(`${s}.employees`)}

create table ${s}.sessions (
  id uuid primary key,
  tenant_id uuid not null references ${s}.tenants (id),
  user_id uuid not null references ${s}.users (id),
  actor_user_id uuid not null references ${s}.users (id),
  parent_session_id uuid references ${s}.sessions (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user on ${s}.sessions (tenant_id, user_id);
${tenantTable(`${s}.sessions`)}

create table ${s}.masquerade_audit (
  id uuid primary key,
  tenant_id uuid not null references ${s}.tenants (id),
  action text not null check (action in ('START', 'STOP')),
  actor_user_id uuid not null references ${s}.users (id),
  target_user_id uuid not null references ${s}.users (id),
  session_id uuid not null references ${s}.sessions (id),
  ip text,
  user_agent text,
  at timestamptz not null default now()
);
create index masquerade_audit_at on ${s}.masquerade_audit (tenant_id, at, id);
${tenantTable(`${s}.masquerade_audit`)}

-- Sign-in codes exist before anyone is signed in: only the system role touches them.
create table ${s}.otp_codes (
  phone text primary key,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
${systemTable(`${s}.otp_codes`)}

create table ${s}.otp_sends (
  id bigserial primary key,
  phone text not null,
  ip text,
  sent_at timestamptz not null default now()
);
create index otp_sends_phone on ${s}.otp_sends (phone, sent_at);
create index otp_sends_ip on ${s}.otp_sends (ip, sent_at);
${systemTable(`${s}.otp_sends`)}
`,
  },
];
