import type { Migration } from './migrate';
import { loadMigrationFiles } from './migration-files';
import { APP_ROLE, SYSTEM_ROLE } from './roles';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * What every service schema carries before its own migrations: its outbox and its consumers'
 * handled-event records, from packages/platform/migrations, written once for `{{schema}}`. Each is
 * recorded as `platform_<file>` with the checksum of its file, so editing one stops every service.
 */
export function platformMigrations(schema: string): Migration[] {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return loadMigrationFiles(new URL('../../migrations', import.meta.url)).map((migration) => ({
    ...migration,
    id: `platform_${migration.id}`,
    sql: migration.sql
      .replaceAll('{{schema}}', schema)
      .replaceAll('{{app_role}}', APP_ROLE)
      .replaceAll('{{system_role}}', SYSTEM_ROLE),
  }));
}

/** A service's migrations: the platform's for its schema, then the numbered files of its folder. */
export function serviceMigrations(schema: string, folder: URL | string): Migration[] {
  return [...platformMigrations(schema), ...loadMigrationFiles(folder)];
}
