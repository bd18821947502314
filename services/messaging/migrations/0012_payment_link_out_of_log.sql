-- A payment request's link opens a customer's dues, bank details and invoices, so the log keeps its
-- text and email as a slip's: with {paymentLink}, the link put in only when it is sent. The link's
-- token waits in a column of its own, which no read of the log answers (a resend sends the same
-- link). Rows written before give up their link the same way.
alter table messaging.messages add column payment_link_token text
  constraint messages_payment_link_token_check check (payment_link_token ~ '^[A-Za-z0-9_-]{22}$');

update messaging.messages
set payment_link_token = substring(text from '/payment-request/([A-Za-z0-9_-]{22})'),
    text = regexp_replace(text, '[^[:space:]]*/payment-request/[A-Za-z0-9_-]{22}', '{paymentLink}', 'g'),
    variables = case when variables ? 'paymentLink'
      then jsonb_set(variables, '{paymentLink}', '"{paymentLink}"') else variables end
where type in ('PAYMENT_REQUEST_EMAIL', 'PAYMENT_REQUEST_SMS')
  and text ~ '/payment-request/[A-Za-z0-9_-]{22}';
