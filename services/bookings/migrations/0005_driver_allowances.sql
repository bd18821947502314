-- What closing a duty pays the operator's own driver on top of wages: the driver master's allowances
-- applied to the duty (daily, overtime, outstation, Sunday, early start, night, extra duty), as charge
-- lines like `charges` and `purchase_charges`, and their total. Null until the duty closes, and for a
-- duty a supplier ran. The table's row-level security (0001) covers the new columns.
alter table bookings.bookings
  add column driver_allowances jsonb,
  add column driver_allowances_total numeric(14, 2);
