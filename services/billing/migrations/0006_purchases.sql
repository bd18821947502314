-- Purchases (spec §2 purchases routes, §3 PurchaseInvoice, §9 purchase item types; DOMAIN.md Invoicing):
-- the duties suppliers ran with what they are paid for them, the suppliers' invoices over those duties,
-- and the payments made to suppliers with what each settles.

-- The purchase side of a duty a supplier ran, kept on billing's one read model of duties: the supplier,
-- what bookings priced it at on the supplier's card (the purchase DutyCharges), and the operator's
-- acceptance of the supplier's slip. A purchase invoice takes only accepted slips, unless the supplier
-- master allows invoicing unaccepted ones.
alter table billing.duties
  add column supplier_id uuid,
  add column supplier_name text not null default '',
  -- bookings' purchase DutyCharges as protobuf JSON; null until priced.
  add column purchase_charges jsonb,
  add column purchase_amount numeric(14, 2),
  add column purchase_slip_status text not null default 'NO_ACTION'
    check (purchase_slip_status in ('NO_ACTION', 'ACCEPTED', 'REJECTED')),
  add column purchase_slip_reason text not null default '',
  add column purchase_slip_by_user_id uuid,
  add column purchase_slip_at timestamptz,
  -- The live (draft or approved) purchase invoice holding it; null while the supplier has not billed it.
  add column purchase_invoice_id uuid,
  add check (purchase_slip_status <> 'REJECTED' or purchase_slip_reason <> ''),
  -- The vehicle number lowered in the "C" collation, searched by its beginning with `^@` (leakproof).
  add column vehicle_no_key text collate "C" generated always as (lower(vehicle_no)) stored;
-- The duties suppliers ran, newest first (the purchase duties screen), and one supplier's (its filter and
-- the purchase invoice's duty picker); keyset-paged by (start date, booking id).
create index duties_purchase_by_date on billing.duties (tenant_id, start_date, booking_id)
  where supplier_id is not null;
create index duties_of_supplier on billing.duties (tenant_id, supplier_id, start_date, booking_id)
  where supplier_id is not null;
create index duties_purchase_by_number on billing.duties (tenant_id, booking_no) where supplier_id is not null;
create index duties_purchase_by_vehicle on billing.duties (tenant_id, vehicle_no_key)
  where supplier_id is not null;
create index duties_of_purchase_invoice on billing.duties (purchase_invoice_id)
  where purchase_invoice_id is not null;

-- The operator's own voucher numbers for purchase invoices and supplier payments: one series per
-- billing company and financial year each, advanced under the row's lock, consecutive, never reused.
create table billing.purchase_invoice_series (
  tenant_id uuid not null,
  company_id uuid not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, company_id, financial_year)
);

create table billing.purchase_invoices (
  id uuid primary key,
  tenant_id uuid not null,
  -- Ours: PUR/26-27/0001.
  purchase_no text not null,
  sequence bigint not null check (sequence > 0),
  financial_year text not null,
  -- The operator's billing company the supplier billed.
  company_id uuid not null,
  supplier_id uuid not null,
  supplier_name text not null,
  supplier_gst_no text not null default '',
  supplier_state_code text not null default '',
  -- The supplier's: its number, its date, and when it reached the operator (all required).
  supplier_invoice_no text not null check (supplier_invoice_no <> ''),
  supplier_invoice_date date not null,
  received_date date not null,
  due_date date,
  status text not null default 'DRAFT' check (status in ('DRAFT', 'APPROVED', 'CANCELLED')),
  -- The figures as computed from the rows (decimal, two places): car hire and billing items, less the
  -- discount, is the taxable value; tax from the supplier master's taxes; TDS deducted on the taxable
  -- value; total = taxable + tax + round off; payable = total − TDS.
  sub_total numeric(14, 2) not null default 0,
  discount numeric(14, 2) not null default 0 check (discount >= 0),
  taxable numeric(14, 2) not null default 0,
  tax_total numeric(14, 2) not null default 0,
  -- The taxes applied as [{ taxId, name, percentage, amount }].
  taxes jsonb not null default '[]',
  tds_percentage numeric(5, 2) not null default 0,
  tds numeric(14, 2) not null default 0 check (tds >= 0),
  round_off numeric(6, 2) not null default 0,
  total numeric(14, 2) not null default 0,
  payable numeric(14, 2) not null default 0,
  -- What live supplier-payment settlements add up to, kept in the transaction that settles or cancels.
  paid numeric(14, 2) not null default 0 check (paid >= 0),
  notes text not null default '',
  cancellation_reason text not null default '',
  approved_at timestamptz,
  approved_by_user_id uuid,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_user_id uuid,
  -- The approved invoices still owed something, as a stored column: numeric comparison is not leakproof,
  -- so under row-level security `payable > paid` in a query could not use an index.
  is_open boolean generated always as (status = 'APPROVED' and payable > paid) stored,
  purchase_no_key text collate "C" generated always as (lower(purchase_no)) stored,
  supplier_invoice_no_key text collate "C" generated always as (lower(supplier_invoice_no)) stored,
  supplier_name_key text collate "C" generated always as (lower(supplier_name)) stored,
  unique (tenant_id, company_id, financial_year, sequence),
  check (status <> 'CANCELLED' or cancellation_reason <> '')
);
-- A supplier's number names one live invoice of it.
create unique index purchase_invoices_supplier_number on billing.purchase_invoices
  (tenant_id, supplier_id, lower(supplier_invoice_no)) where status <> 'CANCELLED';
create index purchase_invoices_by_created on billing.purchase_invoices (tenant_id, created_at, id);
create index purchase_invoices_by_date on billing.purchase_invoices (tenant_id, supplier_invoice_date, id);
create index purchase_invoices_by_received on billing.purchase_invoices (tenant_id, received_date, id);
-- A supplier's invoices by date, in the list's order (date, id) when the list is narrowed to one supplier.
create index purchase_invoices_of_supplier on billing.purchase_invoices
  (tenant_id, supplier_id, supplier_invoice_date, id);
create index purchase_invoices_number_search on billing.purchase_invoices (tenant_id, purchase_no_key);
create index purchase_invoices_supplier_number_search on billing.purchase_invoices
  (tenant_id, supplier_invoice_no_key);
create index purchase_invoices_supplier_search on billing.purchase_invoices (tenant_id, supplier_name_key);
create index purchase_invoices_open on billing.purchase_invoices (tenant_id, supplier_id, supplier_invoice_date)
  where is_open;

-- The rows of a purchase invoice (spec §9 purchase item types): CAR_HIRE_CHARGES (a duty's purchase
-- charges, booking_id set), BILLING_ITEM (tolls, parking… the supplier paid, booking_id set or not),
-- CUSTOM, DISCOUNT_AMOUNT. Tax and TDS are figures of the invoice, not rows.
create table billing.purchase_invoice_lines (
  id uuid primary key,
  tenant_id uuid not null,
  purchase_invoice_id uuid not null references billing.purchase_invoices (id),
  position integer not null check (position >= 0),
  type text not null check (type in ('CAR_HIRE_CHARGES', 'BILLING_ITEM', 'CUSTOM', 'DISCOUNT_AMOUNT')),
  booking_id uuid,
  description text not null default '',
  amount numeric(14, 2) not null check (amount >= 0),
  unique (purchase_invoice_id, position)
);

create table billing.purchase_invoice_activity (
  id uuid primary key,
  tenant_id uuid not null,
  purchase_invoice_id uuid not null references billing.purchase_invoices (id),
  at timestamptz not null default now(),
  action text not null,
  by_user_id uuid,
  detail text not null default ''
);
create index purchase_invoice_activity_of on billing.purchase_invoice_activity (purchase_invoice_id, at);

create table billing.supplier_payment_series (
  tenant_id uuid not null,
  company_id uuid not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, company_id, financial_year)
);

-- Money paid to a supplier: against purchase invoices, or as an advance (on a duty or on account) applied
-- to its invoices later.
create table billing.supplier_payments (
  id uuid primary key,
  tenant_id uuid not null,
  -- Ours: PAY/26-27/0001.
  payment_no text not null,
  sequence bigint not null check (sequence > 0),
  financial_year text not null,
  type text not null check (type in ('INVOICE', 'ADVANCE')),
  company_id uuid not null,
  supplier_id uuid not null,
  supplier_name text not null,
  payment_date date not null,
  amount numeric(14, 2) not null check (amount > 0),
  -- What its settlements apply of it; the rest is held as an advance to the supplier.
  applied numeric(14, 2) not null default 0 check (applied >= 0 and applied <= amount),
  payment_mode text not null check (payment_mode in ('CASH', 'CHEQUE', 'NEFT', 'CREDIT_CARD', 'OTHER')),
  cheque_no text not null default '',
  cheque_date date,
  bank_name text not null default '',
  reference text not null default '',
  notes text not null default '',
  -- An advance taken on a duty.
  booking_id uuid,
  is_cancelled boolean not null default false,
  cancellation_reason text not null default '',
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by_user_id uuid,
  is_holding boolean generated always as (not is_cancelled and amount > applied) stored,
  payment_no_key text collate "C" generated always as (lower(payment_no)) stored,
  supplier_name_key text collate "C" generated always as (lower(supplier_name)) stored,
  unique (tenant_id, company_id, financial_year, sequence),
  check (not is_cancelled or cancellation_reason <> '')
);
create index supplier_payments_by_date on billing.supplier_payments (tenant_id, payment_date, id);
create index supplier_payments_by_created on billing.supplier_payments (tenant_id, created_at, id);
create index supplier_payments_of_supplier on billing.supplier_payments (tenant_id, supplier_id, payment_date);
create index supplier_payments_number_search on billing.supplier_payments (tenant_id, payment_no_key);
create index supplier_payments_supplier_search on billing.supplier_payments (tenant_id, supplier_name_key);
create index supplier_payments_holding on billing.supplier_payments (tenant_id, supplier_id) where is_holding;

create table billing.supplier_payment_settlements (
  id uuid primary key,
  tenant_id uuid not null,
  payment_id uuid not null references billing.supplier_payments (id),
  purchase_invoice_id uuid not null references billing.purchase_invoices (id),
  amount numeric(14, 2) not null check (amount > 0),
  is_live boolean not null default true,
  applied_at timestamptz not null default now()
);
create index supplier_payment_settlements_of_payment on billing.supplier_payment_settlements (payment_id);
-- All of an invoice's settlements, cancelled ones too: its page lists every payment that touched it.
create index supplier_payment_settlements_of_invoice on billing.supplier_payment_settlements
  (purchase_invoice_id);

do $$
declare t text;
begin
  foreach t in array array['purchase_invoice_series', 'purchase_invoices', 'purchase_invoice_lines',
    'purchase_invoice_activity', 'supplier_payment_series', 'supplier_payments',
    'supplier_payment_settlements'] loop
    execute format('alter table billing.%I enable row level security', t);
    execute format('alter table billing.%I force row level security', t);
    execute format($p$create policy tenant_isolation on billing.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on billing.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
