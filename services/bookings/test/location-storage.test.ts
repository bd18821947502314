// Location storage on both engines the product runs on (PostgreSQL, and PGlite embedded): the monthly
// partitions made by the app role through the migration's function, a point kept once however often it
// is written, the live position moved only forward, each operator seeing only its own points through
// the partitioned table, and a month's query reading only that month's partition.
import { randomUUID } from 'node:crypto';
import {
  createPgliteDatabase,
  type Database,
  migrate,
  openPglite,
  pgErrorCode,
  rows,
  type Tx,
} from '@fleet/platform';
import { createTestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  ensureLocationPartitions,
  insertPoints,
  type PointToStore,
  routePoints,
} from '../src/storage/location-store';
import { bookingsMigrations, SCHEMA } from '../src/storage/migrations';

const engines: [string, () => Promise<{ db: Database; done(): Promise<void> }>][] = [
  [
    'PostgreSQL',
    async () => {
      const t = await createTestDatabase();
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

const at = (iso: string) => new Date(iso);
const point = (bookingId: string, iso: string, latitude = 18.52): PointToStore => ({
  bookingId,
  at: at(iso),
  latitude,
  longitude: 73.85,
  accuracyM: 8,
});

describe.each(engines)('location storage on %s', (_engine, open) => {
  let db: Database;
  let done: () => Promise<void>;
  const a = { tenantId: randomUUID(), driverId: randomUUID() };
  const b = { tenantId: randomUUID(), driverId: randomUUID() };
  const dutyOfA = randomUUID();
  const dutyOfB = randomUUID();

  beforeAll(async () => {
    ({ db, done } = await open());
    await migrate(db, SCHEMA, bookingsMigrations);
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await done();
  });

  const partitions = () =>
    db.asOwner((tx) =>
      rows<{ name: string }>(
        tx,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'bookings.location_points'::regclass order by 1`,
      ),
    );
  const pointsSeenBy = (tenantId: string) =>
    db.read(tenantId, (tx) =>
      rows<{ booking_id: string; n: number }>(
        tx,
        sql`select booking_id, count(*)::int as n from bookings.location_points group by booking_id`,
      ),
    );
  const write = (owner: typeof a, points: PointToStore[]) =>
    db.withTenant(owner.tenantId, async (tx) => (await insertPoints(tx, owner, points)).inserted);

  it('has the app role make the missing monthly partitions, once, and refuse a row in a month without one', async () => {
    const made = await db.withTenant(a.tenantId, (tx) =>
      ensureLocationPartitions(tx, at('2026-10-15T00:00:00Z'), at('2026-12-01T00:00:00Z')),
    );
    expect(made).toBe(3);
    expect(
      await db.withTenant(a.tenantId, (tx) =>
        ensureLocationPartitions(tx, at('2026-11-30T23:59:59Z'), at('2026-12-31T23:59:59Z')),
      ),
    ).toBe(0);
    expect((await partitions()).map((p) => p.name)).toEqual([
      'location_points_2026_10',
      'location_points_2026_11',
      'location_points_2026_12',
    ]);
    const refused = await write(a, [point(dutyOfA, '2027-01-01T00:00:00Z')]).catch((error: unknown) => error);
    expect(pgErrorCode(refused)).toBe('23514');
  });

  it('puts a point in the month it was taken in UTC (midnight in Kolkata is still the month before)', async () => {
    await write(a, [point(dutyOfA, '2026-11-30T20:00:00Z')]);
    const [found] = await db.asOwner((tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from bookings.location_points_2026_11`),
    );
    expect(found!.n).toBe(1);
  });

  it('keeps a point once however often it is written, and counts only the new ones', async () => {
    const batch = Array.from({ length: 10 }, (_, i) =>
      point(dutyOfA, `2026-11-24T04:${String(i).padStart(2, '0')}:00Z`),
    );
    expect(await write(a, batch)).toBe(10);
    expect(await write(a, batch)).toBe(0);
    const overlapping = [
      ...batch.slice(5),
      ...Array.from({ length: 5 }, (_, i) => point(dutyOfA, `2026-11-24T04:1${i}:00Z`)),
    ];
    expect(await write(a, overlapping)).toBe(5);
    // The same moment twice in one batch is one point.
    expect(
      await write(a, [point(dutyOfA, '2026-11-24T05:00:00Z'), point(dutyOfA, '2026-11-24T05:00:00Z')]),
    ).toBe(1);
    const track = await db.read(a.tenantId, (tx) => dutyTrackOf(tx, dutyOfA));
    expect(track).toEqual({
      firstAt: '2026-11-24T04:00:00.000000Z',
      lastAt: '2026-11-30T20:00:00.000000Z',
      points: 17,
    });
  });

  it('moves the driver’s position only to a later point', async () => {
    const position = () =>
      db.read(a.tenantId, async (tx) => {
        const [row] = await rows<{ latitude: number; booking_id: string }>(
          tx,
          sql`select latitude, booking_id from bookings.driver_positions where driver_id = ${a.driverId}`,
        );
        return row;
      });
    await write(a, [
      point(dutyOfA, '2026-12-01T10:00:00Z', 19.1),
      point(dutyOfA, '2026-12-01T09:59:00Z', 19.0),
    ]);
    expect((await position())?.latitude).toBe(19.1);
    // A late batch from the phone's queue is stored, and leaves the position where it is.
    expect(await write(a, [point(dutyOfA, '2026-12-01T09:00:00Z', 18.0)])).toBe(1);
    expect((await position())?.latitude).toBe(19.1);
  });

  it('shows each operator only its own points, and writes none as another', async () => {
    await write(b, [point(dutyOfB, '2026-11-24T04:00:00Z')]);
    expect(await pointsSeenBy(b.tenantId)).toEqual([{ booking_id: dutyOfB, n: 1 }]);
    expect((await pointsSeenBy(a.tenantId)).map((r) => r.booking_id)).toEqual([dutyOfA]);
    const forged = await db
      .withTenant(a.tenantId, (tx) => insertPoints(tx, b, [point(dutyOfB, '2026-11-25T04:00:00Z')]))
      .catch((error: unknown) => error);
    expect(pgErrorCode(forged)).toBe('42501');
    // A partition read by its own name (the app role may, once a later start's migration has granted
    // it the schema's tables) shows nothing of another operator either.
    await migrate(db, SCHEMA, bookingsMigrations);
    const direct = await db.read(b.tenantId, (tx) =>
      rows<{ booking_id: string }>(tx, sql`select booking_id from bookings.location_points_2026_11`),
    );
    expect(direct).toEqual([{ booking_id: dutyOfB }]);
  });

  it('reads a route in time order from only the months it spans', async () => {
    const route = await db.read(a.tenantId, (tx) =>
      routePoints(tx, {
        bookingId: dutyOfA,
        from: '2026-11-24T04:00:00Z',
        to: '2026-11-24T05:00:00Z',
        every: 1,
      }),
    );
    expect(route.map((r) => new Date(r.atMs).toISOString().slice(11, 16))).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `04:0${i}`),
      ...Array.from({ length: 5 }, (_, i) => `04:1${i}`),
      '05:00',
    ]);
    const everyFifth = await db.read(a.tenantId, (tx) =>
      routePoints(tx, {
        bookingId: dutyOfA,
        from: '2026-11-24T04:00:00Z',
        to: '2026-11-24T05:00:00Z',
        every: 5,
      }),
    );
    expect(everyFifth.map((r) => new Date(r.atMs).toISOString().slice(11, 16))).toEqual([
      '04:00',
      '04:05',
      '04:10',
      '05:00',
    ]);
    const plan = await db.read(a.tenantId, (tx) =>
      rows<Record<string, string>>(
        tx,
        sql`explain select * from bookings.location_points where booking_id = ${dutyOfA}
            and recorded_at between '2026-11-24T04:00:00Z'::timestamptz and '2026-11-24T05:00:00Z'::timestamptz`,
      ),
    );
    const text = plan.map((line) => Object.values(line)[0]).join('\n');
    expect(text).toContain('location_points_2026_11');
    expect(text).not.toContain('location_points_2026_10');
    expect(text).not.toContain('location_points_2026_12');
  });
});

async function dutyTrackOf(tx: Tx, bookingId: string) {
  const [row] = await rows<{ firstAt: string; lastAt: string; points: number }>(
    tx,
    sql`select to_char(first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "firstAt",
          to_char(last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "lastAt", points::int as points
        from bookings.duty_tracks where booking_id = ${bookingId}`,
  );
  return row;
}
