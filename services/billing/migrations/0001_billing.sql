-- Billing: sales invoices from closed duties, numbered per billing company and financial year, with
-- GST (DOMAIN.md, Invoicing). Customers, companies, duties… belong to other services: billing keeps
-- read models of them, fed by their events, and their ids here carry no foreign keys.

-- Copies of the masters invoicing reads (customers, companies and their profiles, taxes, billing items,
-- bank accounts, business settings), kept by the platform's record copies from masters' typed events.
create table billing.master_copies (
  tenant_id uuid not null,
  kind text not null,
  id uuid not null,
  name text not null,
  is_active boolean not null,
  data jsonb not null,
  updated_at timestamptz not null,
  primary key (tenant_id, kind, id)
);

-- Duties as billing knows them, from bookings' events: the booking's latest version wins; the charges
-- come from the last event that carried them (the closing, an adjustment). Only a CLOSED duty is billed.
create table billing.duties (
  booking_id uuid primary key,
  tenant_id uuid not null,
  booking_no bigint not null,
  version integer not null,
  status text not null,
  customer_id uuid not null,
  customer_name text not null default '',
  company_id uuid,
  from_city_id text not null,
  vehicle_group_id uuid,
  duty_type_id uuid,
  start_date date not null,
  reporting_at timestamptz,
  vehicle_no text not null default '',
  driver_name text not null default '',
  passenger_names text not null default '',
  -- bookings' DutyCharges as protobuf JSON; null until the duty is priced.
  charges jsonb,
  car_hire numeric(14, 2),
  rate_card_name text not null default '',
  -- bookings' DutyBillingItem list as protobuf JSON.
  billing_items jsonb not null default '[]',
  billing_items_total numeric(14, 2) not null default 0,
  slip_approved boolean not null default false,
  closed_at timestamptz,
  -- The live (draft or approved) invoice holding it; null while bill-pending.
  invoice_id uuid,
  -- Lower-cased booking number, vehicle, driver and passengers, for the workspace's search.
  search text not null default '',
  -- Whether the auto-invoicer has looked at the duty since it closed (customers invoiced per duty).
  auto_invoice_checked boolean not null default false,
  updated_at timestamptz not null default now()
);
create index duties_auto_invoice_due on billing.duties (closed_at) where not auto_invoice_checked;
-- Bill-pending duties by date: the create-invoice screen, the workspace, the month-end run.
create index duties_bill_pending on billing.duties (tenant_id, start_date, booking_no)
  where status = 'CLOSED' and invoice_id is null and charges is not null;
create index duties_of_customer on billing.duties (tenant_id, customer_id, start_date, booking_no);
create index duties_of_invoice on billing.duties (invoice_id) where invoice_id is not null;

-- One numbering series per billing company and financial year: the next number, advanced under the row's
-- lock in the transaction that creates the invoice, so numbers are consecutive and never reused.
create table billing.invoice_series (
  tenant_id uuid not null,
  company_id uuid not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, company_id, financial_year)
);

create table billing.invoices (
  id uuid primary key,
  tenant_id uuid not null,
  invoice_no text not null check (invoice_no ~ '^[A-Za-z0-9/-]{1,16}$'),
  prefix text not null,
  sequence bigint not null check (sequence > 0),
  financial_year text not null,
  status text not null check (status in ('DRAFT', 'APPROVED', 'CANCELLED', 'DISCARDED')),
  is_dispatched boolean not null default false,
  is_downloaded boolean not null default false,
  kind text not null check (kind in ('BOOKING', 'BOOKINGS', 'MANUAL')),
  customer_id uuid not null,
  company_id uuid not null,
  company_profile_id uuid,
  invoice_date date not null,
  due_date date not null check (due_date >= invoice_date),
  start_date date,
  end_date date,
  -- The buyer as addressed, for the list and its search (number, name or GSTIN, by their beginning).
  buyer_name text not null,
  buyer_gst_no text not null default '',
  total numeric(14, 2) not null,
  -- billing.v1.InvoiceTotals as protobuf JSON: what the list shows beside the total.
  totals jsonb not null,
  -- Everything else the invoice says (parties, tax, lines, taxes, layout) as billing.v1.Invoice protobuf
  -- JSON: printed exactly as it was made, whatever the masters become. The list never reads it.
  document jsonb not null,
  notes text not null default '',
  cancellation_reason text not null default '',
  reissue_of_id uuid references billing.invoices (id),
  -- Set as the invoice is retired, before its reissue is written in the same transaction.
  reissued_as_id uuid references billing.invoices (id) deferrable initially deferred,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  approved_at timestamptz,
  dispatched_at timestamptz,
  created_by_user_id uuid,
  unique (tenant_id, company_id, financial_year, sequence),
  check (status <> 'CANCELLED' or cancellation_reason <> '')
);
-- The list's three sorts, each a keyset walk (id breaks ties).
create index invoices_by_created on billing.invoices (tenant_id, created_at, id);
create index invoices_by_start on billing.invoices (tenant_id, start_date, id);
create index invoices_by_number on billing.invoices (tenant_id, invoice_no, id);
create index invoices_of_customer on billing.invoices (tenant_id, customer_id, invoice_date);
create index invoices_by_date on billing.invoices (tenant_id, invoice_date, id);
create index invoices_number_search on billing.invoices (tenant_id, lower(invoice_no) text_pattern_ops);
create index invoices_buyer_search on billing.invoices (tenant_id, lower(buyer_name) text_pattern_ops);
create index invoices_gstin_search on billing.invoices (tenant_id, buyer_gst_no) where buyer_gst_no <> '';

-- The duties an invoice bills, kept for every invoice (cancelled ones too, for their history). A duty is
-- on at most one live invoice at a time: the partial unique index refuses a second under any concurrency.
create table billing.invoice_duties (
  invoice_id uuid not null references billing.invoices (id) on delete cascade,
  booking_id uuid not null,
  tenant_id uuid not null,
  is_live boolean not null default true,
  primary key (invoice_id, booking_id)
);
create unique index invoice_duties_one_live on billing.invoice_duties (tenant_id, booking_id) where is_live;

create table billing.invoice_activity (
  id uuid primary key,
  tenant_id uuid not null,
  invoice_id uuid not null references billing.invoices (id) on delete cascade,
  at timestamptz not null default now(),
  user_id uuid,
  actor_user_id uuid,
  action text not null,
  note text not null default ''
);
create index invoice_activity_of on billing.invoice_activity (invoice_id, at);

do $$
declare t text;
begin
  foreach t in array array['master_copies', 'duties', 'invoice_series', 'invoices', 'invoice_duties',
                           'invoice_activity'] loop
    execute format('alter table billing.%I enable row level security', t);
    execute format('alter table billing.%I force row level security', t);
    execute format($p$create policy tenant_isolation on billing.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on billing.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
