-- Pushes to the driver app (FCM) beside texts and emails:
-- - where a driver's pushes go: the push token of the driver's app account, from identity's
--   fleet.identity.driver_account.changed events, each row replaced only by a newer account state;
-- - who holds each duty, so a duty allotted elsewhere (or its allotment cleared) tells the driver it
--   was taken from;
-- - PUSH as a channel of the log, to a driver (by the driver master's id): NEW_DUTY_PUSH when a duty
--   is allotted to the driver, DUTY_CANCELLED_PUSH when it is cancelled or taken from them. A push keeps
--   its title in `subject`, its text in `text` and what the app reads when it is opened in `variables`.

create table messaging.driver_push_targets (
  tenant_id uuid not null,
  -- The driver master the app account is for (bookings allots duties to it).
  driver_id uuid not null,
  -- Empty while the app has given none, and once FCM said the token is no longer registered.
  push_token text not null default '' check (length(push_token) <= 4096),
  is_active boolean not null default false,
  -- When identity recorded this state of the account: an older event never replaces a newer one.
  updated_at timestamptz not null,
  -- The last token FCM said is no longer registered: a later event still carrying it (identity does not
  -- know) leaves the row without a token, so nothing is pushed until the app registers again.
  unregistered_token text not null default '',
  primary key (tenant_id, driver_id)
);

alter table messaging.driver_push_targets enable row level security;
alter table messaging.driver_push_targets force row level security;
create policy tenant_isolation on messaging.driver_push_targets to fleet_app
  using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on messaging.driver_push_targets to fleet_system using (true) with check (true);

-- The driver master a booking is allotted to; null when none (or a supplier's driver, who has no account).
alter table messaging.bookings add column alloted_driver_id uuid;

alter table messaging.messages drop constraint messages_type_check;
alter table messaging.messages add constraint messages_type_check check (type in (
  'CONFIRMATION_SMS', 'DRIVER_ALLOTMENT_SMS', 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'CANCELLATION_SMS',
  'FEEDBACK_REQUEST_SMS', 'SEND_INFO_TO_SUPPLIER_SMS', 'SIGN_IN_CODE_SMS',
  'CONFIRMATION_EMAIL', 'DUTY_INFO_EMAIL', 'DUTY_SLIP_EMAIL', 'INVOICE_EMAIL',
  'NEW_DUTY_PUSH', 'DUTY_CANCELLED_PUSH'
));

alter table messaging.messages drop constraint messages_channel_check;
alter table messaging.messages add constraint messages_channel_check check (channel in ('SMS', 'EMAIL', 'PUSH'));

-- A push goes to a driver, not to a number: its token is looked up when it is sent, so a token the app
-- registered after the push was written is used, and one FCM forgot is not.
alter table messaging.messages add column recipient_driver_id uuid;
alter table messaging.messages drop constraint messages_has_recipient;
alter table messaging.messages add constraint messages_has_recipient check (
  (channel = 'SMS' and recipient_phone <> '') or (channel = 'EMAIL' and recipient_email <> '')
  or (channel = 'PUSH' and recipient_driver_id is not null));

-- Once per (event, type, recipient) holds for a driver as for a number or an address.
drop index messaging.messages_once_per_event;
create unique index messages_once_per_event on messaging.messages
  (tenant_id, event_id, type, channel, recipient_phone, recipient_email, recipient_driver_id) nulls not distinct;

-- What the push worker looks for; the text and email worker leaves pushes to it.
create index messages_push_due_idx on messaging.messages (next_attempt_at)
  where channel = 'PUSH' and status <> 'SENT' and next_attempt_at is not null;
