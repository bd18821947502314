-- Vehicle fuel and expenses (spec §1, §6 Vehicle Fuel, Vehicle Expense): the fuel logs of each vehicle
-- and what else a vehicle costs. Each keeps the names of its vehicle, driver and station as they were
-- when recorded. Neither is a numbered document: a mistaken one is deleted (its event keeps it).

create table billing.fuel_logs (
  id uuid primary key,
  tenant_id uuid not null,
  -- The day and time of the fill as typed (the operator's wall clock), and that instant: fills are in
  -- filled_at order within a vehicle, which is the order the odometer must keep.
  fill_date date not null,
  fill_time text not null check (fill_time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  filled_at timestamptz not null,
  vehicle_id uuid not null,
  vehicle_no text not null,
  fuel_type text not null check (fuel_type in ('PETROL', 'DIESEL', 'CNG', 'ELECTRIC')),
  driver_id uuid,
  driver_name text not null default '',
  -- Litres (kg of CNG, kWh of a charge), to the millilitre as pumps print it.
  quantity numeric(10, 3) not null check (quantity > 0),
  amount numeric(14, 2) not null check (amount > 0),
  odometer_km integer not null check (odometer_km >= 0),
  fuel_station_id uuid,
  station_name text not null default '',
  is_full_tank boolean not null,
  payment_mode text not null
    check (payment_mode in ('CASH', 'CHEQUE', 'NEFT', 'CREDIT_CARD', 'OTHER', 'STATION_CREDIT')),
  bill_no text not null default '',
  notes text not null default '',
  -- The full-to-full stretch a full-tank fill closes (km since the vehicle's previous full-tank fill, the
  -- fuel and money of the fills after that one up to and including this); null on a partial fill or the
  -- first full tank. Recomputed for the vehicle in the transaction that records, edits or deletes a fill,
  -- so the mileage report sums full-tank fills of a period alone.
  stretch_km integer,
  stretch_quantity numeric(12, 3),
  stretch_amount numeric(14, 2),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_user_id uuid,
  station_name_key text collate "C" generated always as (lower(station_name)) stored,
  vehicle_no_key text collate "C" generated always as (lower(vehicle_no)) stored
);
create index fuel_logs_by_time on billing.fuel_logs (tenant_id, filled_at, id);
create index fuel_logs_of_vehicle on billing.fuel_logs (tenant_id, vehicle_id, filled_at, id);
create index fuel_logs_at_station on billing.fuel_logs (tenant_id, fuel_station_id, filled_at, id)
  where fuel_station_id is not null;
create index fuel_logs_station_search on billing.fuel_logs (tenant_id, station_name_key);

create table billing.vehicle_expenses (
  id uuid primary key,
  tenant_id uuid not null,
  expense_date date not null,
  vehicle_id uuid not null,
  vehicle_no text not null,
  category text not null check (category in ('SERVICE', 'REPAIR', 'TYRES', 'BATTERY', 'INSURANCE',
    'PERMIT_TAX', 'FITNESS_PUC', 'FINE_CHALLAN', 'CLEANING', 'PARKING_TOLL', 'OTHER')),
  -- Before GST; the GST on it when the bill charges any.
  amount numeric(14, 2) not null check (amount > 0),
  gst_amount numeric(14, 2) not null default 0 check (gst_amount >= 0),
  total numeric(14, 2) generated always as (amount + gst_amount) stored,
  odometer_km integer check (odometer_km >= 0),
  vendor text not null default '',
  bill_no text not null default '',
  payment_mode text not null check (payment_mode in ('CASH', 'CHEQUE', 'NEFT', 'CREDIT_CARD', 'OTHER')),
  notes text not null default '',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_user_id uuid,
  vendor_key text collate "C" generated always as (lower(vendor)) stored,
  bill_no_key text collate "C" generated always as (lower(bill_no)) stored
);
create index vehicle_expenses_by_date on billing.vehicle_expenses (tenant_id, expense_date, id);
create index vehicle_expenses_by_created on billing.vehicle_expenses (tenant_id, created_at, id);
create index vehicle_expenses_of_vehicle on billing.vehicle_expenses (tenant_id, vehicle_id, expense_date, id);
create index vehicle_expenses_vendor_search on billing.vehicle_expenses (tenant_id, vendor_key);
create index vehicle_expenses_bill_search on billing.vehicle_expenses (tenant_id, bill_no_key)
  where bill_no <> '';

do $$
declare t text;
begin
  foreach t in array array['fuel_logs', 'vehicle_expenses'] loop
    execute format('alter table billing.%I enable row level security', t);
    execute format('alter table billing.%I force row level security', t);
    execute format($p$create policy tenant_isolation on billing.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on billing.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
