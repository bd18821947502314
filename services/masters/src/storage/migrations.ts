import { type Migration, platformMigrations, referenceTable, tenantTable } from '@fleet/platform';
import { INDIAN_CITIES, INDIAN_STATES } from './reference-data';

export const SCHEMA = 'masters';

const s = SCHEMA;
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

// The tables follow the master declarations in @fleet/domain (packages/domain/src/masters): a column
// per field, named as the field, of the type columnType() gives; test/columns.test.ts holds the two
// together. Each list sort has its (tenant_id, sort key, id) index for keyset paging, each declared
// filter an index that serves it with the default sort, each unique rule its unique index.
export const mastersMigrations: Migration[] = [
  ...platformMigrations(s),
  {
    id: '0001_reference_data',
    sql: `
-- The states and union territories of India, and the cities bookings start from: shared by every
-- operator, written only by migrations.
create table ${s}.states (
  id text primary key,
  name text not null,
  gst_code text not null unique check (gst_code ~ '^[0-9]{2}$'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
${referenceTable(`${s}.states`)}
create table ${s}.cities (
  id text primary key,
  name text not null,
  state_id text not null references ${s}.states (id),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cities_by_name on ${s}.cities (name, id);
create index cities_state_id_by_name on ${s}.cities (state_id, name, id);
${referenceTable(`${s}.cities`)}
insert into ${s}.states (id, name, gst_code) values
${INDIAN_STATES.map((st) => `(${quote(st.id)}, ${quote(st.name)}, ${quote(st.gstCode)})`).join(',\n')};
insert into ${s}.cities (id, name, state_id) values
${INDIAN_CITIES.map((c) => `(${quote(c.id)}, ${quote(c.name)}, ${quote(c.stateId)})`).join(',\n')};
`,
  },
  {
    id: '0002_files',
    sql: `
-- Uploaded files: what they are here, readable by the operator who uploaded them; the bytes sit behind
-- the file-storage interface (storage/file-store.ts), in file_contents by default.
create table ${s}.files (
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
${tenantTable(`${s}.files`)}
create table ${s}.file_contents (
  storage_key text primary key,
  tenant_id uuid not null,
  content bytea not null
);
${tenantTable(`${s}.file_contents`)}

-- Numbers given to new records, one sequence per operator and master (drivers' user_record_id).
create table ${s}.record_numbers (
  tenant_id uuid not null,
  kind text not null,
  next_no integer not null check (next_no > 0),
  primary key (tenant_id, kind)
);
${tenantTable(`${s}.record_numbers`)}
`,
  },
  {
    id: '0003_masters',
    sql: `
-- Duty types
create table ${s}.duty_types (
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
create index duty_types_by_name on ${s}.duty_types (tenant_id, name, id);
create index duty_types_by_created_at on ${s}.duty_types (tenant_id, created_at, id);
create index duty_types_type_by_name on ${s}.duty_types (tenant_id, type, name, id);
create unique index duty_types_name_key on ${s}.duty_types (tenant_id, name);
${tenantTable(`${s}.duty_types`)}
-- Taxes
create table ${s}.taxes (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  percentage numeric(5,2) not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index taxes_by_name on ${s}.taxes (tenant_id, name, id);
create index taxes_by_created_at on ${s}.taxes (tenant_id, created_at, id);
create unique index taxes_name_key on ${s}.taxes (tenant_id, name);
${tenantTable(`${s}.taxes`)}
-- Vehicle groups
create table ${s}.vehicle_groups (
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
create index vehicle_groups_by_name on ${s}.vehicle_groups (tenant_id, name, id);
create index vehicle_groups_by_created_at on ${s}.vehicle_groups (tenant_id, created_at, id);
create unique index vehicle_groups_name_key on ${s}.vehicle_groups (tenant_id, name);
${tenantTable(`${s}.vehicle_groups`)}
-- Vehicles
create table ${s}.vehicles (
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
create index vehicles_by_vehicle_model on ${s}.vehicles (tenant_id, vehicle_model, id);
create index vehicles_by_vehicle_no on ${s}.vehicles (tenant_id, vehicle_no, id);
create index vehicles_by_created_at on ${s}.vehicles (tenant_id, created_at, id);
create index vehicles_vehicle_group_id_by_vehicle_model on ${s}.vehicles (tenant_id, vehicle_group_id, vehicle_model, id);
create index vehicles_vehicle_fuel_type_by_vehicle_model on ${s}.vehicles (tenant_id, vehicle_fuel_type, vehicle_model, id);
create index vehicles_supplier_id_by_vehicle_model on ${s}.vehicles (tenant_id, supplier_id, vehicle_model, id);
create unique index vehicles_vehicle_no_key on ${s}.vehicles (tenant_id, vehicle_no);
${tenantTable(`${s}.vehicles`)}
-- Drivers
create table ${s}.drivers (
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
create index drivers_by_user_record_id on ${s}.drivers (tenant_id, user_record_id, id);
create index drivers_by_name on ${s}.drivers (tenant_id, name, id);
create index drivers_by_created_at on ${s}.drivers (tenant_id, created_at, id);
create index drivers_branch_id_by_user_record_id on ${s}.drivers (tenant_id, branch_id, user_record_id, id);
create unique index drivers_phone_key on ${s}.drivers (tenant_id, phone);
${tenantTable(`${s}.drivers`)}
-- Customer groups
create table ${s}.customer_groups (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_groups_by_name on ${s}.customer_groups (tenant_id, name, id);
create index customer_groups_by_created_at on ${s}.customer_groups (tenant_id, created_at, id);
create unique index customer_groups_name_key on ${s}.customer_groups (tenant_id, name);
${tenantTable(`${s}.customer_groups`)}
-- Customers and Suppliers
create table ${s}.connections (
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
create index connections_by_name on ${s}.connections (tenant_id, type, name, id);
create index connections_by_created_at on ${s}.connections (tenant_id, type, created_at, id);
create index connections_customer_group_id_by_name on ${s}.connections (tenant_id, type, customer_group_id, name, id);
create index connections_city_id_by_name on ${s}.connections (tenant_id, type, city_id, name, id);
create index connections_label_ids_gin on ${s}.connections using gin (label_ids);
create unique index connections_name_key on ${s}.connections (tenant_id, type, name);
create index connections_supplier_group_id_by_name on ${s}.connections (tenant_id, type, supplier_group_id, name, id);
create index connections_supplier_type_by_name on ${s}.connections (tenant_id, type, supplier_type, name, id);
${tenantTable(`${s}.connections`)}
-- Supplier groups
create table ${s}.supplier_groups (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index supplier_groups_by_name on ${s}.supplier_groups (tenant_id, name, id);
create index supplier_groups_by_created_at on ${s}.supplier_groups (tenant_id, created_at, id);
create unique index supplier_groups_name_key on ${s}.supplier_groups (tenant_id, name);
${tenantTable(`${s}.supplier_groups`)}
-- Duty supporters
create table ${s}.duty_supporters (
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
create index duty_supporters_by_name on ${s}.duty_supporters (tenant_id, name, id);
create index duty_supporters_by_created_at on ${s}.duty_supporters (tenant_id, created_at, id);
create index duty_supporters_type_by_name on ${s}.duty_supporters (tenant_id, type, name, id);
${tenantTable(`${s}.duty_supporters`)}
-- Labels
create table ${s}.labels (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  colour text not null check (colour in ('red', 'blue', 'green', 'sky-blue', 'yellow', 'orange', 'purple', 'pink', 'black')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index labels_by_name on ${s}.labels (tenant_id, name, id);
create index labels_by_created_at on ${s}.labels (tenant_id, created_at, id);
create unique index labels_name_key on ${s}.labels (tenant_id, name);
${tenantTable(`${s}.labels`)}
-- Feedback forms
create table ${s}.feedback_forms (
  id uuid primary key,
  tenant_id uuid not null,
  name text not null,
  description text,
  questions jsonb not null default '[]',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index feedback_forms_by_name on ${s}.feedback_forms (tenant_id, name, id);
create index feedback_forms_by_created_at on ${s}.feedback_forms (tenant_id, created_at, id);
create unique index feedback_forms_name_key on ${s}.feedback_forms (tenant_id, name);
${tenantTable(`${s}.feedback_forms`)}
-- Billing items
create table ${s}.billing_items (
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
create index billing_items_by_name on ${s}.billing_items (tenant_id, name, id);
create index billing_items_by_created_at on ${s}.billing_items (tenant_id, created_at, id);
create unique index billing_items_name_key on ${s}.billing_items (tenant_id, name);
${tenantTable(`${s}.billing_items`)}
-- Pricing
create table ${s}.rate_cards (
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
create index rate_cards_by_name on ${s}.rate_cards (tenant_id, name, id);
create index rate_cards_by_contract_start on ${s}.rate_cards (tenant_id, contract_start, id);
create index rate_cards_by_created_at on ${s}.rate_cards (tenant_id, created_at, id);
create index rate_cards_customer_id_by_name on ${s}.rate_cards (tenant_id, customer_id, name, id);
create index rate_cards_supplier_id_by_name on ${s}.rate_cards (tenant_id, supplier_id, name, id);
create index rate_cards_duty_type_id_by_name on ${s}.rate_cards (tenant_id, duty_type_id, name, id);
create index rate_cards_city_id_by_name on ${s}.rate_cards (tenant_id, city_id, name, id);
create index rate_cards_vehicle_group_id_by_name on ${s}.rate_cards (tenant_id, vehicle_group_id, name, id);
${tenantTable(`${s}.rate_cards`)}
-- Branches
create table ${s}.branches (
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
create index branches_by_name on ${s}.branches (tenant_id, name, id);
create index branches_by_created_at on ${s}.branches (tenant_id, created_at, id);
create index branches_city_id_by_name on ${s}.branches (tenant_id, city_id, name, id);
create unique index branches_name_key on ${s}.branches (tenant_id, name);
${tenantTable(`${s}.branches`)}
-- Bank accounts
create table ${s}.bank_accounts (
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
create index bank_accounts_by_name on ${s}.bank_accounts (tenant_id, name, id);
create index bank_accounts_by_created_at on ${s}.bank_accounts (tenant_id, created_at, id);
create unique index bank_accounts_name_key on ${s}.bank_accounts (tenant_id, name);
${tenantTable(`${s}.bank_accounts`)}
-- My companies
create table ${s}.companies (
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
create index companies_by_name on ${s}.companies (tenant_id, name, id);
create index companies_by_created_at on ${s}.companies (tenant_id, created_at, id);
create unique index companies_name_key on ${s}.companies (tenant_id, name);
${tenantTable(`${s}.companies`)}
-- Company profiles
create table ${s}.company_profiles (
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
create index company_profiles_by_name on ${s}.company_profiles (tenant_id, name, id);
create index company_profiles_by_created_at on ${s}.company_profiles (tenant_id, created_at, id);
create unique index company_profiles_name_key on ${s}.company_profiles (tenant_id, name);
${tenantTable(`${s}.company_profiles`)}
-- Channels
create table ${s}.channel_partners (
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
create index channel_partners_by_name on ${s}.channel_partners (tenant_id, name, id);
create index channel_partners_by_created_at on ${s}.channel_partners (tenant_id, created_at, id);
${tenantTable(`${s}.channel_partners`)}
-- Custom fields
create table ${s}.custom_fields (
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
create index custom_fields_by_name on ${s}.custom_fields (tenant_id, name, id);
create index custom_fields_by_created_at on ${s}.custom_fields (tenant_id, created_at, id);
create index custom_fields_entity_by_name on ${s}.custom_fields (tenant_id, entity, name, id);
create unique index custom_fields_name_key on ${s}.custom_fields (tenant_id, entity, name);
${tenantTable(`${s}.custom_fields`)}
-- Business settings
create table ${s}.business_settings (
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
create index business_settings_by_created_at on ${s}.business_settings (tenant_id, created_at, id);
${tenantTable(`${s}.business_settings`)}

`,
  },
  {
    id: '0004_search_terms',
    sql: `
-- Every word of what a master's list searches, lower-cased, per operator: a search is a range scan of
-- this index. ILIKE on the tables themselves cannot use an index under row-level security (the
-- planner keeps a function that is not leakproof, like ILIKE, above the tenant policy); text
-- comparisons are leakproof. A word with a digit in it (a vehicle number, a phone, a GSTIN) is kept
-- with its endings too, so that "4455" finds MH12AB4455 and the last digits of a phone find it.
create table ${s}.search_terms (
  tenant_id uuid not null,
  table_name text not null,
  term text collate "C" not null,
  record_id uuid not null,
  primary key (tenant_id, table_name, term, record_id)
);
create index search_terms_by_record on ${s}.search_terms (record_id);
${tenantTable(`${s}.search_terms`)}

-- The terms of some texts: their words (runs of letters and digits), and the endings of the short
-- words that hold a digit. listRecords splits a search the same way.
create function ${s}.search_terms_of(texts text[]) returns setof text
language sql immutable parallel safe as $$
  with words as (
    select distinct left(w, 64) as w
    from unnest(texts) as t(text), regexp_split_to_table(lower(t.text), '[^[:alnum:]]+') as w
    where w <> ''
  )
  select w from words
  union
  select substr(w, i) from words, generate_series(2, length(w) - 1) as i
  where w ~ '[0-9]' and length(w) <= 24
$$;

-- Keeps a row's terms in step with it; the arguments name the searched columns.
create function ${s}.index_search_terms() returns trigger
language plpgsql as $$
declare
  texts text[] := '{}';
  fields jsonb;
begin
  if tg_op <> 'INSERT' then
    delete from ${s}.search_terms where record_id = old.id and table_name = tg_table_name;
  end if;
  if tg_op <> 'DELETE' then
    fields := to_jsonb(new);
    for i in 0 .. tg_nargs - 1 loop
      texts := texts || (fields ->> tg_argv[i]);
    end loop;
    insert into ${s}.search_terms (tenant_id, table_name, term, record_id)
    select new.tenant_id, tg_table_name, term, new.id from ${s}.search_terms_of(texts) as term;
  end if;
  return null;
end $$;

create trigger duty_types_search_terms after insert or delete or update of name on ${s}.duty_types
  for each row execute function ${s}.index_search_terms('name');
create trigger taxes_search_terms after insert or delete or update of name on ${s}.taxes
  for each row execute function ${s}.index_search_terms('name');
create trigger vehicle_groups_search_terms after insert or delete or update of name, description on ${s}.vehicle_groups
  for each row execute function ${s}.index_search_terms('name', 'description');
create trigger vehicles_search_terms after insert or delete or update of vehicle_no, vehicle_model on ${s}.vehicles
  for each row execute function ${s}.index_search_terms('vehicle_no', 'vehicle_model');
create trigger drivers_search_terms after insert or delete or update of name, phone, licence_no on ${s}.drivers
  for each row execute function ${s}.index_search_terms('name', 'phone', 'licence_no');
create trigger customer_groups_search_terms after insert or delete or update of name on ${s}.customer_groups
  for each row execute function ${s}.index_search_terms('name');
create trigger connections_search_terms after insert or delete or update of name, phone, email, dco_vehicle_no on ${s}.connections
  for each row execute function ${s}.index_search_terms('name', 'phone', 'email', 'dco_vehicle_no');
create trigger supplier_groups_search_terms after insert or delete or update of name on ${s}.supplier_groups
  for each row execute function ${s}.index_search_terms('name');
create trigger duty_supporters_search_terms after insert or delete or update of name, phone on ${s}.duty_supporters
  for each row execute function ${s}.index_search_terms('name', 'phone');
create trigger labels_search_terms after insert or delete or update of name on ${s}.labels
  for each row execute function ${s}.index_search_terms('name');
create trigger feedback_forms_search_terms after insert or delete or update of name on ${s}.feedback_forms
  for each row execute function ${s}.index_search_terms('name');
create trigger billing_items_search_terms after insert or delete or update of name on ${s}.billing_items
  for each row execute function ${s}.index_search_terms('name');
create trigger rate_cards_search_terms after insert or delete or update of name on ${s}.rate_cards
  for each row execute function ${s}.index_search_terms('name');
create trigger branches_search_terms after insert or delete or update of name on ${s}.branches
  for each row execute function ${s}.index_search_terms('name');
create trigger bank_accounts_search_terms after insert or delete or update of name, bank_name, account_no on ${s}.bank_accounts
  for each row execute function ${s}.index_search_terms('name', 'bank_name', 'account_no');
create trigger companies_search_terms after insert or delete or update of name, gst_no on ${s}.companies
  for each row execute function ${s}.index_search_terms('name', 'gst_no');
create trigger company_profiles_search_terms after insert or delete or update of name on ${s}.company_profiles
  for each row execute function ${s}.index_search_terms('name');
create trigger channel_partners_search_terms after insert or delete or update of name, code on ${s}.channel_partners
  for each row execute function ${s}.index_search_terms('name', 'code');
create trigger custom_fields_search_terms after insert or delete or update of name on ${s}.custom_fields
  for each row execute function ${s}.index_search_terms('name');
create trigger business_settings_search_terms after insert or delete or update of business_name on ${s}.business_settings
  for each row execute function ${s}.index_search_terms('business_name');

insert into ${s}.search_terms select tenant_id, 'duty_types', term, id
  from ${s}.duty_types, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'taxes', term, id
  from ${s}.taxes, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'vehicle_groups', term, id
  from ${s}.vehicle_groups, ${s}.search_terms_of(array[name, description]) as term;
insert into ${s}.search_terms select tenant_id, 'vehicles', term, id
  from ${s}.vehicles, ${s}.search_terms_of(array[vehicle_no, vehicle_model]) as term;
insert into ${s}.search_terms select tenant_id, 'drivers', term, id
  from ${s}.drivers, ${s}.search_terms_of(array[name, phone, licence_no]) as term;
insert into ${s}.search_terms select tenant_id, 'customer_groups', term, id
  from ${s}.customer_groups, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'connections', term, id
  from ${s}.connections, ${s}.search_terms_of(array[name, phone, email, dco_vehicle_no]) as term;
insert into ${s}.search_terms select tenant_id, 'supplier_groups', term, id
  from ${s}.supplier_groups, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'duty_supporters', term, id
  from ${s}.duty_supporters, ${s}.search_terms_of(array[name, phone]) as term;
insert into ${s}.search_terms select tenant_id, 'labels', term, id
  from ${s}.labels, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'feedback_forms', term, id
  from ${s}.feedback_forms, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'billing_items', term, id
  from ${s}.billing_items, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'rate_cards', term, id
  from ${s}.rate_cards, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'branches', term, id
  from ${s}.branches, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'bank_accounts', term, id
  from ${s}.bank_accounts, ${s}.search_terms_of(array[name, bank_name, account_no]) as term;
insert into ${s}.search_terms select tenant_id, 'companies', term, id
  from ${s}.companies, ${s}.search_terms_of(array[name, gst_no]) as term;
insert into ${s}.search_terms select tenant_id, 'company_profiles', term, id
  from ${s}.company_profiles, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'channel_partners', term, id
  from ${s}.channel_partners, ${s}.search_terms_of(array[name, code]) as term;
insert into ${s}.search_terms select tenant_id, 'custom_fields', term, id
  from ${s}.custom_fields, ${s}.search_terms_of(array[name]) as term;
insert into ${s}.search_terms select tenant_id, 'business_settings', term, id
  from ${s}.business_settings, ${s}.search_terms_of(array[business_name]) as term;
`,
  },
];
