-- The masquerade audit grows into the operator's audit log: masquerades, and every change of a person's
-- sign-in phone or permissions, each with who really acted (and as whom, while masquerading), on whom,
-- what changed from what to what, when and from where. The row-level security policies move with it.
alter table identity.masquerade_audit rename to audit_log;
alter index identity.masquerade_audit_at rename to audit_log_at;

alter table identity.audit_log drop constraint masquerade_audit_action_check;
update identity.audit_log set action = 'MASQUERADE_' || action;
alter table identity.audit_log add constraint audit_log_action_check
  check (action in ('MASQUERADE_START', 'MASQUERADE_STOP', 'PHONE_CHANGE', 'ACCESS_CHANGE'));

alter table identity.audit_log rename column target_user_id to subject_user_id;
-- The user the actor was acting as at the time; null when acting as themselves.
alter table identity.audit_log add column as_user_id uuid references identity.users (id);
-- [{ "field": "phone", "before": ["+91…"], "after": ["+91…"] }, …]
alter table identity.audit_log add column changes jsonb not null default '[]';
-- A change made without a session (the product itself) has none.
alter table identity.audit_log alter column session_id drop not null;
