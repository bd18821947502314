import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  createInProcessBus,
  createLogger,
  type Database,
  EditedMigrationError,
  loadMigrationFiles,
  migrate,
  migrationChecksum,
  platformMigrations,
  prepareService,
  rows,
} from '../src';

const schema = 'checksum_probe';
const logger = createLogger({ name: 'migrate-checksums-test', level: 'silent' });

async function recorded(db: Database) {
  return db.asOwner((tx) =>
    rows<{ id: string; checksum: string | null }>(
      tx,
      sql.raw(`select id, checksum from ${schema}.schema_migrations order by id`),
    ),
  );
}

async function tables(db: Database) {
  const found = await db.asOwner((tx) =>
    rows<{ name: string }>(
      tx,
      sql`select table_name as name from information_schema.tables where table_schema = ${schema} order by 1`,
    ),
  );
  return found.map((t) => t.name);
}

describe('migrate() with migration files and checksums (PostgreSQL)', () => {
  let database: TestDatabase;
  let dir: string;
  const write = (files: Record<string, string>) => {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'fleet-migrate-'));
    write({
      '0001_notes.sql': `create table ${schema}.notes (id int primary key, body text not null);\n`,
      '0002_tags.sql': `create table ${schema}.tags (id int primary key);\n`,
    });
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  it('records the checksum of each file it applies, and applies nothing twice', async () => {
    const files = loadMigrationFiles(dir);
    expect(await migrate(database.db, schema, files)).toEqual(['0001_notes', '0002_tags']);
    expect(await recorded(database.db)).toEqual(files.map((f) => ({ id: f.id, checksum: f.checksum })));
    expect(await migrate(database.db, schema, loadMigrationFiles(dir))).toEqual([]);
  });

  it('records the checksum of a migration given as text', async () => {
    const text = `create table ${schema}.inline (id int);`;
    await migrate(database.db, schema, [{ id: '0001_inline', sql: text }]);
    expect(await recorded(database.db)).toEqual([{ id: '0001_inline', checksum: migrationChecksum(text) }]);
  });

  it('stops when an applied file was edited, naming the file, and applies nothing', async () => {
    await migrate(database.db, schema, loadMigrationFiles(dir));
    const before = await recorded(database.db);
    write({
      '0002_tags.sql': `create table ${schema}.tags (id int primary key, name text);\n`,
      '0003_more.sql': `create table ${schema}.more (id int primary key);\n`,
    });
    const edited = loadMigrationFiles(dir);
    const error = await migrate(database.db, schema, edited).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditedMigrationError);
    const file = relative(process.cwd(), join(dir, '0002_tags.sql'));
    expect((error as Error).message).toBe(
      `${file.startsWith('..') ? join(dir, '0002_tags.sql') : file} was edited after it was applied to schema ${schema} ` +
        `(recorded checksum ${before[1]!.checksum}, file now ${edited[1]!.checksum}); add a new migration instead`,
    );
    expect(await recorded(database.db)).toEqual(before);
    expect(await tables(database.db)).toEqual(['notes', 'schema_migrations', 'tags']);

    // Put back as it was, the new migration applies.
    write({ '0002_tags.sql': `create table ${schema}.tags (id int primary key);\n` });
    expect(await migrate(database.db, schema, loadMigrationFiles(dir))).toEqual(['0003_more']);
  });

  it('names a migration that has no file by its id', async () => {
    await migrate(database.db, schema, [{ id: '0001_a', sql: `create table ${schema}.a (id int);` }]);
    await expect(
      migrate(database.db, schema, [{ id: '0001_a', sql: `create table ${schema}.a (id bigint);` }]),
    ).rejects.toThrow(/^Migration 0001_a was edited after it was applied to schema checksum_probe/);
  });

  it('accepts a database migrated before checksums existed, and records them', async () => {
    // What the TypeScript migrations left behind: the same SQL applied, recorded without checksums.
    const files = loadMigrationFiles(dir);
    await database.db.asOwner(async (tx) => {
      await tx.execute(sql.raw(`create schema ${schema}`));
      await tx.execute(
        sql.raw(
          `create table ${schema}.schema_migrations (id text primary key, applied_at timestamptz not null default now())`,
        ),
      );
      for (const f of files) await tx.execute(sql.raw(f.sql));
      await tx.execute(
        sql.raw(`insert into ${schema}.schema_migrations (id) values ('0001_notes'), ('0002_tags')`),
      );
    });
    expect(await migrate(database.db, schema, loadMigrationFiles(dir))).toEqual([]);
    expect(await recorded(database.db)).toEqual(files.map((f) => ({ id: f.id, checksum: f.checksum })));
    expect(await migrate(database.db, schema, loadMigrationFiles(dir))).toEqual([]);

    // From then on an edit is caught like any other.
    write({ '0001_notes.sql': `create table ${schema}.notes (id int primary key);\n` });
    await expect(migrate(database.db, schema, loadMigrationFiles(dir))).rejects.toThrow(
      /0001_notes\.sql was edited after it was applied/,
    );
  });

  it('prepareService does not start a service on an edited migration, and loads reference data after migrating', async () => {
    const bus = createInProcessBus();
    const loaded: string[] = [];
    const prepare = () =>
      prepareService({
        name: 'probe',
        db: database.db,
        bus,
        logger,
        schema,
        migrations: loadMigrationFiles(dir),
        referenceData: async (tx, context) => {
          await tx.execute(sql.raw(`insert into ${context.schema}.tags values (${loaded.length + 1})`));
          loaded.push(context.schema);
        },
        grpcServices: [],
      });
    await prepare();
    expect(loaded).toEqual([schema]);
    write({ '0001_notes.sql': '-- edited\n' });
    await expect(prepare()).rejects.toThrow(/0001_notes\.sql was edited after it was applied/);
    expect(loaded).toEqual([schema]);
  });

  it('writes the platform’s migrations for a schema, recorded with the checksum of their one file', () => {
    const [outbox] = platformMigrations('probe_schema');
    expect(outbox!.id).toBe('platform_0001_outbox');
    expect(outbox!.sql).toContain('create table probe_schema.outbox (');
    expect(outbox!.sql).not.toContain('{{');
    expect(outbox!.checksum).toBe(platformMigrations('another_schema')[0]!.checksum);
    expect(relative(process.cwd(), outbox!.file!)).toBe('packages/platform/migrations/0001_outbox.sql');
    expect(() => platformMigrations('Robert"; drop')).toThrow('Invalid schema name');
  });
});
