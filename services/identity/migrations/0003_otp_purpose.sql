-- A code is for one purpose: signing in, or proving a new sign-in phone before an account moves to it.
-- A code of one purpose never confirms the other, and a phone-change code only for the user who asked.
alter table identity.otp_codes add column purpose text not null default 'SIGN_IN'
  check (purpose in ('SIGN_IN', 'PHONE_CHANGE'));
alter table identity.otp_codes alter column purpose drop default;
alter table identity.otp_codes add column user_id uuid references identity.users (id);
alter table identity.otp_codes add constraint otp_codes_phone_change_user
  check ((purpose = 'PHONE_CHANGE') = (user_id is not null));
alter table identity.otp_codes drop constraint otp_codes_pkey;
alter table identity.otp_codes add primary key (purpose, phone);
