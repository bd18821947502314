
create table {{schema}}.outbox (
  seq bigserial primary key,
  id uuid not null unique,
  tenant_id uuid,
  subject text not null,
  payload bytea not null,
  headers jsonb not null default '{}',
  created_at timestamptz not null default now(),
  claimed_until timestamptz,
  published_at timestamptz
);
create index outbox_unpublished on {{schema}}.outbox (seq) where published_at is null;
alter table {{schema}}.outbox enable row level security;
alter table {{schema}}.outbox force row level security;
create policy app_append on {{schema}}.outbox for insert to {{app_role}}
  with check (tenant_id is null or tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on {{schema}}.outbox to {{system_role}} using (true) with check (true);

create table {{schema}}.handled_events (
  consumer text not null,
  event_id uuid not null,
  handled_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
