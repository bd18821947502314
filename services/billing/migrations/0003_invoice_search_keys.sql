-- The invoice list's search by the beginning of a number or a buyer's name, through an index under
-- row-level security. Only a leakproof condition may use an index ahead of the tenant's policy, and
-- `lower(x) like 'p%'` is not one (neither lower() nor like is leakproof), so every search read the whole
-- operator's invoices. The keys are the lowered texts in the "C" collation, searched with `^@`
-- (starts_with, leakproof, served by a btree in "C").
alter table billing.invoices
  add column invoice_no_key text collate "C" generated always as (lower(invoice_no)) stored,
  add column buyer_name_key text collate "C" generated always as (lower(buyer_name)) stored;

drop index billing.invoices_number_search;
drop index billing.invoices_buyer_search;
drop index billing.invoices_gstin_search;
create index invoices_number_search on billing.invoices (tenant_id, invoice_no_key);
create index invoices_buyer_search on billing.invoices (tenant_id, buyer_name_key);
-- Whole: a partial index (buyer_gst_no <> '') is not proved usable for `buyer_gst_no = $1`.
create index invoices_gstin_search on billing.invoices (tenant_id, buyer_gst_no);
