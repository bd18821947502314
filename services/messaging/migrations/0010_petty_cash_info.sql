-- A petty cash entry sent to the person it names: PETTY_CASH_INFO_SMS and PETTY_CASH_INFO_EMAIL join the
-- kinds the log holds and the templates an operator words. Another change may widen these same checks in
-- a migration before this one, so this adds its kinds to whatever each check allows now.
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
      select unnest(array['PETTY_CASH_INFO_SMS', 'PETTY_CASH_INFO_EMAIL'])
    ) kinds;
    execute format('alter table messaging.%I drop constraint %I', target.tbl, target.con);
    execute format('alter table messaging.%I add constraint %I check (type in (%s))', target.tbl, target.con, allowed);
  end loop;
end $$;
