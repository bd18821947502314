-- The branches an employee works for: staff limited to branches see only those branches' drivers (on the
-- live map; DOMAIN.md "Driver app"). Empty: every branch. Ids of masters' branch records, kept as given.
alter table identity.employees add column branch_ids uuid[] not null default '{}';
