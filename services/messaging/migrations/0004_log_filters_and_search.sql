-- The message log's filters and search (/operations/business/sms and /email), kept fast with a million
-- messages: every list query is "this operator's messages matching X, newest first, after the cursor",
-- so each index below leads with tenant_id (fixed by row-level security), then the filter's column, and
-- ends with (created_at desc, id desc) — the keyset order — so a page is one short ordered index range.
-- A date range is a range on created_at inside the same index.

-- Each screen lists one channel: "SMS screen, newest first" and a date range on it.
create index messages_channel_idx on messaging.messages (tenant_id, channel, created_at desc, id desc);
-- A type filter (a type is of one channel).
create index messages_type_idx on messaging.messages (tenant_id, type, created_at desc, id desc);
-- A status filter on a screen: "failed texts".
create index messages_status_idx on messaging.messages (tenant_id, channel, status, created_at desc, id desc);
-- A delivery-report filter on a screen: "undelivered texts" (rows without a report are PENDING or unsent).
create index messages_delivery_idx on messaging.messages
  (tenant_id, channel, delivery_status, created_at desc, id desc) where delivery_status is not null;
-- "Everything sent to this number" and "to this address".
create index messages_recipient_phone_idx on messaging.messages
  (tenant_id, recipient_phone, created_at desc, id desc) where recipient_phone <> '';
create index messages_recipient_email_idx on messaging.messages
  (tenant_id, recipient_email, created_at desc, id desc) where recipient_email <> '';
-- A booking by its number (by its id, 0001's messages_booking_idx serves).
create index messages_booking_no_idx on messaging.messages
  (tenant_id, booking_no, created_at desc, id desc) where booking_no is not null;

-- The search, as bookings' is: one row per word of the recipient's name, their phone's digits (and its
-- last ten, so 98… finds +9198…), their email and the booking's number, lower-cased; a search is a
-- prefix range on (tenant, term) with `^@`, which is leakproof, so row-level security keeps it an
-- index condition. "C" collation so the prefix is a plain byte range.
create table messaging.message_search_terms (
  tenant_id uuid not null,
  term text collate "C" not null,
  message_id uuid not null references messaging.messages (id) on delete cascade,
  primary key (tenant_id, term, message_id)
);
create index message_search_terms_of on messaging.message_search_terms (message_id);

alter table messaging.message_search_terms enable row level security;
alter table messaging.message_search_terms force row level security;
create policy tenant_isolation on messaging.message_search_terms to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.message_search_terms to fleet_system using (true) with check (true);

create function messaging.message_search_terms_of(name text, phone text, email text, booking_no bigint)
  returns setof text language sql immutable as $$
  select distinct term from (
    select regexp_split_to_table(lower(name), '[^[:alnum:]@._+-]+') as term
    union all select regexp_replace(phone, '\D', '', 'g')
    union all select right(regexp_replace(phone, '\D', '', 'g'), 10)
    union all select lower(email)
    union all select booking_no::text
  ) found where term is not null and term <> '' and length(term) <= 64
$$;

-- Written by a trigger, not by each writer: every way a message is written (booking events, emails,
-- resends, whatever comes next) is searchable, and a recipient never changes once written. A sign-in
-- code belongs to no operator and is never searched.
create function messaging.index_message_search_terms() returns trigger language plpgsql as $$
begin
  if new.tenant_id is not null then
    insert into messaging.message_search_terms (tenant_id, term, message_id)
    select new.tenant_id, t, new.id
    from messaging.message_search_terms_of(new.recipient_name, new.recipient_phone, new.recipient_email, new.booking_no) t
    on conflict do nothing;
  end if;
  return null;
end
$$;
create trigger messages_search_terms after insert on messaging.messages
  for each row execute function messaging.index_message_search_terms();

insert into messaging.message_search_terms (tenant_id, term, message_id)
select m.tenant_id, t, m.id
from messaging.messages m,
  messaging.message_search_terms_of(m.recipient_name, m.recipient_phone, m.recipient_email, m.booking_no) t
where m.tenant_id is not null
on conflict do nothing;
