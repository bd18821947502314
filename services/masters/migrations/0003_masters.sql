
-- Duty types
create table masters.duty_types (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  type text not null check (type in ('HR_KM', 'DAY_KM', 'KM_DAILY_HR', 'KM_HR', 'FLAT', 'EXTRAS', 'ALLOWANCES', 'COST_OF_FUEL', 'VEHICLE_AVERAGE')),
  max_km integer,
  max_hr integer,
  max_days integer,
  is_p2p boolean not null default false,
  is_g2g boolean not null default false,
  is_garage_start_calculated boolean not null default false,
  is_garage_end_calculated boolean not null default false,
  has_outstation_allowance boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index duty_types_by_name on masters.duty_types (tenant_id, name, id);
create index duty_types_by_created_at on masters.duty_types (tenant_id, created_at, id);
create index duty_types_type_by_name on masters.duty_types (tenant_id, type, name, id);
create unique index duty_types_name_key on masters.duty_types (tenant_id, name);

alter table masters.duty_types enable row level security;
alter table masters.duty_types force row level security;
create policy tenant_isolation on masters.duty_types to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.duty_types to fleet_system using (true) with check (true);

-- Taxes
create table masters.taxes (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  percentage numeric(5,2) not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index taxes_by_name on masters.taxes (tenant_id, name, id);
create index taxes_by_created_at on masters.taxes (tenant_id, created_at, id);
create unique index taxes_name_key on masters.taxes (tenant_id, name);

alter table masters.taxes enable row level security;
alter table masters.taxes force row level security;
create policy tenant_isolation on masters.taxes to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.taxes to fleet_system using (true) with check (true);

-- Vehicle groups
create table masters.vehicle_groups (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  seating_capacity integer,
  luggage_capacity integer,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vehicle_groups_by_name on masters.vehicle_groups (tenant_id, name, id);
create index vehicle_groups_by_created_at on masters.vehicle_groups (tenant_id, created_at, id);
create unique index vehicle_groups_name_key on masters.vehicle_groups (tenant_id, name);

alter table masters.vehicle_groups enable row level security;
alter table masters.vehicle_groups force row level security;
create policy tenant_isolation on masters.vehicle_groups to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.vehicle_groups to fleet_system using (true) with check (true);

-- Vehicles
create table masters.vehicles (
  id uuid primary key,
  tenant_id uuid not null,
  vehicle_no text not null,
  vehicle_model text not null,
  vehicle_group_id uuid not null,
  vehicle_fuel_type text not null check (vehicle_fuel_type in ('PETROL', 'DIESEL', 'CNG', 'ELECTRIC')),
  vehicle_seating_capacity integer,
  colour text,
  manufacturing_year integer,
  branch_id uuid,
  driver_id uuid,
  supplier_id uuid,
  is_available_for_booking boolean not null default true,
  rto_registration_date date,
  rto_tax_expiry date,
  insurance_company text,
  insurance_policy_no text,
  insurance_expiry date,
  insurance_file_id uuid,
  fitness_certificate_no text,
  fitness_expiry date,
  fitness_file_id uuid,
  permit_no text,
  permit_expiry date,
  permit_file_id uuid,
  puc_no text,
  puc_expiry date,
  puc_file_id uuid,
  loan_bank text,
  loan_account_no text,
  loan_emi numeric(14,2),
  loan_emi_day integer,
  loan_end_date date,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vehicles_by_vehicle_model on masters.vehicles (tenant_id, vehicle_model, id);
create index vehicles_by_vehicle_no on masters.vehicles (tenant_id, vehicle_no, id);
create index vehicles_by_created_at on masters.vehicles (tenant_id, created_at, id);
create index vehicles_vehicle_group_id_by_vehicle_model on masters.vehicles (tenant_id, vehicle_group_id, vehicle_model, id);
create index vehicles_vehicle_fuel_type_by_vehicle_model on masters.vehicles (tenant_id, vehicle_fuel_type, vehicle_model, id);
create index vehicles_supplier_id_by_vehicle_model on masters.vehicles (tenant_id, supplier_id, vehicle_model, id);
create unique index vehicles_vehicle_no_key on masters.vehicles (tenant_id, vehicle_no);

alter table masters.vehicles enable row level security;
alter table masters.vehicles force row level security;
create policy tenant_isolation on masters.vehicles to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.vehicles to fleet_system using (true) with check (true);

-- Drivers
create table masters.drivers (
  id uuid primary key,
  tenant_id uuid not null,
  user_record_id integer,
  name text not null,
  phone text not null,
  alternate_phone text,
  email text,
  address text,
  branch_id uuid,
  gender text check (gender in ('MALE', 'FEAMLE', 'OTHER')),
  dob date,
  date_of_joining date,
  is_contractor boolean not null default false,
  monthly_salary numeric(14,2),
  daily_wage numeric(14,2),
  daily_allowance numeric(14,2),
  ot_per_hour numeric(14,2),
  outstation_day_allowance numeric(14,2),
  outstation_night_allowance numeric(14,2),
  sunday_allowance numeric(14,2),
  early_start_allowance numeric(14,2),
  night_allowance numeric(14,2),
  extra_duty_allowance numeric(14,2),
  licence_no text,
  licence_expiry date,
  licence_file_id uuid,
  badge_no text,
  badge_expiry date,
  police_verification_no text,
  police_station text,
  police_verification_expiry date,
  police_verification_file_id uuid,
  bank_name text,
  bank_account_no text,
  bank_ifsc text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index drivers_by_user_record_id on masters.drivers (tenant_id, user_record_id, id);
create index drivers_by_name on masters.drivers (tenant_id, name, id);
create index drivers_by_created_at on masters.drivers (tenant_id, created_at, id);
create index drivers_branch_id_by_user_record_id on masters.drivers (tenant_id, branch_id, user_record_id, id);
create unique index drivers_phone_key on masters.drivers (tenant_id, phone);

alter table masters.drivers enable row level security;
alter table masters.drivers force row level security;
create policy tenant_isolation on masters.drivers to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.drivers to fleet_system using (true) with check (true);

-- Customer groups
create table masters.customer_groups (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_groups_by_name on masters.customer_groups (tenant_id, name, id);
create index customer_groups_by_created_at on masters.customer_groups (tenant_id, created_at, id);
create unique index customer_groups_name_key on masters.customer_groups (tenant_id, name);

alter table masters.customer_groups enable row level security;
alter table masters.customer_groups force row level security;
create policy tenant_isolation on masters.customer_groups to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.customer_groups to fleet_system using (true) with check (true);

-- Customers and Suppliers
create table masters.connections (
  id uuid primary key,
  tenant_id uuid not null,
  type text not null check (type in ('CUSTOMER', 'SUPPLIER')),
  name text,
  phone text,
  alternate_phone text,
  email text,
  contact_person text,
  customer_group_id uuid,
  city_id text,
  address text,
  tax_type text check (tax_type in ('GSTIN', 'LUT', 'VAT', 'SEZ', 'UNREGISTRED')),
  billing_details jsonb not null default '[]',
  tds_percentage numeric(5,2),
  invoice_due_in_days integer,
  surcharge_percentage numeric(5,2),
  default_discount_percentage numeric(5,2),
  forced_fuel_type text check (forced_fuel_type in ('PETROL', 'DIESEL', 'CNG', 'ELECTRIC')),
  min_garage_start_minutes integer,
  min_garage_end_minutes integer,
  auto_invoice_on_duty_end boolean not null default false,
  send_passenger_messages boolean not null default true,
  send_booker_messages boolean not null default true,
  limited_city_ids text[] not null default '{}',
  duty_type_ids uuid[] not null default '{}',
  vehicle_group_ids uuid[] not null default '{}',
  label_ids uuid[] not null default '{}',
  tax_ids uuid[] not null default '{}',
  daily_allowance numeric(14,2),
  ot_per_hour numeric(14,2),
  outstation_day_allowance numeric(14,2),
  outstation_night_allowance numeric(14,2),
  sunday_allowance numeric(14,2),
  early_start_allowance numeric(14,2),
  night_allowance numeric(14,2),
  extra_duty_allowance numeric(14,2),
  branches jsonb not null default '[]',
  custom_fields jsonb not null default '[]',
  file_ids uuid[] not null default '{}',
  notes text,
  bill_to text check (bill_to in ('COMPANY_OR_CUSTOMER', 'COMPANY_CREDIT_CARD', 'COMPANY_DIRECT', 'PERSONAL')),
  city_timings jsonb not null default '[]',
  costlier_of_km_or_hour_city_ids text[] not null default '{}',
  supplier_group_id uuid,
  supplier_type text check (supplier_type in ('DCO', 'COMPANY')),
  revenue_share_percentage numeric(5,2),
  tds_ledger_type text check (tds_ledger_type in ('194C_INDIVIDUAL', '194C_OTHERS', 'NONE')),
  invoice_unaccepted_network_duties boolean not null default false,
  dco_vehicle_no text,
  dco_vehicle_model text,
  dco_vehicle_group_id uuid,
  dco_fuel_type text check (dco_fuel_type in ('PETROL', 'DIESEL', 'CNG', 'ELECTRIC')),
  dco_permit_no text,
  dco_permit_expiry date,
  dco_insurance_expiry date,
  dco_licence_no text,
  dco_licence_expiry date,
  bank_accounts jsonb not null default '[]',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index connections_by_name on masters.connections (tenant_id, type, name, id);
create index connections_by_created_at on masters.connections (tenant_id, type, created_at, id);
create index connections_customer_group_id_by_name on masters.connections (tenant_id, type, customer_group_id, name, id);
create index connections_city_id_by_name on masters.connections (tenant_id, type, city_id, name, id);
create index connections_label_ids_gin on masters.connections using gin (label_ids);
create unique index connections_name_key on masters.connections (tenant_id, type, name);
create index connections_supplier_group_id_by_name on masters.connections (tenant_id, type, supplier_group_id, name, id);
create index connections_supplier_type_by_name on masters.connections (tenant_id, type, supplier_type, name, id);

alter table masters.connections enable row level security;
alter table masters.connections force row level security;
create policy tenant_isolation on masters.connections to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.connections to fleet_system using (true) with check (true);

-- Supplier groups
create table masters.supplier_groups (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index supplier_groups_by_name on masters.supplier_groups (tenant_id, name, id);
create index supplier_groups_by_created_at on masters.supplier_groups (tenant_id, created_at, id);
create unique index supplier_groups_name_key on masters.supplier_groups (tenant_id, name);

alter table masters.supplier_groups enable row level security;
alter table masters.supplier_groups force row level security;
create policy tenant_isolation on masters.supplier_groups to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.supplier_groups to fleet_system using (true) with check (true);

-- Duty supporters
create table masters.duty_supporters (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  type text not null check (type in ('CLEANER', 'GUIDE', 'REPRESENTATIVE')),
  phone text,
  pan text,
  aadhar text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index duty_supporters_by_name on masters.duty_supporters (tenant_id, name, id);
create index duty_supporters_by_created_at on masters.duty_supporters (tenant_id, created_at, id);
create index duty_supporters_type_by_name on masters.duty_supporters (tenant_id, type, name, id);

alter table masters.duty_supporters enable row level security;
alter table masters.duty_supporters force row level security;
create policy tenant_isolation on masters.duty_supporters to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.duty_supporters to fleet_system using (true) with check (true);

-- Labels
create table masters.labels (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  colour text not null check (colour in ('red', 'blue', 'green', 'sky-blue', 'yellow', 'orange', 'purple', 'pink', 'black')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index labels_by_name on masters.labels (tenant_id, name, id);
create index labels_by_created_at on masters.labels (tenant_id, created_at, id);
create unique index labels_name_key on masters.labels (tenant_id, name);

alter table masters.labels enable row level security;
alter table masters.labels force row level security;
create policy tenant_isolation on masters.labels to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.labels to fleet_system using (true) with check (true);

-- Feedback forms
create table masters.feedback_forms (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  description text,
  questions jsonb not null default '[]',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index feedback_forms_by_name on masters.feedback_forms (tenant_id, name, id);
create index feedback_forms_by_created_at on masters.feedback_forms (tenant_id, created_at, id);
create unique index feedback_forms_name_key on masters.feedback_forms (tenant_id, name);

alter table masters.feedback_forms enable row level security;
alter table masters.feedback_forms force row level security;
create policy tenant_isolation on masters.feedback_forms to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.feedback_forms to fleet_system using (true) with check (true);

-- Billing items
create table masters.billing_items (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  sac_code text,
  is_taxable boolean not null default false,
  tax_id uuid,
  driver_can_add boolean not null default false,
  required_before_start boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index billing_items_by_name on masters.billing_items (tenant_id, name, id);
create index billing_items_by_created_at on masters.billing_items (tenant_id, created_at, id);
create unique index billing_items_name_key on masters.billing_items (tenant_id, name);

alter table masters.billing_items enable row level security;
alter table masters.billing_items force row level security;
create policy tenant_isolation on masters.billing_items to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.billing_items to fleet_system using (true) with check (true);

-- Pricing
create table masters.rate_cards (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  party text not null check (party in ('CUSTOMER', 'SUPPLIER')),
  customer_id uuid,
  supplier_id uuid,
  duty_type_id uuid not null,
  city_id text,
  vehicle_group_id uuid not null,
  contract_start date not null,
  contract_end date not null,
  normal_rate numeric(14,2) not null,
  extra_km_rate numeric(14,4),
  extra_hour_rate numeric(14,4),
  over_time_per_hr numeric(14,2),
  no_show_rate numeric(14,2),
  extra_hour_rounding text check (extra_hour_rounding in ('PRO_RATA', 'STEP_15', 'STEP_30', 'STEP_60')),
  outstation_allowance numeric(14,2),
  outstation_over_night_allowance numeric(14,2),
  sunday_allowance numeric(14,2),
  early_start_allowance numeric(14,2),
  night_allowance numeric(14,2),
  extra_duty_allowance numeric(14,2),
  driver_daily_allowance numeric(14,2),
  petrol_rate numeric(14,4),
  diesel_rate numeric(14,4),
  cng_rate numeric(14,4),
  electric_rate numeric(14,4),
  switch_path_group text check (switch_path_group in ('OFF', 'TIME1', 'TIME2', 'TIME3', 'KM1', 'KM2', 'KM3', 'TIME_KM1', 'TIME_KM2', 'TIME_KM3')),
  km_cross_slab integer,
  hour_cross_slab integer,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index rate_cards_by_name on masters.rate_cards (tenant_id, name, id);
create index rate_cards_by_contract_start on masters.rate_cards (tenant_id, contract_start, id);
create index rate_cards_by_created_at on masters.rate_cards (tenant_id, created_at, id);
create index rate_cards_customer_id_by_name on masters.rate_cards (tenant_id, customer_id, name, id);
create index rate_cards_supplier_id_by_name on masters.rate_cards (tenant_id, supplier_id, name, id);
create index rate_cards_duty_type_id_by_name on masters.rate_cards (tenant_id, duty_type_id, name, id);
create index rate_cards_city_id_by_name on masters.rate_cards (tenant_id, city_id, name, id);
create index rate_cards_vehicle_group_id_by_name on masters.rate_cards (tenant_id, vehicle_group_id, name, id);

alter table masters.rate_cards enable row level security;
alter table masters.rate_cards force row level security;
create policy tenant_isolation on masters.rate_cards to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.rate_cards to fleet_system using (true) with check (true);

-- Branches
create table masters.branches (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  type text not null check (type in ('OFFICE', 'DISPATCH', 'OFFICE_DISPATCH')),
  city_id text not null,
  address text,
  phone text,
  email text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index branches_by_name on masters.branches (tenant_id, name, id);
create index branches_by_created_at on masters.branches (tenant_id, created_at, id);
create index branches_city_id_by_name on masters.branches (tenant_id, city_id, name, id);
create unique index branches_name_key on masters.branches (tenant_id, name);

alter table masters.branches enable row level security;
alter table masters.branches force row level security;
create policy tenant_isolation on masters.branches to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.branches to fleet_system using (true) with check (true);

-- Bank accounts
create table masters.bank_accounts (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  account_holder text not null,
  bank_name text not null,
  account_no text not null,
  ifsc text not null,
  branch_name text,
  account_type text check (account_type in ('CURRENT', 'SAVINGS', 'OVERDRAFT')),
  upi_id text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bank_accounts_by_name on masters.bank_accounts (tenant_id, name, id);
create index bank_accounts_by_created_at on masters.bank_accounts (tenant_id, created_at, id);
create unique index bank_accounts_name_key on masters.bank_accounts (tenant_id, name);

alter table masters.bank_accounts enable row level security;
alter table masters.bank_accounts force row level security;
create policy tenant_isolation on masters.bank_accounts to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.bank_accounts to fleet_system using (true) with check (true);

-- My companies
create table masters.companies (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  business_type text check (business_type in ('PROPRIETORSHIP', 'PARTNERSHIP', 'LLP', 'PRIVATE_LIMITED')),
  gst_no text,
  pan_no text,
  lut_no text,
  state_id text not null,
  city_id text,
  address text not null,
  pincode text,
  phone text,
  email text,
  bank_account_id uuid,
  is_primary boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index companies_by_name on masters.companies (tenant_id, name, id);
create index companies_by_created_at on masters.companies (tenant_id, created_at, id);
create unique index companies_name_key on masters.companies (tenant_id, name);

alter table masters.companies enable row level security;
alter table masters.companies force row level security;
create policy tenant_isolation on masters.companies to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.companies to fleet_system using (true) with check (true);

-- Company profiles
create table masters.company_profiles (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  company_id uuid not null,
  invoice_title text,
  invoice_prefix text,
  receipt_prefix text,
  credit_note_prefix text,
  invoice_terms text,
  invoice_footer text,
  logo_file_id uuid,
  signature_file_id uuid,
  bank_account_id uuid,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index company_profiles_by_name on masters.company_profiles (tenant_id, name, id);
create index company_profiles_by_created_at on masters.company_profiles (tenant_id, created_at, id);
create unique index company_profiles_name_key on masters.company_profiles (tenant_id, name);

alter table masters.company_profiles enable row level security;
alter table masters.company_profiles force row level security;
create policy tenant_isolation on masters.company_profiles to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.company_profiles to fleet_system using (true) with check (true);

-- Channels
create table masters.channel_partners (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  code text,
  customer_id uuid,
  contact_phone text,
  contact_email text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index channel_partners_by_name on masters.channel_partners (tenant_id, name, id);
create index channel_partners_by_created_at on masters.channel_partners (tenant_id, created_at, id);

alter table masters.channel_partners enable row level security;
alter table masters.channel_partners force row level security;
create policy tenant_isolation on masters.channel_partners to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.channel_partners to fleet_system using (true) with check (true);

-- Custom fields
create table masters.custom_fields (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  entity text not null check (entity in ('BOOKING', 'PASSENGER', 'BOOKED_BY', 'CUSTOMER', 'SUPPLIER')),
  type text not null check (type in ('TEXT', 'SELECT')),
  options text,
  is_required boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index custom_fields_by_name on masters.custom_fields (tenant_id, name, id);
create index custom_fields_by_created_at on masters.custom_fields (tenant_id, created_at, id);
create index custom_fields_entity_by_name on masters.custom_fields (tenant_id, entity, name, id);
create unique index custom_fields_name_key on masters.custom_fields (tenant_id, entity, name);

alter table masters.custom_fields enable row level security;
alter table masters.custom_fields force row level security;
create policy tenant_isolation on masters.custom_fields to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.custom_fields to fleet_system using (true) with check (true);

-- Business settings
create table masters.business_settings (
  id uuid primary key,
  tenant_id uuid not null,
  business_name text not null,
  time_zone text check (time_zone in ('Asia/Kolkata', 'Asia/Dubai', 'Asia/Kathmandu', 'Asia/Dhaka')),
  head_office_city_id text,
  support_phone text,
  support_email text,
  rent_a_cab_gst text check (rent_a_cab_gst in ('GST_5_NO_ITC', 'GST_18_WITH_ITC')),
  invoice_due_in_days integer,
  extra_hour_rounding text check (extra_hour_rounding in ('PRO_RATA', 'STEP_15', 'STEP_30', 'STEP_60')),
  is_trip_start_otp_required boolean not null default false,
  is_trip_end_otp_required boolean not null default false,
  send_passenger_sms boolean not null default true,
  send_passenger_email boolean not null default false,
  slip_auto_accept_hours integer,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint business_settings_one_per_operator unique (tenant_id)
);
create index business_settings_by_created_at on masters.business_settings (tenant_id, created_at, id);

alter table masters.business_settings enable row level security;
alter table masters.business_settings force row level security;
create policy tenant_isolation on masters.business_settings to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.business_settings to fleet_system using (true) with check (true);


