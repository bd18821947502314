-- Bookings hold files too, uploaded through the same mechanism for kind `booking`: a booking's
-- attachments and the photos on its slip's points. The purposes a file may have widen to take them.
alter table masters.files drop constraint files_purpose_check;
alter table masters.files add constraint files_purpose_check check (purpose in (
  'VEHICLE_DOCUMENT', 'DRIVER_DOCUMENT', 'CUSTOMER_DOCUMENT', 'SUPPLIER_DOCUMENT', 'COMPANY_BRANDING',
  'BOOKING_ATTACHMENT', 'DUTY_SLIP_PHOTO'
));
