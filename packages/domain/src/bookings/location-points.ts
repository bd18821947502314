// Location tracking (DOMAIN.md "Driver app": location all the time, a tracked trip): what the driver
// app posts, checked alike by the gateway and the bookings service, and which points of a duty are kept.
// Decisions, once:
// - A point belongs to a duty allotted to the driver who posts it; points outside a duty are not kept.
// - Points are kept while the duty is allotted to the driver and not over (allotted, accepted, dispatched,
//   on the trip, a cancellation or no-show correction pending), and for an hour after it ended (closed,
//   cancelled, no-show, unfulfilled): a phone that was offline sends its queue late, but a point taken
//   more than an hour after the end is not part of the duty. A duty not allotted to a driver, or that
//   the driver rejected, keeps none.
// - A point taken more than 7 days ago, or timed more than 10 minutes ahead of the server, is refused:
//   a queue that old is not a live position, and a clock that far ahead would put the route out of order.
// - A batch is kept or refused whole; the app drops a refused batch (it will not be kept on a retry).
import { z } from 'zod';
import { idSchema } from '../validation/id';
import type { BookingStatus } from '../vocabulary';

export const LOCATION_BATCH_MAX_POINTS = 500;
export const LOCATION_MAX_AGE_DAYS = 7;
export const LOCATION_MAX_AHEAD_MINUTES = 10;
export const LOCATION_KEPT_AFTER_END_MINUTES = 60;
/** The live map shows drivers seen in this many hours unless asked otherwise, and at most a week. */
export const LIVE_POSITIONS_DEFAULT_HOURS = 12;
export const LIVE_POSITIONS_MAX_HOURS = 168;
/** A staff member limited to branches names at most this many. */
export const LIVE_POSITIONS_MAX_BRANCHES = 200;

/** The duty is allotted to its driver and not over: its points are kept. */
export const TRACKED_STATUSES = [
  'ALLOTED',
  'DRIVER_ACCEPTED',
  'DISPATCHED',
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
  'DRIVER_DUTY_END',
  'CANCELLATION_REQUESTED',
  'CANCELLATION_REQUEST_BY_ASSOCIATE',
  'EDIT_NO_SHOW',
] as const satisfies readonly BookingStatus[];

/** The duty is over: points taken up to an hour after it ended are kept. */
export const ENDED_STATUSES = [
  'CLOSED',
  'CANCELLED',
  'CANCELLATION_NO_SHOW',
  'UNFULFILLED',
] as const satisfies readonly BookingStatus[];

const tracked: ReadonlySet<string> = new Set(TRACKED_STATUSES);
const ended: ReadonlySet<string> = new Set(ENDED_STATUSES);

export const isTrackedStatus = (status: string) => tracked.has(status);
export const isEndedStatus = (status: string) => ended.has(status);

const measure = (min: number, max: number, what: string) =>
  z
    .number({ error: `Give ${what} as a number, or leave it out` })
    .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} is at least ${min}`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} is at most ${max}`)
    .nullish()
    .transform((value) => value ?? undefined);

/** One fix of the phone, for one duty. */
export const locationPointSchema = z.object({
  bookingId: idSchema,
  /** When the phone took the fix, by the phone's clock. */
  at: z.date({ error: 'Give the moment the phone took this point' }),
  latitude: z
    .number({ error: 'Give the latitude in degrees' })
    .min(-90, 'A latitude is between -90 and 90')
    .max(90, 'A latitude is between -90 and 90'),
  longitude: z
    .number({ error: 'Give the longitude in degrees' })
    .min(-180, 'A longitude is between -180 and 180')
    .max(180, 'A longitude is between -180 and 180'),
  /** The phone's estimate of its error, in metres. */
  accuracyM: measure(0, 100_000, 'the accuracy in metres'),
  speedKmh: measure(0, 500, 'the speed in km/h'),
  /** Degrees clockwise from north; leave it out when the phone does not know (the Geolocation API's NaN). */
  headingDeg: measure(0, 360, 'the heading in degrees'),
});

/** A batch of points the driver app posts: 1 to 500, of any of the driver's duties. */
export const locationBatchSchema = z.object({
  points: z
    .array(locationPointSchema)
    .min(1, 'Send at least one point')
    .max(LOCATION_BATCH_MAX_POINTS, `Send at most ${LOCATION_BATCH_MAX_POINTS} points at a time`),
});
export type LocationBatchInput = z.input<typeof locationBatchSchema>;
export type LocationPoint = z.output<typeof locationPointSchema>;

/**
 * The branches a live map shows: a staff member limited to branches sees only their drivers (DOMAIN.md
 * "Driver app"), of the branches asked for when some are; anyone else sees the branches asked for, or
 * every branch (undefined).
 */
export function liveMapBranches(
  asked: readonly string[] | undefined,
  limitedTo: readonly string[],
): string[] | undefined {
  if (limitedTo.length === 0) return asked && [...asked];
  if (!asked) return [...limitedTo];
  const allowed = new Set(limitedTo);
  return asked.filter((branch) => allowed.has(branch));
}

/** Why a point taken at `at` is not kept, by the server's clock `now`; undefined when it may be. */
export function locationTimeProblem(at: Date, now: Date): string | undefined {
  if (at.getTime() < now.getTime() - LOCATION_MAX_AGE_DAYS * 86_400_000)
    return `This point was taken more than ${LOCATION_MAX_AGE_DAYS} days ago; points that old are not kept.`;
  if (at.getTime() > now.getTime() + LOCATION_MAX_AHEAD_MINUTES * 60_000)
    return `This point is timed more than ${LOCATION_MAX_AHEAD_MINUTES} minutes ahead of our clock; check the phone’s date and time.`;
  return undefined;
}

/** What a duty's status says of a point taken at `at`: kept, or why not. */
export function dutyTrackingProblem(
  duty: { status: string; endedAt: Date | null },
  at: Date,
): { reason: 'DUTY_NOT_TRACKED' | 'DUTY_ENDED'; message: string } | undefined {
  if (isTrackedStatus(duty.status)) return undefined;
  if (isEndedStatus(duty.status)) {
    const keptUntil =
      (duty.endedAt?.getTime() ?? Number.NEGATIVE_INFINITY) + LOCATION_KEPT_AFTER_END_MINUTES * 60_000;
    if (at.getTime() <= keptUntil) return undefined;
    return {
      reason: 'DUTY_ENDED',
      message: `This duty ended more than ${LOCATION_KEPT_AFTER_END_MINUTES} minutes before this point was taken; it is not part of the duty.`,
    };
  }
  return {
    reason: 'DUTY_NOT_TRACKED',
    message: 'This duty is not being driven by you; its points are not kept.',
  };
}
