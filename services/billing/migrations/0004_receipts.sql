-- Receipts (spec §3 Receipt): money received from a customer against invoices, as an advance, or on
-- account, and what each settles of which invoice. An invoice's outstanding is its total less its live
-- settlements (money, TDS, bank charges); a cancelled receipt's settlements stop being live.

-- One receipt series per billing company and financial year, advanced under the row's lock in the
-- transaction that records the receipt: consecutive, never reused.
create table billing.receipt_series (
  tenant_id uuid not null,
  company_id uuid not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, company_id, financial_year)
);

create table billing.receipts (
  id uuid primary key,
  tenant_id uuid not null,
  receipt_no text not null,
  sequence bigint not null check (sequence > 0),
  financial_year text not null,
  type text not null check (type in ('INVOICE', 'ADVANCE', 'ON_ACCOUNT')),
  customer_id uuid not null,
  customer_name text not null,
  company_id uuid not null,
  receipt_date date not null,
  received_amount numeric(14, 2) not null check (received_amount >= 0),
  -- What its settlements apply of it (kept as they are made); the rest is held for the customer.
  applied numeric(14, 2) not null default 0 check (applied >= 0 and applied <= received_amount),
  payment_mode text not null check (payment_mode in ('CASH', 'CHEQUE', 'NEFT', 'CREDIT_CARD', 'OTHER')),
  cheque_no text not null default '',
  cheque_date date,
  bank_name text not null default '',
  reference text not null default '',
  notes text not null default '',
  booking_id uuid,
  is_cancelled boolean not null default false,
  cancellation_reason text not null default '',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_user_id uuid,
  -- The search keys, lowered in the "C" collation for `^@` (leakproof, so usable under row-level security).
  receipt_no_key text collate "C" generated always as (lower(receipt_no)) stored,
  customer_name_key text collate "C" generated always as (lower(customer_name)) stored,
  unique (tenant_id, company_id, financial_year, sequence),
  check (not is_cancelled or cancellation_reason <> '')
);
create index receipts_by_date on billing.receipts (tenant_id, receipt_date, id);
create index receipts_by_created on billing.receipts (tenant_id, created_at, id);
create index receipts_of_customer on billing.receipts (tenant_id, customer_id, receipt_date);
create index receipts_number_search on billing.receipts (tenant_id, receipt_no_key);
create index receipts_customer_search on billing.receipts (tenant_id, customer_name_key);
create index receipts_cheque_search on billing.receipts (tenant_id, cheque_no) where cheque_no <> '';
create index receipts_reference_search on billing.receipts (tenant_id, reference) where reference <> '';
-- Receipts still holding money for their customer (advances, money on account).
create index receipts_holding on billing.receipts (tenant_id, customer_id)
  where not is_cancelled and received_amount > applied;

create table billing.receipt_settlements (
  id uuid primary key,
  tenant_id uuid not null,
  receipt_id uuid not null references billing.receipts (id),
  invoice_id uuid not null references billing.invoices (id),
  amount numeric(14, 2) not null check (amount >= 0),
  tds_amount numeric(14, 2) not null default 0 check (tds_amount >= 0),
  bank_charges numeric(14, 2) not null default 0 check (bank_charges >= 0),
  is_live boolean not null default true,
  applied_at timestamptz not null default now()
);
create index receipt_settlements_of_receipt on billing.receipt_settlements (receipt_id);
create index receipt_settlements_of_invoice on billing.receipt_settlements (invoice_id) where is_live;

-- What an invoice's live settlements add up to (money, TDS, bank charges), kept in the transaction that
-- settles or cancels, so that outstanding (total − settled) and the ageing of every customer's open
-- invoices read the invoices alone. The receipts' property test holds it to the settlements.
alter table billing.invoices add column settled numeric(14, 2) not null default 0 check (settled >= 0);
-- The approved invoices that still ask for money: a customer's open invoices and the ageing read only these.
create index invoices_open on billing.invoices (tenant_id, customer_id, invoice_date)
  where status = 'APPROVED' and total > settled;

do $$
declare t text;
begin
  foreach t in array array['receipt_series', 'receipts', 'receipt_settlements'] loop
    execute format('alter table billing.%I enable row level security', t);
    execute format('alter table billing.%I force row level security', t);
    execute format($p$create policy tenant_isolation on billing.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on billing.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
