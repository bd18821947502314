-- Petty cash (spec §6 view/add/send/manage_petty_cash): the office's cash box of each billing company.
-- Entries put cash in (RECEIVED), hand it to a person (GIVEN), take it back (RETURNED) or spend it
-- (SPENT: from the box, or by a person from what they hold). Entries are voided with a reason, never
-- deleted. What the box holds and what each person holds are kept as entries change, in the same
-- transaction, so that the balance is read from one row and the holdings from theirs; the service's
-- property test holds them to the ledger of the live entries.

-- One voucher series per billing company and financial year, advanced under the row's lock.
create table billing.petty_cash_series (
  tenant_id uuid not null,
  company_id uuid not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, company_id, financial_year)
);

create table billing.petty_cash_entries (
  id uuid primary key,
  tenant_id uuid not null,
  company_id uuid not null,
  voucher_no text not null,
  sequence bigint not null check (sequence > 0),
  financial_year text not null,
  entry_date date not null,
  kind text not null check (kind in ('RECEIVED', 'GIVEN', 'RETURNED', 'SPENT')),
  amount numeric(14, 2) not null check (amount > 0),
  category text not null check (category in ('CASH_DEPOSIT', 'DRIVER_ADVANCE', 'EMPLOYEE_FLOAT', 'FUEL',
    'TOLL_PARKING', 'VEHICLE_REPAIR', 'VEHICLE_CLEANING', 'DRIVER_ALLOWANCE', 'OFFICE', 'FOOD', 'POSTAGE_COURIER',
    'OTHER')),
  -- The person the cash went to or came from: '' for none. A driver is named by the master's id.
  person_key text not null default '',
  person_name text not null default '',
  person_phone text not null default '',
  person_email text not null default '',
  driver_id uuid,
  booking_no text not null default '',
  vehicle_no text not null default '',
  payment_mode text not null default 'CASH' check (payment_mode in ('CASH', 'CHEQUE', 'NEFT', 'CREDIT_CARD', 'OTHER')),
  notes text not null default '',
  is_voided boolean not null default false,
  void_reason text not null default '',
  voided_at timestamptz,
  last_sent_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  recorded_by_user_id uuid,
  voucher_no_key text collate "C" generated always as (lower(voucher_no)) stored,
  person_name_key text collate "C" generated always as (lower(person_name)) stored,
  unique (tenant_id, company_id, financial_year, sequence),
  check ((kind not in ('GIVEN', 'RETURNED')) or person_key <> ''),
  check (not is_voided or void_reason <> '')
);
-- The cash book, newest first, and its filters (each leading with the tenant, leakproof equality only).
create index petty_cash_by_date on billing.petty_cash_entries (tenant_id, entry_date, id);
create index petty_cash_of_person on billing.petty_cash_entries (tenant_id, person_key, entry_date, id);
create index petty_cash_by_kind on billing.petty_cash_entries (tenant_id, kind, entry_date, id);
create index petty_cash_by_category on billing.petty_cash_entries (tenant_id, category, entry_date, id);
create index petty_cash_voucher_search on billing.petty_cash_entries (tenant_id, voucher_no_key);
create index petty_cash_person_search on billing.petty_cash_entries (tenant_id, person_name_key);

-- What each company's box holds now.
create table billing.petty_cash_boxes (
  tenant_id uuid not null,
  company_id uuid not null,
  balance numeric(14, 2) not null default 0 check (balance >= 0),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, company_id)
);

-- What each person holds of a company's box now (with how to reach them, from their latest entry).
create table billing.petty_cash_holdings (
  tenant_id uuid not null,
  company_id uuid not null,
  person_key text not null check (person_key <> ''),
  person_name text not null,
  person_phone text not null default '',
  person_email text not null default '',
  driver_id uuid,
  held numeric(14, 2) not null default 0 check (held >= 0),
  is_holding boolean generated always as (held > 0) stored,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, company_id, person_key)
);
create index petty_cash_holders on billing.petty_cash_holdings (tenant_id, held desc) where is_holding;

do $$
declare t text;
begin
  foreach t in array array['petty_cash_series', 'petty_cash_entries', 'petty_cash_boxes', 'petty_cash_holdings'] loop
    execute format('alter table billing.%I enable row level security', t);
    execute format('alter table billing.%I force row level security', t);
    execute format($p$create policy tenant_isolation on billing.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on billing.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
