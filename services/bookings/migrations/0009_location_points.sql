-- Location tracking (DOMAIN.md "Driver app"): the points a driver's phone posts while a duty runs, each
-- driver's latest position for the live map, and each duty's span of points for its route.

-- Every point of every duty: a year of a 500-vehicle fleet is about a billion rows. Partitioned by the
-- month the point was taken (UTC), so a query names a time range and reads only its months' partitions,
-- and an old month is detached and archived (or dropped) whole. A phone may send a point again (a retried
-- batch, an overlapping queue): the key keeps it once. No foreign key to the duty: the ingest checks the
-- duty once per batch, where a key would look it up again for every row.
create table bookings.location_points (
  tenant_id uuid not null,
  driver_id uuid not null,
  booking_id uuid not null,
  -- When the phone took the point, by its clock.
  recorded_at timestamptz not null,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  accuracy_m real check (accuracy_m >= 0),
  speed_kmh real check (speed_kmh >= 0),
  heading_deg real check (heading_deg between 0 and 360),
  received_at timestamptz not null default now(),
  primary key (tenant_id, driver_id, recorded_at)
) partition by range (recorded_at);

-- A duty's route: its points in time order, a range of this index in each month it spans.
create index location_points_route on bookings.location_points (tenant_id, booking_id, recorded_at);

-- Row-level security on the partitioned table applies to every query through it, which is every query
-- the service makes; each partition carries the same policies in case one is ever read by its own name.
alter table bookings.location_points enable row level security;
alter table bookings.location_points force row level security;
create policy tenant_isolation on bookings.location_points to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on bookings.location_points to fleet_system using (true) with check (true);

-- Makes the monthly partitions from the month of `from_at` to the month of `to_at` (UTC) that do not exist
-- yet, and says how many it made. The service calls it at start (last month to next month) and before
-- writing a batch with a point in a month it has not seen a partition for. It runs as the schema's owner
-- (the app role may not create tables) and does only this. Each partition is made empty and then
-- attached, which locks the parent only against other schema changes, never against reads and writes.
-- A month archived by detaching its partition must have it renamed or moved to another schema first.
create function bookings.ensure_location_partitions(from_at timestamptz, to_at timestamptz)
returns integer
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  month_start timestamp := date_trunc('month', from_at at time zone 'UTC');
  last_month timestamp := date_trunc('month', to_at at time zone 'UTC');
  partition_name text;
  made integer := 0;
begin
  if from_at is null or to_at is null or last_month < month_start then
    raise exception 'ensure_location_partitions needs from_at <= to_at';
  end if;
  if last_month > month_start + interval '36 months' then
    raise exception 'ensure_location_partitions makes at most 36 months at a time';
  end if;
  -- One maker at a time; the others then find the partitions made.
  perform pg_advisory_xact_lock(hashtext('bookings.location_points partitions'));
  while month_start <= last_month loop
    partition_name := 'location_points_' || to_char(month_start, 'YYYY_MM');
    if to_regclass('bookings.' || partition_name) is null then
      execute format(
        'create table bookings.%I (like bookings.location_points including defaults including constraints)',
        partition_name);
      execute format('alter table bookings.%I enable row level security', partition_name);
      execute format('alter table bookings.%I force row level security', partition_name);
      execute format($p$create policy tenant_isolation on bookings.%I to fleet_app
        using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
        with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, partition_name);
      execute format('create policy system_access on bookings.%I to fleet_system using (true) with check (true)',
        partition_name);
      execute format('alter table bookings.location_points attach partition bookings.%I for values from (%L) to (%L)',
        partition_name, month_start at time zone 'UTC', (month_start + interval '1 month') at time zone 'UTC');
      made := made + 1;
    elsif not exists (
      select from pg_inherits
      where inhparent = 'bookings.location_points'::regclass
        and inhrelid = ('bookings.' || partition_name)::regclass
    ) then
      raise exception 'bookings.% exists but is not a partition of bookings.location_points (an archived month?): rename it', partition_name;
    end if;
    month_start := month_start + interval '1 month';
  end loop;
  return made;
end
$$;

revoke all on function bookings.ensure_location_partitions(timestamptz, timestamptz) from public;
grant execute on function bookings.ensure_location_partitions(timestamptz, timestamptz) to fleet_app, fleet_system;

-- Each driver's latest point, for the live map: moved only by a point taken later than the one it holds,
-- so a late or repeated batch never moves a driver back. Updated in place on every batch (no column of
-- an index changes), with room on each page for that.
create table bookings.driver_positions (
  tenant_id uuid not null,
  driver_id uuid not null,
  booking_id uuid not null,
  recorded_at timestamptz not null,
  latitude double precision not null,
  longitude double precision not null,
  accuracy_m real,
  speed_kmh real,
  heading_deg real,
  received_at timestamptz not null default now(),
  primary key (tenant_id, driver_id)
) with (fillfactor = 50);

-- The span and number of each duty's points: its route reads exactly the months it spans.
create table bookings.duty_tracks (
  tenant_id uuid not null,
  booking_id uuid not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  points bigint not null check (points >= 0),
  primary key (tenant_id, booking_id)
) with (fillfactor = 70);

do $$
declare t text;
begin
  foreach t in array array['driver_positions', 'duty_tracks'] loop
    execute format('alter table bookings.%I enable row level security', t);
    execute format('alter table bookings.%I force row level security', t);
    execute format($p$create policy tenant_isolation on bookings.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on bookings.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
