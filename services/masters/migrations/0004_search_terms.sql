
-- Every word of what a master's list searches, lower-cased, per operator: a search is a range scan of
-- this index. ILIKE on the tables themselves cannot use an index under row-level security (the
-- planner keeps a function that is not leakproof, like ILIKE, above the tenant policy); text
-- comparisons are leakproof. A word with a digit in it (a vehicle number, a phone, a GSTIN) is kept
-- with its endings too, so that "4455" finds MH12AB4455 and the last digits of a phone find it.
create table masters.search_terms (
  tenant_id uuid not null,
  table_name text not null,
  term text collate "C" not null,
  record_id uuid not null,
  primary key (tenant_id, table_name, term, record_id)
);
create index search_terms_by_record on masters.search_terms (record_id);

alter table masters.search_terms enable row level security;
alter table masters.search_terms force row level security;
create policy tenant_isolation on masters.search_terms to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on masters.search_terms to fleet_system using (true) with check (true);


-- The terms of some texts: their words (runs of letters and digits), and the endings of the short
-- words that hold a digit. listRecords splits a search the same way.
create function masters.search_terms_of(texts text[]) returns setof text
language sql immutable parallel safe as $$
  with words as (
    select distinct left(w, 64) as w
    from unnest(texts) as t(text), regexp_split_to_table(lower(t.text), '[^[:alnum:]]+') as w
    where w <> ''
  )
  select w from words
  union
  select substr(w, i) from words, generate_series(2, length(w) - 1) as i
  where w ~ '[0-9]' and length(w) <= 24
$$;

-- Keeps a row's terms in step with it; the arguments name the searched columns.
create function masters.index_search_terms() returns trigger
language plpgsql as $$
declare
  texts text[] := '{}';
  fields jsonb;
begin
  if tg_op <> 'INSERT' then
    delete from masters.search_terms where record_id = old.id and table_name = tg_table_name;
  end if;
  if tg_op <> 'DELETE' then
    fields := to_jsonb(new);
    for i in 0 .. tg_nargs - 1 loop
      texts := texts || (fields ->> tg_argv[i]);
    end loop;
    insert into masters.search_terms (tenant_id, table_name, term, record_id)
    select new.tenant_id, tg_table_name, term, new.id from masters.search_terms_of(texts) as term;
  end if;
  return null;
end $$;

create trigger duty_types_search_terms after insert or delete or update of name on masters.duty_types
  for each row execute function masters.index_search_terms('name');
create trigger taxes_search_terms after insert or delete or update of name on masters.taxes
  for each row execute function masters.index_search_terms('name');
create trigger vehicle_groups_search_terms after insert or delete or update of name, description on masters.vehicle_groups
  for each row execute function masters.index_search_terms('name', 'description');
create trigger vehicles_search_terms after insert or delete or update of vehicle_no, vehicle_model on masters.vehicles
  for each row execute function masters.index_search_terms('vehicle_no', 'vehicle_model');
create trigger drivers_search_terms after insert or delete or update of name, phone, licence_no on masters.drivers
  for each row execute function masters.index_search_terms('name', 'phone', 'licence_no');
create trigger customer_groups_search_terms after insert or delete or update of name on masters.customer_groups
  for each row execute function masters.index_search_terms('name');
create trigger connections_search_terms after insert or delete or update of name, phone, email, dco_vehicle_no on masters.connections
  for each row execute function masters.index_search_terms('name', 'phone', 'email', 'dco_vehicle_no');
create trigger supplier_groups_search_terms after insert or delete or update of name on masters.supplier_groups
  for each row execute function masters.index_search_terms('name');
create trigger duty_supporters_search_terms after insert or delete or update of name, phone on masters.duty_supporters
  for each row execute function masters.index_search_terms('name', 'phone');
create trigger labels_search_terms after insert or delete or update of name on masters.labels
  for each row execute function masters.index_search_terms('name');
create trigger feedback_forms_search_terms after insert or delete or update of name on masters.feedback_forms
  for each row execute function masters.index_search_terms('name');
create trigger billing_items_search_terms after insert or delete or update of name on masters.billing_items
  for each row execute function masters.index_search_terms('name');
create trigger rate_cards_search_terms after insert or delete or update of name on masters.rate_cards
  for each row execute function masters.index_search_terms('name');
create trigger branches_search_terms after insert or delete or update of name on masters.branches
  for each row execute function masters.index_search_terms('name');
create trigger bank_accounts_search_terms after insert or delete or update of name, bank_name, account_no on masters.bank_accounts
  for each row execute function masters.index_search_terms('name', 'bank_name', 'account_no');
create trigger companies_search_terms after insert or delete or update of name, gst_no on masters.companies
  for each row execute function masters.index_search_terms('name', 'gst_no');
create trigger company_profiles_search_terms after insert or delete or update of name on masters.company_profiles
  for each row execute function masters.index_search_terms('name');
create trigger channel_partners_search_terms after insert or delete or update of name, code on masters.channel_partners
  for each row execute function masters.index_search_terms('name', 'code');
create trigger custom_fields_search_terms after insert or delete or update of name on masters.custom_fields
  for each row execute function masters.index_search_terms('name');
create trigger business_settings_search_terms after insert or delete or update of business_name on masters.business_settings
  for each row execute function masters.index_search_terms('business_name');

insert into masters.search_terms select tenant_id, 'duty_types', term, id
  from masters.duty_types, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'taxes', term, id
  from masters.taxes, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'vehicle_groups', term, id
  from masters.vehicle_groups, masters.search_terms_of(array[name, description]) as term;
insert into masters.search_terms select tenant_id, 'vehicles', term, id
  from masters.vehicles, masters.search_terms_of(array[vehicle_no, vehicle_model]) as term;
insert into masters.search_terms select tenant_id, 'drivers', term, id
  from masters.drivers, masters.search_terms_of(array[name, phone, licence_no]) as term;
insert into masters.search_terms select tenant_id, 'customer_groups', term, id
  from masters.customer_groups, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'connections', term, id
  from masters.connections, masters.search_terms_of(array[name, phone, email, dco_vehicle_no]) as term;
insert into masters.search_terms select tenant_id, 'supplier_groups', term, id
  from masters.supplier_groups, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'duty_supporters', term, id
  from masters.duty_supporters, masters.search_terms_of(array[name, phone]) as term;
insert into masters.search_terms select tenant_id, 'labels', term, id
  from masters.labels, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'feedback_forms', term, id
  from masters.feedback_forms, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'billing_items', term, id
  from masters.billing_items, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'rate_cards', term, id
  from masters.rate_cards, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'branches', term, id
  from masters.branches, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'bank_accounts', term, id
  from masters.bank_accounts, masters.search_terms_of(array[name, bank_name, account_no]) as term;
insert into masters.search_terms select tenant_id, 'companies', term, id
  from masters.companies, masters.search_terms_of(array[name, gst_no]) as term;
insert into masters.search_terms select tenant_id, 'company_profiles', term, id
  from masters.company_profiles, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'channel_partners', term, id
  from masters.channel_partners, masters.search_terms_of(array[name, code]) as term;
insert into masters.search_terms select tenant_id, 'custom_fields', term, id
  from masters.custom_fields, masters.search_terms_of(array[name]) as term;
insert into masters.search_terms select tenant_id, 'business_settings', term, id
  from masters.business_settings, masters.search_terms_of(array[business_name]) as term;
