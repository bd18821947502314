import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INDIAN_CITIES, INDIAN_STATES } from '@fleet/domain';
import { createInProcessBus, type Database, platformMigrations, rows } from '@fleet/platform';
import { createTestDatabase, quietLogger, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { createMastersModule } from '../src';
import { mastersMigrations, SCHEMA } from '../src/storage/migrations';
import { upsertStatesAndCities } from '../src/storage/reference-data-upsert';

describe('masters migrations', () => {
  it('are the platform’s for the masters schema, then the numbered SQL files of services/masters/migrations', () => {
    const folder = join(__dirname, '..', 'migrations');
    const files = readdirSync(folder).sort();
    const platform = platformMigrations(SCHEMA);
    expect(mastersMigrations.map((m) => m.id)).toEqual([
      ...platform.map((m) => m.id),
      ...files.map((f) => f.replace(/\.sql$/, '')),
    ]);
    expect(mastersMigrations.slice(platform.length).map((m) => m.file)).toEqual(
      files.map((f) => join(folder, f)),
    );
    expect(platform.map((m) => m.id)).toEqual(['platform_0001_outbox']);
    expect(platform[0]!.sql).toContain('create table masters.outbox (');
    expect(platform[0]!.sql).not.toContain('{{');
  });

  it('carry no states or cities: those are reference data, upserted at start', () => {
    for (const m of mastersMigrations) expect(m.sql).not.toMatch(/insert into masters\.(states|cities)/);
  });
});

describe('masters reference data at start (PostgreSQL)', () => {
  let database: TestDatabase;
  const start = () =>
    createMastersModule({
      db: database.db,
      bus: createInProcessBus(),
      logger: quietLogger('masters-migrations-test'),
    });
  const versions = (db: Database) =>
    db.asOwner((tx) =>
      rows<{ id: string; name: string; version: string }>(
        tx,
        sql`select id, name, xmin::text as version from masters.states
            union all select id, name, xmin::text from masters.cities order by id`,
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await start();
  });
  afterAll(() => database.drop());

  it('loads every state and city on a new database, and records each migration’s checksum', async () => {
    const [counts] = await database.db.asOwner((tx) =>
      rows<{ states: number; cities: number }>(
        tx,
        sql`select (select count(*)::int from masters.states) as states,
                   (select count(*)::int from masters.cities) as cities`,
      ),
    );
    expect(counts).toEqual({ states: INDIAN_STATES.length, cities: INDIAN_CITIES.length });
    const recorded = await database.db.asOwner((tx) =>
      rows<{ id: string; checksum: string }>(
        tx,
        sql`select id, checksum from masters.schema_migrations order by id`,
      ),
    );
    const expected = mastersMigrations.map((m) => ({ id: m.id, checksum: m.checksum }));
    expect(recorded).toEqual(expected.sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('gives a database made before a city was added that city on its next start; a second start writes nothing', async () => {
    // An old database: one city it never had, one state whose name has since been corrected.
    await database.db.asOwner(async (tx) => {
      await tx.execute(sql`delete from masters.cities where id = 'wb-siliguri'`);
      await tx.execute(sql`update masters.states set name = 'Orissa' where id = 'OD'`);
    });
    await start();
    const after = await versions(database.db);
    expect(after.find((r) => r.id === 'wb-siliguri')?.name).toBe('Siliguri');
    expect(after.find((r) => r.id === 'OD')?.name).toBe('Odisha');
    expect(after).toHaveLength(INDIAN_STATES.length + INDIAN_CITIES.length);

    await start();
    expect(await versions(database.db)).toEqual(after);
    expect(await database.db.asOwner((tx) => upsertStatesAndCities(tx, SCHEMA))).toEqual({
      statesAdded: 0,
      statesUpdated: 0,
      citiesAdded: 0,
      citiesUpdated: 0,
    });
  });

  it('adds a city new in the reference data and corrects a renamed one, counting each', async () => {
    const changes = await database.db.asOwner((tx) =>
      upsertStatesAndCities(tx, SCHEMA, {
        states: INDIAN_STATES,
        cities: [
          ...INDIAN_CITIES.map((c) => (c.id === 'mh-mumbai' ? { ...c, name: 'Mumbai City' } : c)),
          { id: 'mh-lonavala-test', name: 'Lonavala Test', stateId: 'MH' },
        ],
      }),
    );
    expect(changes).toEqual({ statesAdded: 0, statesUpdated: 0, citiesAdded: 1, citiesUpdated: 1 });
    const cities = await database.db.asOwner((tx) =>
      rows<{ id: string; name: string }>(
        tx,
        sql`select id, name from masters.cities where id in ('mh-mumbai', 'mh-lonavala-test') order by id`,
      ),
    );
    expect(cities).toEqual([
      { id: 'mh-lonavala-test', name: 'Lonavala Test' },
      { id: 'mh-mumbai', name: 'Mumbai City' },
    ]);
  });
});
