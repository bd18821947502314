import { type Migration, serviceMigrations } from '@fleet/platform';

export const SCHEMA = 'masters';

// The tables follow the master declarations in @fleet/domain (packages/domain/src/masters): a column
// per field, named as the field, of the type columnType() gives; test/columns.test.ts holds the two
// together. Each list sort has its (tenant_id, sort key, id) index for keyset paging, each declared
// filter an index that serves it with the default sort, each unique rule its unique index.

/**
 * The masters schema's migrations: the numbered SQL files of services/masters/migrations, in order.
 * A file is never edited once released (the service refuses to start on a changed checksum); a change
 * is the next number. The states and cities are not migrations: reference-data-upsert.ts loads them
 * at every start.
 */
export const mastersMigrations: Migration[] = serviceMigrations(
  SCHEMA,
  new URL('../../migrations', import.meta.url),
);
