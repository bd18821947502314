-- The invoice list's "newest first" is by the invoice's date, its number breaking a day's ties: a keyset
-- walk on (invoice_date, invoice_no, id), read from this index in either direction without a sort.
create index invoices_by_date_number on billing.invoices (tenant_id, invoice_date, invoice_no, id);
