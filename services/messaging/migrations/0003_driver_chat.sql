-- Driver chat over WhatsApp: one conversation per booking and driver's number, with the chat flow
-- status of spec §4, and its messages both ways. What moves the flow status (domain/chat-flow.ts):
--   DUTY_SLIP_MESSAGE_PUSHED  the driver was allotted: the duty template is queued for WhatsApp
--   SUCCESS                   WhatsApp reported the duty template delivered or read
--   FAILED                    a message after the duty (staff text, re-sent duty) failed; the SMS already went
--   FALLBACK_TEXT_PUSHED      the duty template failed: the DRIVER_ALLOTMENT_SMS was written instead
--   INVALID_PHONE_NUMBER      the number is not on WhatsApp (131026 and kin): the SMS was written instead
--   TRIP_ACCEPTED / TRIP_REJECTED  the driver tapped Accept / Reject under the duty
--   OUTGOING_TRIP_PUSHED      the booking was dispatched: the trip is out with the driver
--   OUTGOING_TRIP_ONGOING     the driver started (garage start, arrived, duty start)
--   CONVERSATION_RESOLVED     staff resolved it
create table messaging.chat_conversations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  booking_id uuid not null,
  booking_no bigint not null,
  driver_name text not null default '',
  driver_phone text not null check (driver_phone ~ '^\+[1-9][0-9]{7,14}$'),
  flow_status text not null check (flow_status in (
    'DUTY_SLIP_MESSAGE_PUSHED', 'FAILED', 'SUCCESS', 'FALLBACK_TEXT_PUSHED', 'INVALID_PHONE_NUMBER',
    'TRIP_ACCEPTED', 'TRIP_REJECTED', 'OUTGOING_TRIP_ONGOING', 'OUTGOING_TRIP_PUSHED', 'CONVERSATION_RESOLVED'
  )),
  -- The duty's template values as of the last allotment: the template's parameters, re-sending it, and
  -- the DRIVER_ALLOTMENT_SMS it falls back to.
  duty_values jsonb not null,
  -- The driver's last message: free text may be sent for 24 hours after it (WhatsApp's session window).
  last_inbound_at timestamptz,
  -- The DRIVER_ALLOTMENT_SMS written when chat failed (once per conversation).
  fallback_message_id uuid references messaging.messages (id),
  resolved_by uuid,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint chat_conversations_once unique (tenant_id, booking_id, driver_phone),
  constraint chat_conversations_resolved check ((resolved_at is null) = (resolved_by is null))
);

create index chat_conversations_phone_idx on messaging.chat_conversations (driver_phone, updated_at desc);

create table messaging.chat_messages (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  conversation_id uuid not null references messaging.chat_conversations (id),
  -- What an outgoing message comes from (the allotment event, the staff request): written once.
  source_id text,
  direction text not null check (direction in ('OUT', 'IN')),
  -- TEMPLATE: the duty; TEXT: free text either way; BUTTON_REPLY: a tap on Accept / Reject; OTHER: an
  -- image, a location… (named, not kept).
  kind text not null check (kind in ('TEMPLATE', 'TEXT', 'BUTTON_REPLY', 'OTHER')),
  text text not null,
  template_name text,
  template_language text,
  template_parameters jsonb,
  whatsapp_message_id text,
  -- OUT: QUEUED → SENT → DELIVERED → READ, or FAILED; never backwards. IN: RECEIVED.
  status text not null check (status in ('QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'RECEIVED')),
  error text,
  error_code integer,
  -- The staff member who sent it; null for the duty sent on allotment and for the driver's messages.
  sent_by uuid,
  provider text,
  attempts integer not null default 0 check (attempts >= 0),
  -- When the chat worker tries it next; null once sent, given up, or for an incoming message.
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint chat_messages_direction_status check ((direction = 'IN') = (status = 'RECEIVED')),
  constraint chat_messages_sent_has_id check (status in ('QUEUED', 'FAILED', 'RECEIVED') or whatsapp_message_id is not null)
);

-- A repeated webhook (a status, a reply) finds the same row: WhatsApp's ids are unique across accounts.
create unique index chat_messages_whatsapp_id on messaging.chat_messages (whatsapp_message_id)
  where whatsapp_message_id is not null;
create unique index chat_messages_once_per_source on messaging.chat_messages (tenant_id, source_id)
  where source_id is not null;
create index chat_messages_conversation_idx on messaging.chat_messages (conversation_id, created_at, id);
create index chat_messages_due_idx on messaging.chat_messages (next_attempt_at)
  where status in ('QUEUED', 'FAILED') and next_attempt_at is not null;

alter table messaging.chat_conversations enable row level security;
alter table messaging.chat_conversations force row level security;
create policy tenant_isolation on messaging.chat_conversations to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.chat_conversations to fleet_system using (true) with check (true);

alter table messaging.chat_messages enable row level security;
alter table messaging.chat_messages force row level security;
create policy tenant_isolation on messaging.chat_messages to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.chat_messages to fleet_system using (true) with check (true);
