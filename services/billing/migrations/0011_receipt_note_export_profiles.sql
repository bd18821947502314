-- Receipts and credit/debit notes are exported too (export_receipt, export_credit_debit_note), so their
-- columns may be kept as export profiles like the other kinds.
alter table billing.export_profiles drop constraint export_profiles_kind_check;
alter table billing.export_profiles add constraint export_profiles_kind_check
  check (kind in ('INVOICES', 'INVOICE_DUTIES', 'DUTIES', 'PURCHASE_INVOICES', 'CHANNEL_DUTIES', 'RECEIPTS',
    'CREDIT_DEBIT_NOTES'));
