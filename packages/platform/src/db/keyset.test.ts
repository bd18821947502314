// Keyset paging against a real PostgreSQL: walking a list page by page, with the cursors it hands out,
// visits every row once in the order a single query gives, for each type of sort key, nullable keys
// included; a cursor of the wrong type is refused before the query.
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { rows } from './database';
import { type CursorShape, keyset, type SortDirection, toPage } from './paging';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.asOwner(async (tx) => {
    await tx.execute(sql`create table paged (id uuid primary key, name text, qty integer, price numeric(14,2),
      day date, at timestamptz not null)`);
    for (let i = 0; i < 23; i++) {
      // Repeated keys (ties broken by id), and every fourth key empty.
      const empty = i % 4 === 0;
      await tx.execute(sql`insert into paged values (${randomUUID()}::uuid,
        ${empty ? null : `name ${i % 5}`}, ${empty ? null : (i % 7) - 3}, ${empty ? null : `${i % 6}.25`}::numeric,
        ${empty ? null : `2026-04-${String((i % 9) + 1).padStart(2, '0')}`}::date,
        ${`2026-04-01T09:${String(i % 11).padStart(2, '0')}:00.${String(i).padStart(6, '0')}Z`}::timestamptz)`);
    }
  });
}, 60_000);
afterAll(() => database?.drop());

const columns = {
  name: { sort: { type: 'text', nullable: true } },
  qty: { sort: { type: 'integer', nullable: true } },
  price: { sort: { type: 'decimal', nullable: true } },
  day: { sort: { type: 'date', nullable: true } },
  at: { sort: { type: 'timestamp', nullable: false } },
} satisfies Record<string, CursorShape>;

async function page(column: keyof typeof columns, direction: SortDirection, cursor: string | undefined) {
  const sortKey = sql`${sql.identifier(column)}`;
  const { after, orderBy } = keyset({ sortKey, id: sql`id`, direction, cursor, shape: columns[column] });
  const fetched = await database.db.asOwner((tx) =>
    rows<{ id: string; sortKey: string | null }>(
      tx,
      sql`select id, ${sortKey}::text as "sortKey" from paged ${after ? sql`where ${after}` : sql``}
          order by ${orderBy} limit 4`,
    ),
  );
  return toPage(fetched, 3, (row) => [row.sortKey, row.id]);
}

describe('keyset paging', () => {
  it.each(
    Object.keys(columns).flatMap((column) => [
      [column, 'asc'],
      [column, 'desc'],
    ]) as [keyof typeof columns, SortDirection][],
  )('visits every row once by %s %s', async (column, direction) => {
    const dir = sql.raw(direction);
    const expected = await database.db.asOwner((tx) =>
      rows<{ id: string }>(
        tx,
        sql`select id from paged order by ${sql.identifier(column)} ${dir}, id ${dir}`,
      ),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(column, direction, cursor);
      seen.push(...next.items.map((row) => row.id));
      cursor = next.nextCursor || undefined;
    } while (cursor);
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('refuses a cursor whose key is not of the sort’s type before any query', async () => {
    const garbage = Buffer.from(JSON.stringify(['garbage', randomUUID()])).toString('base64url');
    for (const column of ['qty', 'price', 'day', 'at'] as const) {
      await expect(page(column, 'asc', garbage)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        fieldViolations: [{ field: 'cursor' }],
      });
    }
  });
});
