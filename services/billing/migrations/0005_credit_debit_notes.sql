-- Credit and debit notes (spec §3 CreditDebitNote): a change to what an invoice asks, after it was
-- issued, with its own GST and its own number. A credit note lowers the invoice's outstanding, a debit
-- note raises it; a cancelled note stops counting.

create table billing.credit_note_series (
  tenant_id uuid not null,
  company_id uuid not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, company_id, financial_year)
);
create table billing.debit_note_series (like billing.credit_note_series including all);

create table billing.notes (
  id uuid primary key,
  tenant_id uuid not null,
  type text not null check (type in ('CREDIT', 'DEBIT')),
  note_no text not null,
  sequence bigint not null check (sequence > 0),
  financial_year text not null,
  company_id uuid not null,
  customer_id uuid not null,
  customer_name text not null,
  invoice_id uuid not null references billing.invoices (id),
  note_date date not null,
  reason text not null check (reason <> ''),
  taxable_value numeric(14, 2) not null check (taxable_value >= 0),
  tax numeric(14, 2) not null check (tax >= 0),
  round_off numeric(14, 2) not null default 0,
  total numeric(14, 2) not null check (total > 0),
  -- The GST components as the invoice's regime gives them: [{kind, rate, gstRate, taxableValue, amount}].
  taxes jsonb not null default '[]',
  is_cancelled boolean not null default false,
  cancellation_reason text not null default '',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_user_id uuid,
  note_no_key text collate "C" generated always as (lower(note_no)) stored,
  customer_name_key text collate "C" generated always as (lower(customer_name)) stored,
  unique (tenant_id, type, company_id, financial_year, sequence),
  check (not is_cancelled or cancellation_reason <> '')
);
create index notes_by_date on billing.notes (tenant_id, note_date, id);
create index notes_by_created on billing.notes (tenant_id, created_at, id);
create index notes_of_invoice on billing.notes (invoice_id);
create index notes_of_customer on billing.notes (tenant_id, customer_id, note_date);
create index notes_number_search on billing.notes (tenant_id, note_no_key);
create index notes_customer_search on billing.notes (tenant_id, customer_name_key);

-- The invoice's live debit notes less its live credit notes, kept as notes are made and cancelled:
-- outstanding = total + noted − settled.
alter table billing.invoices add column noted numeric(14, 2) not null default 0;

-- What the receivables read, as plain columns: under row-level security only a leakproof condition may
-- use an index, and numeric comparison and addition are not leakproof, so `total + noted > settled`
-- written in a query would read every invoice of the operator. A stored column is a plain reference.
alter table billing.invoices add column is_open boolean
  generated always as (status = 'APPROVED' and total + noted > settled) stored;
drop index billing.invoices_open;
create index invoices_open on billing.invoices (tenant_id, customer_id, invoice_date) where is_open;
alter table billing.receipts add column is_holding boolean
  generated always as (not is_cancelled and received_amount > applied) stored;
drop index billing.receipts_holding;
create index receipts_holding on billing.receipts (tenant_id, customer_id) where is_holding;

do $$
declare t text;
begin
  foreach t in array array['credit_note_series', 'debit_note_series', 'notes'] loop
    execute format('alter table billing.%I enable row level security', t);
    execute format('alter table billing.%I force row level security', t);
    execute format($p$create policy tenant_isolation on billing.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on billing.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
