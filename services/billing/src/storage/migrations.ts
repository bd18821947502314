import { type Migration, serviceMigrations } from '@fleet/platform';

export const SCHEMA = 'billing';

/**
 * The billing schema's migrations: the numbered SQL files of services/billing/migrations, in order. A
 * file is never edited once released (the service refuses to start on a changed checksum); a change is
 * the next number.
 */
export const billingMigrations: Migration[] = serviceMigrations(
  SCHEMA,
  new URL('../../migrations', import.meta.url),
);
