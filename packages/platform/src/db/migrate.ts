import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import { type Database, rows } from './database';
import { displayPath, migrationChecksum } from './migration-files';
import { APP_ROLE, SYSTEM_ROLE } from './roles';
import { splitStatements } from './split-statements';

export interface Migration {
  /** Its file's name without `.sql`, e.g. `0001_reference_data`; never renamed once released. */
  id: string;
  sql: string;
  /** sha256 (hex) of the migration's file; of `sql` (UTF-8) when absent. Recorded when applied. */
  checksum?: string;
  /** The file it was read from, named in errors. */
  file?: string;
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

/** A migration whose file changed after it was applied: the service must not start on it. */
export class EditedMigrationError extends Error {
  override name = 'EditedMigrationError';
}

/**
 * Applies a service's pending migrations in order, each in its own transaction, under an advisory lock
 * so replicas starting together do not race. Runs as the owner; afterwards the app and system roles get
 * exactly the table privileges they need (row-level security does the rest).
 *
 * Each applied migration's checksum is recorded in `<schema>.schema_migrations`. Before applying
 * anything, every migration already applied is compared with the checksum it recorded: a migration
 * edited since stops migrate() with an EditedMigrationError naming its file, and nothing is applied.
 * Rows recorded before checksums existed get theirs from the current file.
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
  const checksumOf = (m: Migration) => m.checksum ?? migrationChecksum(m.sql);
  const table = sql.raw(`${schema}.schema_migrations`);
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
    // Databases migrated before checksums existed gain the column; their rows are filled in below.
    await tx.execute(
      sql.raw(`alter table ${schema}.schema_migrations add column if not exists checksum text`),
    );
    const recorded = new Map(
      (await rows<{ id: string; checksum: string | null }>(tx, sql`select id, checksum from ${table}`)).map(
        (r) => [r.id, r.checksum],
      ),
    );
    const edited = migrations.flatMap((m) => {
      const was = recorded.get(m.id);
      const now = checksumOf(m);
      if (!was || was === now) return [];
      return [
        `${m.file ? displayPath(m.file) : `Migration ${m.id}`} was edited after it was applied to schema ` +
          `${schema} (recorded checksum ${was}, file now ${now}); add a new migration instead`,
      ];
    });
    if (edited.length > 0) throw new EditedMigrationError(edited.join('\n'));
    const checksummed: string[] = [];
    for (const m of migrations) {
      if (!recorded.has(m.id) || recorded.get(m.id)) continue;
      await tx.execute(sql`update ${table} set checksum = ${checksumOf(m)} where id = ${m.id}`);
      checksummed.push(m.id);
    }
    if (checksummed.length > 0) {
      logger?.info({ schema, checksummed }, 'checksums recorded for migrations applied before checksums');
    }
    const unknown = [...recorded.keys()].filter((id) => !seen.has(id));
    if (unknown.length > 0) {
      logger?.warn({ schema, migrations: unknown }, 'applied migrations that no file describes');
    }
    const applied: string[] = [];
    for (const migration of migrations) {
      if (recorded.has(migration.id)) continue;
      await tx.transaction(async (step) => {
        for (const statement of splitStatements(migration.sql)) await step.execute(sql.raw(statement));
        await step.execute(
          sql`insert into ${table} (id, checksum) values (${migration.id}, ${checksumOf(migration)})`,
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
