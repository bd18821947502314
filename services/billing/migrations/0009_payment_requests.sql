-- Payment requests: a message to a customer with what it owes and a link to a public page of its open
-- invoices (spec §2 public routes). The link's token is never stored, only its SHA-256, by which the page
-- looks it up; the page reads the customer's dues live, and only that customer's of that operator, until
-- the request expires.
create table billing.payment_requests (
  id uuid primary key,
  tenant_id uuid not null,
  token_hash bytea not null unique check (length(token_hash) = 32),
  customer_id uuid not null,
  customer_name text not null,
  -- The invoice asked for; null for the customer's total outstanding.
  invoice_id uuid references billing.invoices (id),
  invoice_no text not null default '',
  -- What was asked, as it stood when asked.
  amount_due numeric(14, 2) not null check (amount_due > 0),
  emails jsonb not null default '[]',
  phones jsonb not null default '[]',
  requested_by_user_id uuid,
  created_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > created_at)
);
create index payment_requests_of on billing.payment_requests (tenant_id, customer_id, created_at desc);

do $$
begin
  alter table billing.payment_requests enable row level security;
  alter table billing.payment_requests force row level security;
  create policy tenant_isolation on billing.payment_requests to fleet_app
    using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
    with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
  create policy system_access on billing.payment_requests to fleet_system using (true) with check (true);
end $$;
