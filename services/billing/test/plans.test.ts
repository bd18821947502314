// The plans of billing's reads by id under row-level security, as the operator's role runs them.
import { randomUUID } from 'node:crypto';
import { migrate, rows } from '@fleet/platform';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { idArray } from '../src/storage/duties-store';
import { billingMigrations, SCHEMA } from '../src/storage/migrations';

let database: TestDatabase;
const T = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.db, SCHEMA, billingMigrations);
  // Fifty operators' duties, this one's among them, and the statistics the planner reads.
  await database.db.asOwner(async (tx) => {
    await tx.execute(sql`insert into billing.duties (booking_id, tenant_id, booking_no, version, status, customer_id,
        from_city_id, start_date)
      select gen_random_uuid(), case when g % 50 = 0 then ${T}::uuid else md5('t' || g % 50)::uuid end, g, 1,
        'CLOSED', md5('c' || g % 500)::uuid, 'mh-pune', date '2026-11-01' + g % 30
      from generate_series(1, 5000) g`);
    await tx.execute(sql`analyze billing.duties`);
  });
}, 60_000);
afterAll(() => database?.drop());

it('finds duties by id through the primary key under row-level security', async () => {
  const ids = [randomUUID(), randomUUID()];
  const plan = await database.db.read(T, async (tx) => {
    const lines = await rows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select booking_id from billing.duties d where d.booking_id = any(${idArray(ids)})`,
    );
    return lines.map((line) => line['QUERY PLAN']).join('\n');
  });
  expect(plan).toMatch(/Index Cond: \(booking_id = ANY/);
});
