import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { createPgliteDatabase, type Database, migrate, openPglite, rows, tenantTable } from '../src';

const schema = 'rls_probe';
const migrations = [
  {
    id: '0001_notes',
    sql: `
create table ${schema}.notes (id uuid primary key, tenant_id uuid not null, body text not null);
${tenantTable(`${schema}.notes`)}
-- a function body with semicolons inside must survive statement splitting
create function ${schema}.shout(t text) returns text language plpgsql as $$ begin return upper(t); end; $$;
`,
  },
];

const engines: [string, () => Promise<{ db: Database; done(): Promise<void> }>][] = [
  [
    'PostgreSQL',
    async () => {
      const t: TestDatabase = await createTestDatabase();
      return { db: t.db, done: () => t.drop() };
    },
  ],
  [
    'PGlite',
    async () => {
      const client = await openPglite(undefined);
      return { db: createPgliteDatabase(client, { closeClient: true }), done: async () => {} };
    },
  ],
];

describe.each(engines)('row-level security on %s', (_name, open) => {
  let db: Database;
  let done: () => Promise<void>;
  const a = randomUUID();
  const b = randomUUID();

  beforeAll(async () => {
    ({ db, done } = await open());
    expect(await migrate(db, schema, migrations)).toEqual(['0001_notes']);
    await db.withTenant(a, (tx) =>
      tx.execute(sql`insert into rls_probe.notes values (${randomUUID()}, ${a}, 'from a')`),
    );
    await db.withTenant(b, (tx) =>
      tx.execute(sql`insert into rls_probe.notes values (${randomUUID()}, ${b}, 'from b')`),
    );
  }, 120_000); // PGlite compiles and initialises a whole database: seconds alone, a minute under a loaded CI
  afterAll(async () => {
    await db.close();
    await done();
  });

  it('applies each migration once', async () => {
    expect(await migrate(db, schema, migrations)).toEqual([]);
    const [shouted] = await db.asSystem((tx) =>
      rows<{ v: string }>(tx, sql`select rls_probe.shout('x') as v`),
    );
    expect(shouted?.v).toBe('X');
  });

  it('shows an operator only its own rows even when the query forgets the tenant filter', async () => {
    const seen = await db.withTenant(a, (tx) =>
      rows<{ body: string }>(tx, sql`select body from rls_probe.notes`),
    );
    expect(seen.map((r) => r.body)).toEqual(['from a']);
  });

  it('refuses to write a row for another operator', async () => {
    await expect(
      db.withTenant(a, (tx) =>
        tx.execute(sql`insert into rls_probe.notes values (${randomUUID()}, ${b}, 'sneaky')`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const bRows = await db.withTenant(b, (tx) => rows(tx, sql`select 1 from rls_probe.notes`));
    expect(bRows).toHaveLength(1);
  });

  it('cannot update or delete another operator’s rows', async () => {
    await db.withTenant(a, (tx) => tx.execute(sql`update rls_probe.notes set body = 'changed'`));
    await db.withTenant(a, (tx) => tx.execute(sql`delete from rls_probe.notes where tenant_id = ${b}`));
    const bRows = await db.withTenant(b, (tx) =>
      rows<{ body: string }>(tx, sql`select body from rls_probe.notes`),
    );
    expect(bRows.map((r) => r.body)).toEqual(['from b']);
  });

  it('lets the app role do nothing without an operator set', async () => {
    const none = await db.asSystem(async () => 0);
    expect(none).toBe(0);
    const seen = await db.withTenant('00000000-0000-0000-0000-000000000000', (tx) =>
      rows(tx, sql`select 1 from rls_probe.notes`),
    );
    expect(seen).toHaveLength(0);
  });

  it('lets the system role see every operator', async () => {
    const all = await db.asSystem((tx) => rows(tx, sql`select 1 from rls_probe.notes`));
    expect(all).toHaveLength(2);
  });

  it('reads as the operator, and only reads: a write is refused and no commit listener hears of it', async () => {
    let commits = 0;
    const stop = db.onCommit(() => {
      commits += 1;
    });
    try {
      const seen = await db.read(a, (tx) =>
        rows<{ body: string; who: string }>(tx, sql`select body, current_user as who from rls_probe.notes`),
      );
      // A's one note (an earlier test changed its text), and not B's.
      expect(seen).toHaveLength(1);
      expect(seen[0]!.body).not.toBe('from b');
      expect(seen[0]!.who).not.toBe('postgres');
      await expect(
        db.read(a, (tx) => tx.execute(sql`update rls_probe.notes set body = 'read only?'`)),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) } });
      expect(await db.readAsSystem((tx) => rows(tx, sql`select 1 from rls_probe.notes`))).toHaveLength(2);
      expect(commits).toBe(0);
      await db.withTenant(a, (tx) => tx.execute(sql`select 1`));
      expect(commits).toBe(1);
      // A write that makes no event need not wake the outbox relay.
      await db.withTenant(a, (tx) => tx.execute(sql`update rls_probe.notes set body = body`), {
        quiet: true,
      });
      expect(commits).toBe(1);
    } finally {
      stop();
    }
    // The role and the operator lasted the transaction only.
    const after = await db.asOwner((tx) =>
      rows<{ who: string; tenant: string | null }>(
        tx,
        sql`select current_user as who, nullif(current_setting('fleet.tenant_id', true), '') as tenant`,
      ),
    );
    expect(after[0]).toEqual({ who: 'postgres', tenant: null });
  });

  it('undoes the whole unit when its work fails, and serves the next units on the same connections', async () => {
    // More failures than the pool has connections: a failed unit's connection goes back usable.
    for (let i = 0; i < 12; i++) {
      await expect(
        db.withTenant(a, async (tx) => {
          await tx.execute(sql`insert into rls_probe.notes values (${randomUUID()}, ${a}, 'undone')`);
          await tx.execute(sql`select 1 / 0`);
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    }
    const undone = await db.read(a, (tx) =>
      rows(tx, sql`select 1 from rls_probe.notes where body = 'undone'`),
    );
    expect(undone).toEqual([]);
  });

  it('answers reads of two operators and writes interleaved on few connections, each as its own operator', async () => {
    // A read is answered before its commit is acknowledged; its connection must not serve the next unit
    // (another operator's read, or a write) while the read's transaction and settings are still open.
    const who = (tenantId: string) =>
      db.read(tenantId, (tx) =>
        rows<{ tenant: string }>(tx, sql`select distinct tenant_id::text as tenant from rls_probe.notes`),
      );
    const units = Array.from({ length: 60 }, (_, i) => {
      const tenantId = i % 2 ? a : b;
      if (i % 3 === 0)
        return db
          .withTenant(tenantId, (tx) =>
            tx.execute(sql`insert into rls_probe.notes values (${randomUUID()}, ${tenantId}, 'interleaved')`),
          )
          .then(() => 'written');
      return who(tenantId).then((seen) => (seen.every((row) => row.tenant === tenantId) ? 'own' : 'other'));
    });
    const outcomes = await Promise.all(units);
    expect(outcomes.filter((outcome) => outcome === 'other')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'written')).toHaveLength(20);
    const written = await db.readAsSystem((tx) =>
      rows(tx, sql`select 1 from rls_probe.notes where body = 'interleaved'`),
    );
    expect(written).toHaveLength(20);
    await db.asSystem((tx) => tx.execute(sql`delete from rls_probe.notes where body = 'interleaved'`));
  });

  it('refuses an operator id that is not a UUID before anything reaches the database', async () => {
    let reached = false;
    for (const tenantId of ["x', true); drop table rls_probe.notes; --", '', 'not-a-uuid']) {
      await expect(
        db.read(tenantId, async () => {
          reached = true;
        }),
      ).rejects.toThrow(/an operator's id is a UUID/);
    }
    expect(reached).toBe(false);
    expect(await db.readAsSystem((tx) => rows(tx, sql`select 1 from rls_probe.notes`))).toHaveLength(2);
  });

  it('reads dates and times as text on both engines (the drivers agree)', async () => {
    const [row] = await db.read(a, (tx) =>
      rows<{ d: unknown; ts: unknown }>(
        tx,
        sql`select '2026-11-23'::date as d, '2026-11-23T10:00:00Z'::timestamptz as ts`,
      ),
    );
    expect(row!.d).toBe('2026-11-23');
    expect(typeof row!.ts).toBe('string');
    expect(new Date(String(row!.ts)).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});
