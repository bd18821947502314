-- A driver's account for the driver app (spec §3 DriverV2): a DRIVER user made from the driver master
-- (masters' fleet.masters.driver.* events), which signs in by phone OTP like anyone else. It is
-- UNREGISTRED until the driver first signs in, then REGISTERED; the app reports its version, the device
-- and the push token it can be reached at. `driver_updated_at` is the master record's, so an older
-- event never undoes a newer one. A driver master whose phone already signs in to another account gets
-- no account (`phone_taken`), and says so to staff, until the phone is changed.
create table identity.driver_accounts (
  tenant_id uuid not null references identity.tenants (id),
  driver_id uuid not null,
  user_id uuid references identity.users (id),
  name text not null,
  phone text not null,
  is_active boolean not null,
  phone_taken boolean not null default false,
  verification_status text not null default 'UNREGISTRED'
    check (verification_status in ('UNREGISTRED', 'REGISTERED')),
  registered_at timestamptz,
  push_token text,
  app_version text not null default '',
  device_model text not null default '',
  device_os text not null default '',
  last_seen_at timestamptz,
  driver_updated_at timestamptz not null,
  primary key (tenant_id, driver_id)
);
create unique index driver_accounts_user on identity.driver_accounts (user_id) where user_id is not null;

alter table identity.driver_accounts enable row level security;
alter table identity.driver_accounts force row level security;
create policy tenant_isolation on identity.driver_accounts to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on identity.driver_accounts to fleet_system using (true) with check (true);
