/** Tables are owned by the connecting role; the app never works as that owner. */
export const APP_ROLE = 'fleet_app';
export const SYSTEM_ROLE = 'fleet_system';

// The SQL below is what every tenant-owned, system-only and reference table of the services'
// migration files (services/<service>/migrations/NNNN_<what>.sql) carries, written out there.

/**
 * SQL that fences a tenant-owned table: RLS enabled and forced, the app role sees only the operator set
 * for its transaction, the system role sees everything. A query that forgets `where tenant_id = …`
 * still cannot see another operator's rows.
 */
export function tenantTable(qualifiedTable: string): string {
  const current = `nullif(current_setting('fleet.tenant_id', true), '')::uuid`;
  return `
alter table ${qualifiedTable} enable row level security;
alter table ${qualifiedTable} force row level security;
create policy tenant_isolation on ${qualifiedTable} to ${APP_ROLE}
  using (tenant_id = ${current}) with check (tenant_id = ${current});
create policy system_access on ${qualifiedTable} to ${SYSTEM_ROLE} using (true) with check (true);
`;
}

/** SQL for a table only the system role may touch (sign-in codes, sessions by token…). */
export function systemTable(qualifiedTable: string): string {
  return `
alter table ${qualifiedTable} enable row level security;
alter table ${qualifiedTable} force row level security;
create policy system_access on ${qualifiedTable} to ${SYSTEM_ROLE} using (true) with check (true);
`;
}

/** SQL for reference data every operator reads and only the system role writes (cities, states). */
export function referenceTable(qualifiedTable: string): string {
  return `
alter table ${qualifiedTable} enable row level security;
alter table ${qualifiedTable} force row level security;
create policy read_by_everyone on ${qualifiedTable} for select to ${APP_ROLE} using (true);
create policy system_access on ${qualifiedTable} to ${SYSTEM_ROLE} using (true) with check (true);
`;
}
