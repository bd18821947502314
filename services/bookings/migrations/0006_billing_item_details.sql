-- A duty's billing items (toll, parking, state permit…) as staff record them: what the billing item
-- master said when it was put on the duty — taxable or not, its SAC code and tax — kept with the row,
-- so the invoice line billing makes from it does not change when the master is edited later; a note
-- (the toll plaza, the receipt number), and the order the person listed them in. The amount gets an
-- upper bound beside its existing lower one. Row-level security (0003) covers the new columns.
alter table bookings.booking_billing_items
  add column is_taxable boolean not null default false,
  add column sac_code text not null default '',
  add column tax_id uuid,
  add column note text not null default '',
  add column position smallint not null default 0,
  add constraint booking_billing_items_amount_bound check (amount <= 1000000);
