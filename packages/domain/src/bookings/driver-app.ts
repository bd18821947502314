// The driver app's side of a duty (spec §4 "Driver booking actions" and "Duty event types", DOMAIN.md
// "Driver app"): the events of the trip a driver records, the status action each takes through the
// status machine, the slip point each writes, and which trip codes each needs. Decisions taken here:
// - Garage end completes the duty (DUTY_COMPLETED): its slip is final and it is priced and closed as
//   staff closing it would; a passenger no-show's garage end records the leg and leaves the duty for
//   staff to cancel as a no-show (billed at the no-show rate, status-machine.ts).
// - The start code is 4 digits, so guessing it is stopped: after TRIP_START_CODE_TRIES wrong codes the
//   duty's start is locked, refusing even the right code, until the office unlocks it (or reads the
//   code out to the driver, who still needs the unlock).
// - The start code is asked when the operator requires it; the end needs the end code when the operator
//   requires it, or else the passenger's signature on the driver's screen stands in for it.
import type { BookingStatus } from '../vocabulary';
import { availableActions, type BookingAction, type DutyState } from './status-machine';

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
