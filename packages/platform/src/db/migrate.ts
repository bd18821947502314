import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import { type Database, rows } from './database';
import { APP_ROLE, SYSTEM_ROLE } from './roles';
import { splitStatements } from './split-statements';

export interface Migration {
  /** Unique and never renamed once released, e.g. `0001_tenants_and_users`. */
  id: string;
  sql: string;
}

const ENSURE_ROLES = `
do $$
begin
  if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
    begin create role ${APP_ROLE} nologin; exception when duplicate_object or unique_violation then null; end;
  end if;
  if not exists (select from pg_roles where rolname = '${SYSTEM_ROLE}') then
    begin create role ${SYSTEM_ROLE} nologin; exception when duplicate_object or unique_violation then null; end;
  end if;
  if not pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') then
    execute format('grant ${APP_ROLE} to %I', current_user);
  end if;
  if not pg_has_role(current_user, '${SYSTEM_ROLE}', 'MEMBER') then
    execute format('grant ${SYSTEM_ROLE} to %I', current_user);
  end if;
end
$$`;

/**
 * Applies a service's pending migrations in order, each in its own transaction, under an advisory lock
 * so replicas starting together do not race. Runs as the owner; afterwards the app and system roles get
 * exactly the table privileges they need (row-level security does the rest).
 */
export async function migrate(
  db: Database,
  schema: string,
  migrations: Migration[],
  logger?: Logger,
): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const seen = new Set<string>();
  for (const m of migrations) {
    if (seen.has(m.id)) throw new Error(`Duplicate migration id ${m.id} in schema ${schema}`);
    seen.add(m.id);
  }
  await db.asOwner(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fleet-roles'))`);
    await tx.execute(sql.raw(ENSURE_ROLES));
  });
  return db.asOwner(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fleet-migrate-${schema}`}))`);
    await tx.execute(sql.raw(`create schema if not exists ${schema}`));
    await tx.execute(
      sql.raw(
        `create table if not exists ${schema}.schema_migrations (id text primary key, applied_at timestamptz not null default now())`,
      ),
    );
    const done = new Set(
      (await rows<{ id: string }>(tx, sql.raw(`select id from ${schema}.schema_migrations`))).map(
        (r) => r.id,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.transaction(async (step) => {
        for (const statement of splitStatements(migration.sql)) await step.execute(sql.raw(statement));
        await step.execute(
          sql`insert into ${sql.raw(`${schema}.schema_migrations`)} (id) values (${migration.id})`,
        );
      });
      applied.push(migration.id);
      logger?.info({ schema, migration: migration.id }, 'migration applied');
    }
    for (const statement of [
      `grant usage on schema ${schema} to ${APP_ROLE}, ${SYSTEM_ROLE}`,
      `grant select, insert, update, delete on all tables in schema ${schema} to ${APP_ROLE}, ${SYSTEM_ROLE}`,
      `grant usage, select on all sequences in schema ${schema} to ${APP_ROLE}, ${SYSTEM_ROLE}`,
      `revoke all on ${schema}.schema_migrations from ${APP_ROLE}, ${SYSTEM_ROLE}`,
    ]) {
      await tx.execute(sql.raw(statement));
    }
    return applied;
  });
}
