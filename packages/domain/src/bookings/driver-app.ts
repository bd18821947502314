// The driver app's side of a duty (spec §4 "Driver booking actions" and "Duty event types", DOMAIN.md
// "Driver app"): the events of the trip a driver records, the status action each takes through the
// status machine, the slip point each writes, and which trip codes each needs. Decisions taken here:
// - Garage end completes the duty (DUTY_COMPLETED): its slip is final and it is priced and closed as
//   staff closing it would; a passenger no-show's garage end records the leg and leaves the duty for
//   staff to cancel as a no-show (billed at the no-show rate, status-machine.ts).
// - A driver and a vehicle run one duty at a time: a trip does not begin while either is on another
//   running duty. A trip begun more than EARLY_START_CONSENT_MINUTES before its reporting time waits for
//   the office's consent; the driver's refused try is the request the office sees on the duty.
// - The start code is 4 digits, so guessing it is stopped: after TRIP_START_CODE_TRIES wrong codes the
//   duty's start is locked, refusing even the right code, until the office unlocks it (or reads the
//   code out to the driver, who still needs the unlock).
// - The start code is asked when the operator requires it; the end needs the end code when the operator
//   requires it, or else the passenger's signature on the driver's screen stands in for it.
import type { BookingStatus } from '../vocabulary';
import { availableActions, BOOKING_TRANSITIONS, type BookingAction, type DutyState } from './status-machine';

/** A trip begun more than this long before its reporting time waits for the office's consent. */
export const EARLY_START_CONSENT_MINUTES = 120;

/** A running duty: its trip is under way in the driver app. A driver and a vehicle run one at a time. */
export const RUNNING_DUTY_STATUSES = [
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
  'DRIVER_DUTY_END',
] as const satisfies readonly BookingStatus[];

const isRunning = (status: BookingStatus) =>
  (RUNNING_DUTY_STATUSES as readonly BookingStatus[]).includes(status);

/** Whether `event` on a duty in `status` begins its trip (the first event that makes it running). */
export function beginsTrip(status: BookingStatus, event: TripEvent): boolean {
  const action = TRIP_EVENT_RULES[event].action;
  if (!action || isRunning(status)) return false;
  const to = BOOKING_TRANSITIONS[action].to;
  return to !== 'PREVIOUS' && isRunning(to);
}

/** Whether a trip begun at `at` is so far ahead of `reportingAt` that the office must consent. */
export const isEarlyStart = (at: Date, reportingAt: Date): boolean =>
  reportingAt.getTime() - at.getTime() > EARLY_START_CONSENT_MINUTES * 60_000;

/** Wrong trip-start codes a duty takes before its start is locked for the office to unlock. */
export const TRIP_START_CODE_TRIES = 5;

export const TRIP_EVENTS = [
  'GARAGE_START',
  'DRIVER_ARRIVED',
  'DUTY_START',
  'DUTY_START_NO_SHOW',
  'DUTY_END',
  'GARAGE_END',
  'GARAGE_END_NO_SHOW',
] as const;
export type TripEvent = (typeof TRIP_EVENTS)[number];

/** The slip's points, as the bookings service stores them. */
export type SlipPointKey = 'GARAGE_START' | 'ARRIVAL' | 'DUTY_START' | 'DUTY_END' | 'GARAGE_END';

export interface TripEventRule {
  /** What the driver's button says. */
  label: string;
  /** The status action it takes; none when it only records a slip point. */
  action: BookingAction | null;
  /** The slip point it writes; none when it writes none. */
  point: SlipPointKey | null;
  /** The trip code it asks of the passenger (when the operator requires that code). */
  code: 'start' | 'end' | null;
  /** Only from these statuses, for the events that take no action. */
  from?: readonly BookingStatus[];
}

export const TRIP_EVENT_RULES: Readonly<Record<TripEvent, TripEventRule>> = {
  GARAGE_START: { label: 'Leave garage', action: 'garageStart', point: 'GARAGE_START', code: null },
  DRIVER_ARRIVED: { label: 'Arrived at pickup', action: 'arriveAtPickup', point: 'ARRIVAL', code: null },
  DUTY_START: { label: 'Start duty', action: 'startDuty', point: 'DUTY_START', code: 'start' },
  DUTY_START_NO_SHOW: { label: 'Passenger did not come', action: 'passengerNoShow', point: null, code: null },
  DUTY_END: { label: 'End duty', action: 'endDuty', point: 'DUTY_END', code: 'end' },
  GARAGE_END: { label: 'Back at garage', action: 'completeDuty', point: 'GARAGE_END', code: null },
  GARAGE_END_NO_SHOW: {
    label: 'Back at garage',
    action: null,
    point: 'GARAGE_END',
    code: null,
    from: ['DRIVER_DUTY_START_PASSENGER_NO_SHOW'],
  },
};

export const isTripEvent = (value: string): value is TripEvent =>
  (TRIP_EVENTS as readonly string[]).includes(value);

/** The trip events a driver may record on a duty in `status` now, in the order of the trip. */
export function tripEventsNow(duty: DutyState): TripEvent[] {
  const actions = availableActions(duty, { actor: 'DRIVER' });
  return TRIP_EVENTS.filter((event) => {
    const rule = TRIP_EVENT_RULES[event];
    return rule.action ? actions.includes(rule.action) : (rule.from ?? []).includes(duty.status);
  });
}

/** Whether the driver may still accept or reject the duty (before the trip). */
export function answersNow(duty: DutyState): { accept: boolean; reject: boolean } {
  const actions = availableActions(duty, { actor: 'DRIVER' });
  return { accept: actions.includes('driverAccept'), reject: actions.includes('driverReject') };
}
