// Location tracking's storage (migration 0009): the points of duties in monthly partitions, each
// driver's latest position, and each duty's span of points. Every read of the points names a range of
// recorded_at, so PostgreSQL reads only the partitions of the months it spans. Row-level security keeps
// each statement to the transaction's operator; no tenant condition is written for reading.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

/** A point as the driver's phone took it, checked. */
export interface PointToStore {
  bookingId: string;
  at: Date;
  latitude: number;
  longitude: number;
  accuracyM?: number;
  speedKmh?: number;
  headingDeg?: number;
}

/** Instants travel as epoch milliseconds, so a long route is not thousands of dates parsed from text. */
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** Makes the monthly partitions from `from`'s month to `to`'s that are missing; how many it made. */
export async function ensureLocationPartitions(tx: Tx, from: Date, to: Date): Promise<number> {
  const [row] = await rows<{ made: number }>(
    tx,
    sql`select bookings.ensure_location_partitions(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) as made`,
  );
  return row?.made ?? 0;
}

/** A duty a batch names that is allotted to the driver: its status and, once over, when it ended. */
export interface DriversDuty {
  id: string;
  status: string;
  /** When it went into the final status it is in (its activity says), else when it last changed. */
  endedAtMs: number | null;
}

/**
 * Writes a batch in one statement: the points not stored yet (a point sent again is kept once), the
 * span of each duty grown by the new ones, and the driver's latest position moved only by a later
 * point. Answers how many points were new, and which of the batch's duties are allotted to the driver
 * (with their status), for the caller to refuse the batch, rolling all of it back, when one is not.
 */
export async function insertPoints(
  tx: Tx,
  owner: { tenantId: string; driverId: string },
  points: readonly PointToStore[],
): Promise<{ inserted: number; duties: DriversDuty[] }> {
  const batch = JSON.stringify(
    points.map((p) => ({
      booking_id: p.bookingId,
      recorded_at: p.at.toISOString(),
      latitude: p.latitude,
      longitude: p.longitude,
      accuracy_m: p.accuracyM ?? null,
      speed_kmh: p.speedKmh ?? null,
      heading_deg: p.headingDeg ?? null,
    })),
  );
  const tenant = sql`${owner.tenantId}::uuid`;
  const driver = sql`${owner.driverId}::uuid`;
  const [row] = await rows<{ inserted: number; duties: DriversDuty[] }>(
    tx,
    sql`with batch as (
          select * from jsonb_to_recordset(${batch}::jsonb) as p(
            booking_id uuid, recorded_at timestamptz, latitude float8, longitude float8,
            accuracy_m real, speed_kmh real, heading_deg real)
        ),
        duties as (
          select b.id, b.status,
            ${epochMs(`coalesce((select max(a.at) from bookings.booking_activity a
              where a.tenant_id = b.tenant_id and a.booking_id = b.id and a.to_status = b.status), b.updated_at)`)}
              as "endedAtMs"
          from bookings.bookings b
          where b.id in (select booking_id from batch) and b.alloted_driver_id = ${driver}
        ),
        inserted as (
          insert into bookings.location_points
            (tenant_id, driver_id, booking_id, recorded_at, latitude, longitude, accuracy_m, speed_kmh, heading_deg)
          select ${tenant}, ${driver}, booking_id, recorded_at, latitude, longitude, accuracy_m, speed_kmh, heading_deg
          from batch
          on conflict do nothing
          returning booking_id, recorded_at
        ),
        spans as (
          insert into bookings.duty_tracks as track (tenant_id, booking_id, first_at, last_at, points)
          select ${tenant}, booking_id, min(recorded_at), max(recorded_at), count(*) from inserted group by booking_id
          on conflict (tenant_id, booking_id) do update
            set first_at = least(track.first_at, excluded.first_at),
                last_at = greatest(track.last_at, excluded.last_at),
                points = track.points + excluded.points
        ),
        latest as (
          insert into bookings.driver_positions as position
            (tenant_id, driver_id, booking_id, recorded_at, latitude, longitude, accuracy_m, speed_kmh, heading_deg)
          select ${tenant}, ${driver}, booking_id, recorded_at, latitude, longitude, accuracy_m, speed_kmh, heading_deg
          from batch order by recorded_at desc limit 1
          on conflict (tenant_id, driver_id) do update
            set booking_id = excluded.booking_id, recorded_at = excluded.recorded_at,
                latitude = excluded.latitude, longitude = excluded.longitude, accuracy_m = excluded.accuracy_m,
                speed_kmh = excluded.speed_kmh, heading_deg = excluded.heading_deg, received_at = now()
            where excluded.recorded_at > position.recorded_at
        )
        select (select count(*)::int from inserted) as inserted,
          coalesce((select json_agg(duties) from duties), '[]') as duties`,
  );
  return { inserted: row?.inserted ?? 0, duties: row?.duties ?? [] };
}

/** A driver's latest position, with who and what they drive and the duty they are on. */
export interface LivePositionRow {
  driverId: string;
  driverName: string;
  driverPhone: string;
  branchId: string;
  vehicleNo: string;
  bookingId: string;
  bookingNo: string | null;
  bookingStatus: string | null;
  atMs: number;
  latitude: number;
  longitude: number;
  accuracyM: number | null;
  speedKmh: number | null;
  headingDeg: number | null;
}

/**
 * The latest position of each of the operator's drivers taken since `since`, by name: the driver's
 * name, phone and branch from bookings' copy of the driver master (the duty's snapshot when there is no
 * copy), the vehicle from the duty. With `branchIds`, only drivers of those branches (a driver whose
 * branch is not known is left out).
 */
export function livePositions(
  tx: Tx,
  query: { since: Date; branchIds?: readonly string[] },
): Promise<LivePositionRow[]> {
  const branches = query.branchIds
    ? sql`and d.data->>'branchId' = any(array(select jsonb_array_elements_text(${JSON.stringify(query.branchIds)}::jsonb)))`
    : sql``;
  return rows<LivePositionRow>(
    tx,
    sql`select p.driver_id as "driverId",
          coalesce(d.name, b.driver_name, '') as "driverName",
          coalesce(d.data->>'phone', b.driver_phone, '') as "driverPhone",
          coalesce(d.data->>'branchId', '') as "branchId",
          coalesce(b.vehicle_no, '') as "vehicleNo",
          p.booking_id as "bookingId", b.booking_no::text as "bookingNo", b.status as "bookingStatus",
          ${epochMs('p.recorded_at')} as "atMs", p.latitude, p.longitude, p.accuracy_m as "accuracyM",
          p.speed_kmh as "speedKmh", p.heading_deg as "headingDeg"
        from bookings.driver_positions p
        left join bookings.bookings b on b.id = p.booking_id
        left join bookings.master_copies d on d.tenant_id = p.tenant_id and d.kind = 'driver' and d.id = p.driver_id
        where p.recorded_at >= ${query.since.toISOString()}::timestamptz ${branches}
        order by "driverName", "driverId"`,
  );
}

/** A duty as its route shows it: its number, and the span and number of its points (none yet: null). */
export interface DutyTrack {
  id: string;
  bookingNo: string;
  firstAt: string | null;
  lastAt: string | null;
  points: number;
}

/** With `branchIds`, only a duty whose allotted driver is of one of those branches (bookings' copy of the driver). */
export async function dutyTrack(
  tx: Tx,
  bookingId: string,
  branchIds?: readonly string[],
): Promise<DutyTrack | undefined> {
  const branches = branchIds
    ? sql`and exists (select 1 from bookings.master_copies d
            where d.tenant_id = b.tenant_id and d.kind = 'driver' and d.id = b.alloted_driver_id
              and d.data->>'branchId' = any(array(select jsonb_array_elements_text(${JSON.stringify(branchIds)}::jsonb))))`
    : sql``;
  const [found] = await rows<DutyTrack>(
    tx,
    sql`select b.id, b.booking_no::text as "bookingNo",
          to_char(t.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "firstAt",
          to_char(t.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "lastAt",
          coalesce(t.points, 0)::float8 as points
        from bookings.bookings b
        left join bookings.duty_tracks t on t.tenant_id = b.tenant_id and t.booking_id = b.id
        where b.id = ${bookingId} ${branches}`,
  );
  return found;
}

/** A point of a route. */
export interface RouteRow {
  driverId: string;
  atMs: number;
  latitude: number;
  longitude: number;
  accuracyM: number | null;
  speedKmh: number | null;
  headingDeg: number | null;
}

/**
 * A duty's points between `from` and `to` (its span, so only those months' partitions are read), in
 * time order; with `every` above 1, only every so-many-th (a duty with more points than a route reads).
 */
export function routePoints(
  tx: Tx,
  query: { bookingId: string; from: string; to: string; every: number },
): Promise<RouteRow[]> {
  const points = sql`select driver_id as "driverId", ${epochMs('recorded_at')} as "atMs", latitude, longitude,
      accuracy_m as "accuracyM", speed_kmh as "speedKmh", heading_deg as "headingDeg"
    from bookings.location_points
    where booking_id = ${query.bookingId}
      and recorded_at between ${query.from}::timestamptz and ${query.to}::timestamptz`;
  if (query.every <= 1) return rows<RouteRow>(tx, sql`${points} order by recorded_at, driver_id`);
  return rows<RouteRow>(
    tx,
    sql`select "driverId", "atMs", latitude, longitude, "accuracyM", "speedKmh", "headingDeg"
        from (select numbered.*, row_number() over (order by "atMs", "driverId") as n from (${points}) numbered) kept
        where (n - 1) % ${query.every} = 0
        order by "atMs", "driverId"`,
  );
}

/**
 * Marks the driver's position told to the live maps, unless it was told in the last 10 seconds: the
 * duty it is on when the maps are to hear of it now, undefined when they heard of it just now.
 */
export async function announcePosition(tx: Tx, driverId: string): Promise<string | undefined> {
  const [told] = await rows<{ bookingId: string }>(
    tx,
    sql`update bookings.driver_positions set announced_at = now()
        where driver_id = ${driverId} and (announced_at is null or announced_at < now() - interval '10 seconds')
        returning booking_id as "bookingId"`,
  );
  return told?.bookingId;
}
