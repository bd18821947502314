import { type Migration, serviceMigrations } from '@fleet/platform';

export const SCHEMA = 'messaging';

/**
 * The messaging schema's migrations: the numbered SQL files of services/messaging/migrations, in order.
 * A file is never edited once released (the service refuses to start on a changed checksum); a change
 * is the next number.
 */
export const messagingMigrations: Migration[] = serviceMigrations(
  SCHEMA,
  new URL('../../migrations', import.meta.url),
);
