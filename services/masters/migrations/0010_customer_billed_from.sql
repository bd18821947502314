-- The company (registration) a customer's invoices are issued from, when not the operator's primary:
-- the invoice form and billing default to it (null: the primary company).
alter table masters.connections
  add column billed_from_company_id uuid;
