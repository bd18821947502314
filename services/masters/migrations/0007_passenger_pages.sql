-- A customer's say over the passenger's public pages (the digital duty slip and the feedback link): how
-- long its passengers have to answer a digital slip before it counts as accepted (the operator's business
-- setting when null), whether the slip shows them the charges (not unless the customer says so), and
-- which feedback form its passengers are asked (the operator's first active form when null).
alter table masters.connections
  add column slip_auto_accept_hours integer,
  add column show_charges_on_digital_slip boolean not null default false,
  add column feedback_form_id uuid;
