-- The message log: one row per text, written in the transaction that handles the booking event it
-- comes from, and sent afterwards by the delivery worker (never in a booking's transaction).
create table messaging.messages (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  -- The bookings event the text comes from: one text per (event, type, recipient), whatever is redelivered.
  event_id text not null,
  type text not null check (type in (
    'CONFIRMATION_SMS', 'DRIVER_ALLOTMENT_SMS', 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'CANCELLATION_SMS',
    'FEEDBACK_REQUEST_SMS', 'SEND_INFO_TO_SUPPLIER_SMS'
  )),
  channel text not null default 'SMS' check (channel in ('SMS')),
  recipient_role text not null check (recipient_role in (
    'CUSTOMER', 'CUSTOMER_ALTERNATE', 'BOOKED_BY', 'PASSENGER', 'ADDITIONAL_CONTACT', 'SUPPLIER',
    'SUPPLIER_ALTERNATE', 'DRIVER'
  )),
  recipient_name text not null default '',
  recipient_phone text not null check (recipient_phone <> ''),
  booking_id uuid,
  booking_no bigint,
  text text not null,
  -- The template's variables as filled, for providers that send a DLT template id and its variables.
  variables jsonb not null,
  -- QUEUED: not tried yet. SENT: the provider took it. FAILED: the last try failed; tried again at
  -- next_attempt_at, or given up when that is null.
  status text not null default 'QUEUED' check (status in ('QUEUED', 'SENT', 'FAILED')),
  provider text,
  provider_message_id text,
  error text,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint messages_once_per_event unique (tenant_id, event_id, type, recipient_phone),
  constraint messages_sent_has_no_next check (status <> 'SENT' or next_attempt_at is null)
);

-- The log, newest first, and a booking's messages.
create index messages_created_idx on messaging.messages (tenant_id, created_at desc, id desc);
create index messages_booking_idx on messaging.messages (tenant_id, booking_id, created_at desc, id desc);
-- What the delivery worker looks for: texts due to be tried.
create index messages_due_idx on messaging.messages (next_attempt_at) where status <> 'SENT' and next_attempt_at is not null;

alter table messaging.messages enable row level security;
alter table messaging.messages force row level security;
create policy tenant_isolation on messaging.messages to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.messages to fleet_system using (true) with check (true);
