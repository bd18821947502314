-- Staff may send a duty's allotment details by email as well as by text (spec §6 send_duty_info: "by
-- text or email"): DUTY_INFO_EMAIL joins the kinds the log holds and the templates an operator words.
alter table messaging.messages drop constraint messages_type_check;
alter table messaging.messages add constraint messages_type_check check (type in (
  'CONFIRMATION_SMS', 'DRIVER_ALLOTMENT_SMS', 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'CANCELLATION_SMS',
  'FEEDBACK_REQUEST_SMS', 'SEND_INFO_TO_SUPPLIER_SMS', 'SIGN_IN_CODE_SMS',
  'CONFIRMATION_EMAIL', 'DUTY_INFO_EMAIL', 'DUTY_SLIP_EMAIL', 'INVOICE_EMAIL'
));

alter table messaging.templates drop constraint templates_type_check;
alter table messaging.templates add constraint templates_type_check check (type in (
  'CONFIRMATION_SMS', 'DRIVER_ALLOTMENT_SMS', 'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'CANCELLATION_SMS',
  'FEEDBACK_REQUEST_SMS', 'SEND_INFO_TO_SUPPLIER_SMS',
  'CONFIRMATION_EMAIL', 'DUTY_INFO_EMAIL', 'DUTY_SLIP_EMAIL', 'INVOICE_EMAIL'
));
