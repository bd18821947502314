// Location tracking (DOMAIN.md "Driver app"): the driver app posts its phone's points in batches while a
// duty runs; staff see each driver's latest position on the live map and a duty's route with the
// kilometres the phone measured. Which points are kept is @fleet/domain's location-points.ts.
import {
  dutyTrackingProblem,
  getPermission,
  gpsDistanceKm,
  LIVE_POSITIONS_DEFAULT_HOURS,
  LIVE_POSITIONS_MAX_BRANCHES,
  LIVE_POSITIONS_MAX_HOURS,
  type LocationPoint,
  locationBatchSchema,
  locationTimeProblem,
  PERMISSION,
} from '@fleet/domain';
import {
  DomainError,
  type DriverCaller,
  type FieldViolation,
  invalid,
  invalidField,
  notFound,
  parseOrThrow,
  permissionDenied,
  requireId,
  requireIds,
} from '@fleet/platform';
import { thinEvenly } from '../domain/route-thinning';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import {
  announcePosition,
  type DriversDuty,
  dutyTrack,
  ensureLocationPartitions,
  insertPoints,
  livePositions,
  type RouteRow,
  routePoints,
} from '../storage/location-store';
import type { BookingsDeps, TenantCaller } from './deps';

/** The most points a route answers with; a duty with more is thinned evenly. */
export const ROUTE_MAX_POINTS = 20_000;
/** The most points a route reads to measure its kilometres (about a week at a point every 3 s). */
export const ROUTE_MAX_READ = 200_000;

/** A point as the driver app sends it, before it is checked (every field may be missing or wrong). */
export interface LocationPointInput {
  bookingId?: string;
  at?: Date;
  latitude?: number;
  longitude?: number;
  accuracyM?: number;
  speedKmh?: number;
  headingDeg?: number;
}

export interface LivePosition {
  driverId: string;
  driverName: string;
  driverPhone: string;
  branchId: string;
  vehicleNo: string;
  bookingId: string;
  bookingNo: string;
  bookingStatus: string;
  at: Date;
  latitude: number;
  longitude: number;
  accuracyM?: number;
  speedKmh?: number;
  headingDeg?: number;
}

export interface RoutePoint {
  at: Date;
  latitude: number;
  longitude: number;
  accuracyM?: number;
  speedKmh?: number;
  headingDeg?: number;
}

export interface DutyRoute {
  bookingId: string;
  bookingNo: string;
  /** In time order; at most ROUTE_MAX_POINTS, evenly thinned from the stored ones when there are more. */
  points: RoutePoint[];
  /** How many points the duty has stored. */
  storedPoints: number;
  /** The kilometres the phone measured (@fleet/domain's gpsDistanceKm), each driver's points apart. */
  distanceKm: number;
}

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const startOfMonth = (at: Date, monthsLater: number) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + monthsLater, 1));
const measured = (value: number | null) => value ?? undefined;

function requireTrackingPermission(caller: TenantCaller) {
  if (!caller.permissions.includes(PERMISSION.view_location_tracking)) {
    throw permissionDenied(
      `You need the “${getPermission(PERMISSION.view_location_tracking)?.name}” permission to see where drivers are.`,
    );
  }
}

/** A refusal naming every point it concerns, with the words of the first. */
function refusal(
  code: 'INVALID_ARGUMENT' | 'NOT_FOUND' | 'FAILED_PRECONDITION',
  violations: FieldViolation[],
  reason?: string,
): DomainError | undefined {
  const [first] = violations;
  if (!first) return undefined;
  const message =
    violations.length === 1 ? first.message : `${first.message} (and ${violations.length - 1} more points)`;
  return code === 'INVALID_ARGUMENT'
    ? invalid(message, violations, reason)
    : new DomainError(code, message, { reason, fieldViolations: violations });
}

/** Whether each point's duty is the driver's and keeps it: a refusal naming the points that fail. */
function checkDuties(
  points: readonly LocationPoint[],
  duties: readonly DriversDuty[],
): DomainError | undefined {
  const byId = new Map(duties.map((duty) => [duty.id, duty]));
  const notTheirs: FieldViolation[] = [];
  const notKept: FieldViolation[] = [];
  let notKeptReason: string | undefined;
  points.forEach((point, i) => {
    const duty = byId.get(point.bookingId);
    if (!duty) {
      notTheirs.push({
        field: `points.${i}.bookingId`,
        message: 'This duty was not found among the duties allotted to you.',
      });
      return;
    }
    const problem = dutyTrackingProblem(
      { status: duty.status, endedAt: duty.endedAtMs === null ? null : new Date(duty.endedAtMs) },
      point.at,
    );
    if (problem) {
      notKept.push({
        field: problem.reason === 'DUTY_ENDED' ? `points.${i}.at` : `points.${i}.bookingId`,
        message: problem.message,
      });
      notKeptReason ??= problem.reason;
    }
  });
  return refusal('NOT_FOUND', notTheirs) ?? refusal('FAILED_PRECONDITION', notKept, notKeptReason);
}

export function createLocationTracking(deps: BookingsDeps) {
  const { db, clock } = deps;
  // Months this process knows have a partition: a batch in another month has it made first.
  const partitioned = new Set<string>();

  async function ensureMonths(tenantId: string, instants: readonly Date[]) {
    const missing = [...new Set(instants.map(monthOf))].filter((month) => !partitioned.has(month)).sort();
    if (missing.length === 0) return;
    const [from, to] = [new Date(`${missing[0]}-01T00:00:00Z`), new Date(`${missing.at(-1)}-01T00:00:00Z`)];
    await db.withTenant(tenantId, (tx) => ensureLocationPartitions(tx, from, to));
    for (let month = from; month <= to; month = startOfMonth(month, 1)) partitioned.add(monthOf(month));
  }

  return {
    /** At start: the partitions of last month to next month, so no batch waits for one to be made. */
    async preparePartitions(): Promise<number> {
      const now = clock();
      const [from, to] = [startOfMonth(now, -1), startOfMonth(now, 1)];
      const made = await db.asSystem((tx) => ensureLocationPartitions(tx, from, to));
      for (let month = from; month <= to; month = startOfMonth(month, 1)) partitioned.add(monthOf(month));
      return made;
    },

    /**
     * Keeps a batch of the driver's points (1 to 500, of duties allotted to this driver), each point
     * once however often it is sent, and moves the driver's live position forward. A batch is kept or
     * refused whole. Returns how many points were new.
     */
    async record(caller: DriverCaller, input: { points: readonly LocationPointInput[] }): Promise<number> {
      const { points } = parseOrThrow(locationBatchSchema, input);
      const now = clock();
      const late = points.flatMap((point, i) => {
        const problem = locationTimeProblem(point.at, now);
        return problem ? [{ field: `points.${i}.at`, message: problem }] : [];
      });
      const tooOld = refusal('INVALID_ARGUMENT', late);
      if (tooOld) throw tooOld;
      await ensureMonths(
        caller.tenantId,
        points.map((point) => point.at),
      );
      // One statement writes the batch and says which of its duties are the driver's; a refusal rolls
      // the write back. Points make no event of their own, so the stream of batches does not wake the
      // outbox relay: the live maps hear that the driver moved at most once in 10 seconds, when the
      // relay next looks (within half a second).
      return db.withTenant(
        caller.tenantId,
        async (tx) => {
          const { inserted, duties } = await insertPoints(tx, caller, points);
          const refused = checkDuties(points, duties);
          if (refused) throw refused;
          const bookingId = inserted > 0 ? await announcePosition(tx, caller.driverId) : undefined;
          if (bookingId) {
            await bookingsOutbox.enqueue(
              tx,
              BookingsEvents.driverPositionChanged,
              { tenantId: caller.tenantId, driverId: caller.driverId, bookingId },
              caller,
            );
          }
          return inserted;
        },
        { quiet: true },
      );
    },

    /**
     * The latest position of each of the operator's drivers seen in the last `seenWithinHours` hours
     * (12 unless given, at most a week), by driver name; with `branchIds`, only drivers of those branches.
     */
    async livePositions(
      caller: TenantCaller,
      input: { branchIds?: readonly string[]; seenWithinHours?: number },
    ): Promise<LivePosition[]> {
      requireTrackingPermission(caller);
      const hours = input.seenWithinHours || LIVE_POSITIONS_DEFAULT_HOURS;
      if (!Number.isInteger(hours) || hours < 1 || hours > LIVE_POSITIONS_MAX_HOURS)
        throw invalidField(
          'seenWithinHours',
          `Give a whole number of hours from 1 to ${LIVE_POSITIONS_MAX_HOURS}.`,
        );
      if (input.branchIds && input.branchIds.length > LIVE_POSITIONS_MAX_BRANCHES)
        throw invalidField('branchIds', `Name at most ${LIVE_POSITIONS_MAX_BRANCHES} branches.`);
      const branchIds = input.branchIds && requireIds(input.branchIds, 'branchIds');
      const since = new Date(clock().getTime() - hours * 3_600_000);
      const found = await db.read(caller.tenantId, (tx) => livePositions(tx, { since, branchIds }));
      return found.map((row) => ({
        driverId: row.driverId,
        driverName: row.driverName,
        driverPhone: row.driverPhone,
        branchId: row.branchId,
        vehicleNo: row.vehicleNo,
        bookingId: row.bookingId,
        bookingNo: row.bookingNo ?? '',
        bookingStatus: row.bookingStatus ?? '',
        at: new Date(row.atMs),
        latitude: row.latitude,
        longitude: row.longitude,
        accuracyM: measured(row.accuracyM),
        speedKmh: measured(row.speedKmh),
        headingDeg: measured(row.headingDeg),
      }));
    },

    /**
     * A duty's route: its points in time order (thinned evenly past 20,000) and the GPS kilometres.
     * With `branchIds` (a staff member limited to branches), only a duty whose allotted driver is of
     * one of them, as on the live map; any other is not found.
     */
    async dutyRoute(
      caller: TenantCaller,
      bookingId: string,
      branchIds?: readonly string[],
    ): Promise<DutyRoute> {
      requireTrackingPermission(caller);
      const id = requireId(bookingId, 'bookingId');
      if (branchIds && branchIds.length > LIVE_POSITIONS_MAX_BRANCHES)
        throw invalidField('branchIds', `Name at most ${LIVE_POSITIONS_MAX_BRANCHES} branches.`);
      const branches = branchIds && requireIds(branchIds, 'branchIds');
      const { track, stored } = await db.read(caller.tenantId, async (tx) => {
        const found = await dutyTrack(tx, id, branches);
        if (!found?.firstAt || !found.lastAt) return { track: found, stored: [] as RouteRow[] };
        const every = Math.ceil(found.points / ROUTE_MAX_READ);
        const points = await routePoints(tx, { bookingId: id, from: found.firstAt, to: found.lastAt, every });
        return { track: found, stored: points };
      });
      if (!track) throw notFound('The booking');
      const byDriver = new Map<string, RoutePoint[]>();
      const points = stored.map((row) => {
        const point = {
          at: new Date(row.atMs),
          latitude: row.latitude,
          longitude: row.longitude,
          accuracyM: measured(row.accuracyM),
          speedKmh: measured(row.speedKmh),
          headingDeg: measured(row.headingDeg),
        };
        const ofDriver = byDriver.get(row.driverId) ?? [];
        ofDriver.push(point);
        byDriver.set(row.driverId, ofDriver);
        return point;
      });
      let distanceKm = 0;
      for (const fixes of byDriver.values()) distanceKm += gpsDistanceKm(fixes);
      return {
        bookingId: track.id,
        bookingNo: track.bookingNo,
        points: thinEvenly(points, ROUTE_MAX_POINTS),
        storedPoints: track.points,
        distanceKm,
      };
    },
  };
}

export type LocationTracking = ReturnType<typeof createLocationTracking>;
