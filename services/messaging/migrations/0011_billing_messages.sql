-- Billing's messages to customers: RECEIPT_EMAIL (a receipt with its PDF), and a payment request by email
-- and text (PAYMENT_REQUEST_EMAIL, PAYMENT_REQUEST_SMS, with the link to the customer's dues) join the
-- kinds the log holds and the templates an operator words. Added to whatever each check allows now, as
-- another change may widen the same checks.
do $$
declare
  target record;
  allowed text;
begin
  for target in
    select * from (values ('messages', 'messages_type_check'), ('templates', 'templates_type_check')) as t(tbl, con)
  loop
    select string_agg(quote_literal(kind), ', ' order by kind) into allowed
    from (
      select m[1] as kind
      from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([A-Z_]+)''', 'g') as m
      where c.conname = target.con and c.conrelid = format('messaging.%I', target.tbl)::regclass
      union
      select unnest(array['RECEIPT_EMAIL', 'PAYMENT_REQUEST_EMAIL', 'PAYMENT_REQUEST_SMS'])
    ) kinds;
    execute format('alter table messaging.%I drop constraint %I', target.tbl, target.con);
    execute format('alter table messaging.%I add constraint %I check (type in (%s))', target.tbl, target.con, allowed);
  end loop;
end $$;
