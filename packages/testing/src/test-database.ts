import { randomBytes } from 'node:crypto';
import { createPostgresDatabase, type Database } from '@fleet/platform';
import pg from 'pg';
import { resolveServer } from './services-available';

export interface TestDatabase {
  /** URL of the fresh database, for code that opens its own pool (a separate process, say). */
  url: string;
  db: Database;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function startPostgresContainer(): Promise<string> {
  const moduleName = 'testcontainers';
  const { GenericContainer } = await import(moduleName);
  const container = await new GenericContainer('postgres:17')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .start();
  return `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
}

/** A brand-new database on a real PostgreSQL, so tests run in parallel and leave nothing behind. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = await resolveServer({
    what: 'PostgreSQL',
    envVar: 'TEST_DATABASE_URL',
    defaultUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    startContainer: startPostgresContainer,
  });
  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDatabase(url.toString(), { max: 5, applicationName: 'fleet-test' });
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
