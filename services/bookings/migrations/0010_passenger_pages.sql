-- The passenger's pages (spec §2 public routes /digital-duty-slip and /feedback, §3 "digital duty slip
-- and its tokens"): links that open one page of one duty with no sign-in, the passenger's approval of a
-- closed duty's digital slip, and the passenger's feedback.

-- A link's token is never stored: only its SHA-256, which the token is looked up by. A link opens one
-- duty's page for one purpose until it expires.
create table bookings.public_links (
  token_hash bytea primary key check (length(token_hash) = 32),
  tenant_id uuid not null,
  booking_id uuid not null references bookings.bookings (id) on delete cascade,
  purpose text not null check (purpose in ('DIGITAL_DUTY_SLIP', 'FEEDBACK')),
  issued_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > issued_at),
  -- The service that asked for it (messaging).
  issued_to text not null
);
create index public_links_of on bookings.public_links (tenant_id, booking_id, purpose);

-- A closed duty's digital slip waiting for the passenger's answer, and the answer: ACCEPTED (signed) or
-- REJECTED (with a reason) by the passenger, or AUTO_ACCEPTED when no answer came by due_at. The answer
-- keeps the SHA-256 of the slip's content as answered, so a later change to the slip shows.
create table bookings.slip_approvals (
  booking_id uuid primary key references bookings.bookings (id) on delete cascade,
  tenant_id uuid not null,
  state text not null check (state in ('PENDING', 'ACCEPTED', 'REJECTED', 'AUTO_ACCEPTED')),
  requested_at timestamptz not null,
  due_at timestamptz not null check (due_at >= requested_at),
  answered_at timestamptz,
  reason text not null default '',
  -- The signature drawn on the passenger's page: a file masters keeps (booking, slip_photo).
  signature_file_id uuid,
  -- Whether the passenger was shown the charges: the content hashed then and now includes them alike.
  charges_shown boolean not null default false,
  content_hash text check (content_hash ~ '^[0-9a-f]{64}$'),
  -- The auto-accept worker's lease on a due row, so two processes never both take it.
  claimed_until timestamptz,
  check ((state = 'PENDING') = (answered_at is null)),
  check ((state = 'PENDING') = (content_hash is null)),
  check (state <> 'REJECTED' or reason <> '')
);
-- What the auto-accept worker looks for, across operators: pending slips by due time.
create index slip_approvals_due on bookings.slip_approvals (due_at) where state = 'PENDING';

-- A duty's feedback, answered once: the form's questions as they were asked, with the answers.
create table bookings.feedback_responses (
  booking_id uuid primary key references bookings.bookings (id) on delete cascade,
  tenant_id uuid not null,
  -- The feedback_form master record; null for the built-in form.
  form_id uuid,
  form_name text not null,
  -- [{ "label", "type", "values": [...] }] in the form's order.
  answers jsonb not null,
  answered_at timestamptz not null
);
-- The feedback list: newest first.
create index feedback_responses_by_date on bookings.feedback_responses (tenant_id, answered_at desc, booking_id desc);

do $$
declare t text;
begin
  foreach t in array array['public_links', 'slip_approvals', 'feedback_responses'] loop
    execute format('alter table bookings.%I enable row level security', t);
    execute format('alter table bookings.%I force row level security', t);
    execute format($p$create policy tenant_isolation on bookings.%I to fleet_app
      using (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy system_access on bookings.%I to fleet_system using (true) with check (true)', t);
  end loop;
end $$;
