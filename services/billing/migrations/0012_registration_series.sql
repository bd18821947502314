-- GST rule 46: a document's serial is unique within a financial year per registration, not per company
-- record. Two records of one GSTIN (masters keeps companies unique by name only) both issued INV/0001,
-- each from its own series. The series of invoices, receipts and credit and debit notes are now kept per
-- registration: the company's GSTIN, or the company record itself for one not registered for GST.
create table billing.registration_series (
  tenant_id uuid not null,
  document text not null check (document in ('INVOICE', 'RECEIPT', 'CREDIT_NOTE', 'DEBIT_NOTE')),
  -- The GSTIN in capitals, or 'company:<id>' for a company without one.
  registration text not null,
  financial_year text not null check (financial_year ~ '^\d{4}-\d{2}$'),
  next_sequence bigint not null default 1 check (next_sequence > 0),
  primary key (tenant_id, document, registration, financial_year)
);

-- Each registration goes on after the highest number any of its records reached.
insert into billing.registration_series (tenant_id, document, registration, financial_year, next_sequence)
select s.tenant_id, s.document,
       coalesce(nullif(upper(c.data ->> 'gstNo'), ''), 'company:' || s.company_id::text),
       s.financial_year, max(s.next_sequence)
from (
  select tenant_id, 'INVOICE' as document, company_id, financial_year, next_sequence from billing.invoice_series
  union all
  select tenant_id, 'RECEIPT', company_id, financial_year, next_sequence from billing.receipt_series
  union all
  select tenant_id, 'CREDIT_NOTE', company_id, financial_year, next_sequence from billing.credit_note_series
  union all
  select tenant_id, 'DEBIT_NOTE', company_id, financial_year, next_sequence from billing.debit_note_series
) s
left join billing.master_copies c on c.tenant_id = s.tenant_id and c.kind = 'company' and c.id = s.company_id
group by 1, 2, 3, 4;

alter table billing.registration_series enable row level security;
alter table billing.registration_series force row level security;
create policy tenant_isolation on billing.registration_series to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on billing.registration_series to fleet_system using (true) with check (true);
