-- A supplier's invoice emailed back to the supplier: PURCHASE_INVOICE_EMAIL joins the kinds the log holds
-- and the templates an operator words. Another change may widen these same checks in the migration before
-- this one, so this adds its kind to whatever each check allows now rather than restating the whole list.
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
      select 'PURCHASE_INVOICE_EMAIL'
    ) kinds;
    execute format('alter table messaging.%I drop constraint %I', target.tbl, target.con);
    execute format('alter table messaging.%I add constraint %I check (type in (%s))', target.tbl, target.con, allowed);
  end loop;
end $$;
