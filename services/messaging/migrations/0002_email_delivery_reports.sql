-- The log widens from booking texts to every message the product sends:
-- - EMAIL beside SMS: an email has an address, a subject and attachments (named, fetched when it is sent);
-- - the sign-in code (SIGN_IN_CODE_SMS): sent before anyone knows an operator, so without a tenant —
--   invisible to every operator's log — and its code erased from the row once it is sent;
-- - the delivery report a provider calls back with after SENT: DELIVERED or UNDELIVERED, with its reason;
-- - the DLT template id and sender id the text was rendered for (an Indian carrier drops a text that
--   differs from its registered template), and who asked when staff sent or resent it by hand.
alter table messaging.messages alter column tenant_id drop not null;
alter table messaging.messages add constraint messages_tenant_or_sign_in
  check (tenant_id is not null or type = 'SIGN_IN_CODE_SMS');

alter table messaging.messages drop constraint messages_type_check;
alter table messaging.messages add constraint messages_type_check check (type in (
  'CONFIRMATION_SMS', 'DRIVER_ALLOTMENT_SMS', 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'CANCELLATION_SMS',
  'FEEDBACK_REQUEST_SMS', 'SEND_INFO_TO_SUPPLIER_SMS', 'SIGN_IN_CODE_SMS',
  'CONFIRMATION_EMAIL', 'DUTY_SLIP_EMAIL', 'INVOICE_EMAIL'
));

alter table messaging.messages drop constraint messages_channel_check;
alter table messaging.messages add constraint messages_channel_check check (channel in ('SMS', 'EMAIL'));

alter table messaging.messages drop constraint messages_recipient_role_check;
alter table messaging.messages add constraint messages_recipient_role_check check (recipient_role in (
  'CUSTOMER', 'CUSTOMER_ALTERNATE', 'BOOKED_BY', 'PASSENGER', 'ADDITIONAL_CONTACT', 'SUPPLIER',
  'SUPPLIER_ALTERNATE', 'DRIVER', 'DUTY_SUPPORTER', 'USER'
));

-- An SMS has a number, an email an address; the once-per-event rule holds for either.
alter table messaging.messages drop constraint messages_recipient_phone_check;
alter table messaging.messages alter column recipient_phone set default '';
alter table messaging.messages add column recipient_email text not null default '';
alter table messaging.messages add constraint messages_has_recipient check (
  (channel = 'SMS' and recipient_phone <> '') or (channel = 'EMAIL' and recipient_email <> ''));
alter table messaging.messages drop constraint messages_once_per_event;
create unique index messages_once_per_event on messaging.messages
  (tenant_id, event_id, type, channel, recipient_phone, recipient_email) nulls not distinct;

alter table messaging.messages add column subject text not null default '';
-- What an email carries, as [{"kind": "DUTY_SLIP", "bookingId": "…", "fileName": "…"}]: fetched from
-- its owner when the email is sent, so the log holds no copies of documents.
alter table messaging.messages add column attachments jsonb not null default '[]'::jsonb;
alter table messaging.messages add column dlt_template_id text not null default '';
alter table messaging.messages add column sender_id text not null default '';
alter table messaging.messages add column requested_by uuid;
alter table messaging.messages add column resent_from_id uuid references messaging.messages (id);

alter table messaging.messages add column delivery_status text
  check (delivery_status in ('DELIVERED', 'UNDELIVERED'));
alter table messaging.messages add column delivery_error text;
alter table messaging.messages add column delivered_at timestamptz;
alter table messaging.messages add constraint messages_delivery_after_sent
  check (delivery_status is null or status = 'SENT');

-- A provider's delivery report names its own id for the message.
create index messages_provider_id_idx on messaging.messages (provider, provider_message_id)
  where provider_message_id is not null;
