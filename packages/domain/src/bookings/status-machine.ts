// The booking status machine (spec §4, DOMAIN.md "Status meanings and who moves them"): every status a
// duty can be in, every action that moves it, from which statuses, to which, and who may take it. The
// bookings service refuses anything this table does not allow, and the web app asks it which actions
// to offer. Decisions taken here, once:
// - Staff may allot (or re-allot) a duty at any point before its trip starts; re-allotting a dispatched
//   duty puts it back to ALLOTED, to be dispatched again.
// - The driver app may start a trip on an allotted duty that was never formally dispatched.
// - A driver may accept a duty before or after it is dispatched; accepting a dispatched duty moves it to
//   DRIVER_ACCEPTED (its details were sent already; staff may dispatch it again to resend them).
// - A supplier's rejection leaves the duty SUPPLIER_REQUESTED with its rejection recorded (the tabs
//   show it as pending allotment and needing attention) until staff allot it elsewhere.
// - A network party's cancellation request, when refused, returns the duty to the status it had.
// - A passenger no-show seen by the driver is cancelled as a no-show by staff, which bills it at the
//   no-show rate; EDIT_NO_SHOW reopens such a duty for correction, to be closed, cancelled or
//   cancelled as a no-show again.
// - Skipping cancels one CHILD duty of a multi-day booking and leaves the others alone.
// - CLOSED, CANCELLED and UNFULFILLED are final; corrections to a closed duty go through slip
//   adjustments, which change charges, never the status.
import type { PermissionId } from '../permissions/catalogue';
import type { BookingStatus, BookingType } from '../vocabulary';

/** Who moves a duty: staff (holding a permission), the driver app, a network supplier or customer, or the system. */
export type BookingActor = 'STAFF' | 'DRIVER' | 'SUPPLIER' | 'CUSTOMER' | 'SYSTEM';

export type Mover = { actor: 'STAFF'; permission: PermissionId } | { actor: Exclude<BookingActor, 'STAFF'> };

export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  UNCONFIRMED: 'Unconfirmed',
  BOOKED: 'Booked',
  CANCELLED: 'Cancelled',
  ALLOTED: 'Allotted',
  DRIVER_NEEDED: 'Driver needed',
  DISPATCHED: 'Dispatched',
  CLOSED: 'Closed',
  SUPPLIER_REQUESTED: 'Sent to supplier',
  SUPPLIER_ACCEPTED: 'Supplier accepted',
  CANCELLATION_REQUESTED: 'Cancellation requested',
  CANCELLATION_REQUEST_BY_ASSOCIATE: 'Cancellation requested by supplier',
  DETAILS_NEEDED: 'Details needed',
  CANCELLATION_NO_SHOW: 'Cancelled: no-show',
  EDIT_NO_SHOW: 'No-show reopened',
  DRIVER_ACCEPTED: 'Driver accepted',
  DRIVER_REJECTED: 'Driver rejected',
  DRIVER_GARAGE_START: 'Left garage',
  DRIVER_ARRIVED_AT_PICKUP: 'At pickup',
  DRIVER_DUTY_START: 'On duty',
  DRIVER_DUTY_START_PASSENGER_NO_SHOW: 'Passenger no-show',
  DRIVER_DUTY_END: 'Duty ended',
  UNFULFILLED: 'Unfulfilled',
};

/** Before the trip: a duty that can still be allotted, cancelled or failed. */
const BEFORE_TRIP = [
  'BOOKED',
  'DRIVER_NEEDED',
  'ALLOTED',
  'DRIVER_ACCEPTED',
  'DRIVER_REJECTED',
  'SUPPLIER_REQUESTED',
  'SUPPLIER_ACCEPTED',
  'DETAILS_NEEDED',
  'DISPATCHED',
] as const satisfies readonly BookingStatus[];

/** Allotted in some way: what clearing the allotment undoes. */
const ALLOTTED = BEFORE_TRIP.filter((s) => s !== 'BOOKED');

/** The trip is under way in the driver app. */
const ON_TRIP = [
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
  'DRIVER_DUTY_END',
] as const satisfies readonly BookingStatus[];

/** Where a duty goes: a status, or back to the one it had before a request now refused. */
export type Destination = BookingStatus | 'PREVIOUS';

export interface TransitionRule {
  /** What a person reads: "dispatch", "cancel", … */
  verb: string;
  from: readonly BookingStatus[];
  to: Destination;
  by: readonly Mover[];
  /** A reason must be given (and is logged). */
  reason?: true;
  /** Only duties of these types. */
  types?: readonly BookingType[];
}

const staff = (permission: PermissionId): Mover => ({ actor: 'STAFF', permission });
const ALLOT = staff('allot_vehicle_driver_to_duty');

export const BOOKING_TRANSITIONS = {
  confirm: {
    verb: 'confirm',
    from: ['UNCONFIRMED'],
    to: 'BOOKED',
    by: [staff('manage_booking'), { actor: 'CUSTOMER' }],
  },
  allot: {
    verb: 'allot',
    from: BEFORE_TRIP,
    to: 'ALLOTED',
    by: [ALLOT, { actor: 'SUPPLIER' }],
  },
  allotVehicleOnly: { verb: 'allot a vehicle to', from: BEFORE_TRIP, to: 'DRIVER_NEEDED', by: [ALLOT] },
  sendToSupplier: { verb: 'send to a supplier', from: BEFORE_TRIP, to: 'SUPPLIER_REQUESTED', by: [ALLOT] },
  supplierAccept: {
    verb: 'accept',
    from: ['SUPPLIER_REQUESTED'],
    to: 'DETAILS_NEEDED',
    by: [{ actor: 'SUPPLIER' }],
  },
  supplierReject: {
    verb: 'reject',
    from: ['SUPPLIER_REQUESTED'],
    to: 'SUPPLIER_REQUESTED',
    by: [{ actor: 'SUPPLIER' }],
    reason: true,
  },
  supplierGiveDetails: {
    verb: 'give the vehicle and driver of',
    from: ['DETAILS_NEEDED', 'SUPPLIER_ACCEPTED'],
    to: 'SUPPLIER_ACCEPTED',
    by: [{ actor: 'SUPPLIER' }],
  },
  clearAllotment: { verb: 'clear the allotment of', from: ALLOTTED, to: 'BOOKED', by: [ALLOT] },
  driverAccept: {
    verb: 'accept',
    from: ['ALLOTED', 'DISPATCHED'],
    to: 'DRIVER_ACCEPTED',
    by: [{ actor: 'DRIVER' }],
  },
  driverReject: {
    verb: 'reject',
    from: ['ALLOTED', 'DRIVER_ACCEPTED', 'DISPATCHED'],
    to: 'DRIVER_REJECTED',
    by: [{ actor: 'DRIVER' }],
    reason: true,
  },
  dispatch: {
    verb: 'dispatch',
    from: ['ALLOTED', 'DRIVER_ACCEPTED', 'SUPPLIER_ACCEPTED'],
    to: 'DISPATCHED',
    by: [staff('send_duty_info'), { actor: 'SYSTEM' }],
  },
  garageStart: {
    verb: 'start from the garage',
    from: ['ALLOTED', 'DRIVER_ACCEPTED', 'DISPATCHED'],
    to: 'DRIVER_GARAGE_START',
    by: [{ actor: 'DRIVER' }],
  },
  arriveAtPickup: {
    verb: 'arrive at the pickup of',
    from: ['ALLOTED', 'DRIVER_ACCEPTED', 'DISPATCHED', 'DRIVER_GARAGE_START'],
    to: 'DRIVER_ARRIVED_AT_PICKUP',
    by: [{ actor: 'DRIVER' }],
  },
  startDuty: {
    verb: 'start',
    from: ['DISPATCHED', 'DRIVER_GARAGE_START', 'DRIVER_ARRIVED_AT_PICKUP'],
    to: 'DRIVER_DUTY_START',
    by: [{ actor: 'DRIVER' }],
  },
  passengerNoShow: {
    verb: 'mark the passenger a no-show on',
    from: ['DRIVER_ARRIVED_AT_PICKUP'],
    to: 'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
    by: [{ actor: 'DRIVER' }],
  },
  endDuty: { verb: 'end', from: ['DRIVER_DUTY_START'], to: 'DRIVER_DUTY_END', by: [{ actor: 'DRIVER' }] },
  completeDuty: { verb: 'complete', from: ['DRIVER_DUTY_END'], to: 'CLOSED', by: [{ actor: 'DRIVER' }] },
  closeByOps: {
    verb: 'close',
    from: [
      'ALLOTED',
      'DRIVER_ACCEPTED',
      'SUPPLIER_ACCEPTED',
      'DISPATCHED',
      'DRIVER_GARAGE_START',
      'DRIVER_ARRIVED_AT_PICKUP',
      'DRIVER_DUTY_START',
      'DRIVER_DUTY_END',
      'EDIT_NO_SHOW',
    ],
    to: 'CLOSED',
    by: [staff('generate_duty_slip')],
  },
  cancel: {
    verb: 'cancel',
    from: ['UNCONFIRMED', ...BEFORE_TRIP, 'CANCELLATION_REQUESTED', 'EDIT_NO_SHOW'],
    to: 'CANCELLED',
    by: [staff('cancel_duty')],
    reason: true,
  },
  cancelAsNoShow: {
    verb: 'cancel as a no-show',
    from: [
      'DISPATCHED',
      'DRIVER_GARAGE_START',
      'DRIVER_ARRIVED_AT_PICKUP',
      'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
      'EDIT_NO_SHOW',
    ],
    to: 'CANCELLATION_NO_SHOW',
    by: [staff('cancel_duty')],
  },
  reopenNoShow: {
    verb: 'reopen',
    from: ['CANCELLATION_NO_SHOW'],
    to: 'EDIT_NO_SHOW',
    by: [staff('edit_duty')],
    reason: true,
  },
  markUnfulfilled: {
    verb: 'mark unfulfilled',
    from: [...BEFORE_TRIP, ...ON_TRIP.filter((s) => s !== 'DRIVER_DUTY_END')],
    to: 'UNFULFILLED',
    by: [staff('cancel_duty')],
    reason: true,
  },
  skip: {
    verb: 'skip',
    from: ['UNCONFIRMED', ...BEFORE_TRIP],
    to: 'CANCELLED',
    by: [staff('skip_duty')],
    types: ['CHILD'],
  },
  requestCancellation: {
    verb: 'ask to cancel',
    from: ['UNCONFIRMED', ...BEFORE_TRIP],
    to: 'CANCELLATION_REQUESTED',
    by: [{ actor: 'CUSTOMER' }],
    reason: true,
  },
  refuseCancellation: {
    verb: 'refuse the cancellation of',
    from: ['CANCELLATION_REQUESTED'],
    to: 'PREVIOUS',
    by: [staff('cancel_duty')],
    reason: true,
  },
  associateRequestsCancellation: {
    verb: 'ask to give up',
    from: ['SUPPLIER_ACCEPTED', 'DETAILS_NEEDED', 'DISPATCHED'],
    to: 'CANCELLATION_REQUEST_BY_ASSOCIATE',
    by: [{ actor: 'SUPPLIER' }],
    reason: true,
  },
  releaseAssociate: {
    verb: 'release the supplier of',
    from: ['CANCELLATION_REQUEST_BY_ASSOCIATE'],
    to: 'BOOKED',
    by: [ALLOT],
  },
  keepAssociate: {
    verb: 'refuse the supplier’s cancellation of',
    from: ['CANCELLATION_REQUEST_BY_ASSOCIATE'],
    to: 'PREVIOUS',
    by: [ALLOT],
    reason: true,
  },
} as const satisfies Record<string, TransitionRule>;

export type BookingAction = keyof typeof BOOKING_TRANSITIONS;
export const BOOKING_ACTIONS = Object.keys(BOOKING_TRANSITIONS) as BookingAction[];

/** Where a new booking starts: tentative, or confirmed. */
export const INITIAL_BOOKING_STATUSES = ['UNCONFIRMED', 'BOOKED'] as const satisfies readonly BookingStatus[];

/** No action leads out of these. */
export const FINAL_BOOKING_STATUSES = [
  'CLOSED',
  'CANCELLED',
  'UNFULFILLED',
] as const satisfies readonly BookingStatus[];

/** Who is asking: staff with their permissions, or another party. */
export type BookingCaller =
  | { actor: 'STAFF'; permissions: readonly string[] }
  | { actor: Exclude<BookingActor, 'STAFF'> };

export type TransitionOutcome =
  | { ok: true; to: BookingStatus }
  | { ok: false; problem: 'NOT_NOW' | 'NOT_ALLOWED' | 'REASON_NEEDED'; message: string };

export interface DutyState {
  status: BookingStatus;
  type: BookingType;
  /** The status before a pending cancellation request, which refusing it returns to. */
  statusBeforeRequest?: BookingStatus | null;
}

const mayMove = (rule: TransitionRule, caller: BookingCaller) =>
  rule.by.some(
    (mover) =>
      mover.actor === caller.actor &&
      (mover.actor !== 'STAFF' ||
        (caller.actor === 'STAFF' && caller.permissions.includes(mover.permission))),
  );

/**
 * Where an action takes a duty, or why it cannot: the action does not apply to the duty's current
 * status (the message names it), the caller may not take it, or it needs a reason that was not given.
 */
export function transition(
  duty: DutyState,
  action: BookingAction,
  caller: BookingCaller,
  reason?: string,
): TransitionOutcome {
  const rule: TransitionRule = BOOKING_TRANSITIONS[action];
  const current = BOOKING_STATUS_LABELS[duty.status];
  if (!rule.from.includes(duty.status) || (rule.types && !rule.types.includes(duty.type))) {
    const what = rule.types && !rule.types.includes(duty.type) ? 'this kind of duty' : 'it';
    return {
      ok: false,
      problem: 'NOT_NOW',
      message: `This duty is ${current}; you cannot ${rule.verb} ${what} now.`,
    };
  }
  if (!mayMove(rule, caller)) {
    return { ok: false, problem: 'NOT_ALLOWED', message: `You may not ${rule.verb} this duty.` };
  }
  if (rule.reason && !reason?.trim()) {
    return { ok: false, problem: 'REASON_NEEDED', message: `Say why you ${rule.verb} this duty.` };
  }
  if (rule.to !== 'PREVIOUS') return { ok: true, to: rule.to };
  const previous = duty.statusBeforeRequest;
  if (!previous) {
    return {
      ok: false,
      problem: 'NOT_NOW',
      message: `This duty is ${current}, and what it was before is not known.`,
    };
  }
  return { ok: true, to: previous };
}

/** The actions a caller could take on a duty now: what the screens offer. */
export function availableActions(duty: DutyState, caller: BookingCaller): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => {
    const rule: TransitionRule = BOOKING_TRANSITIONS[action];
    return (
      rule.from.includes(duty.status) &&
      (!rule.types || rule.types.includes(duty.type)) &&
      mayMove(rule, caller)
    );
  });
}

/** The permission staff need for an action (the first staff mover); undefined when staff cannot take it. */
export function permissionFor(action: BookingAction): PermissionId | undefined {
  const mover = (BOOKING_TRANSITIONS[action].by as readonly Mover[]).find((m) => m.actor === 'STAFF');
  return mover?.actor === 'STAFF' ? mover.permission : undefined;
}

/**
 * The statuses in which a duty's details change (booking.update): before its trip starts, and while it
 * is tentative. Once the trip starts (or the duty is over) only its slip is adjusted (DOMAIN.md).
 */
export const EDITABLE_STATUSES = ['UNCONFIRMED', ...BEFORE_TRIP] as const satisfies readonly BookingStatus[];

const SLIP_ONLY: readonly BookingStatus[] = [...ON_TRIP, 'CLOSED'];

/** Why a duty's details cannot change now, as booking.update refuses it; null while they can. */
export type EditRefusal = { code: 'BILLED' | 'NOT_EDITABLE'; message: string };

export function editRefusal(duty: { status: BookingStatus; isBilled: boolean }): EditRefusal | null {
  if (duty.isBilled) return { code: 'BILLED', message: 'This duty is invoiced; change it on its invoice.' };
  if ((EDITABLE_STATUSES as readonly BookingStatus[]).includes(duty.status)) return null;
  return {
    code: 'NOT_EDITABLE',
    message: SLIP_ONLY.includes(duty.status)
      ? 'This duty’s trip has started or it is over; change what it was charged by adjusting its slip.'
      : `This duty is ${BOOKING_STATUS_LABELS[duty.status]}; its details do not change in that status.`,
  };
}

/**
 * What booking.update leaves as it is, whatever the draft says, and why: it changes the one duty it is
 * given (never the booking's other days) and never a duty's status.
 */
export const KEPT_BY_UPDATE = {
  lastDate: 'Editing changes this one day. Add days with Extend; cancel one with Skip on that day’s page.',
  confirmed: 'Editing does not change the status; confirm an unconfirmed duty with Confirm on its page.',
} as const;

/**
 * A booking entered by mistake is deleted (Delete Booking) only while nothing has happened to it: it
 * is tentative or booked, was never allotted, sent to a supplier, dispatched, started or cancelled (its
 * activity holds nothing but being taken, confirmed and edited), has no slip and no invoice, and did not
 * come from a network party. Anything further is cancelled instead, which keeps it on the board.
 */
export const DELETABLE_STATUSES = ['UNCONFIRMED', 'BOOKED'] as const satisfies readonly BookingStatus[];

/** The activity that leaves a booking as if nothing happened to it: taking, confirming and editing it. */
export const ACTIVITY_BEFORE_ANYTHING_HAPPENED: readonly string[] = [
  'created',
  'updated',
  'confirm',
  'labelsChanged',
  'supportersChanged',
  'billingItemsChanged',
];

/** Why a duty cannot be deleted, as booking.delete refuses it; null while it can. */
export function deleteRefusal(duty: {
  status: BookingStatus;
  isBilled: boolean;
  isNetworkIncoming: boolean;
  /** The actions of its activity so far. */
  activity: readonly string[];
}): string | null {
  if (duty.isNetworkIncoming) {
    return 'This booking came from a network party; reject or cancel it instead of deleting it.';
  }
  if (!(DELETABLE_STATUSES as readonly BookingStatus[]).includes(duty.status)) {
    return `This duty is ${BOOKING_STATUS_LABELS[duty.status]}; only a booking nothing has happened to yet can be deleted. Cancel it instead.`;
  }
  if (duty.isBilled || duty.activity.some((action) => !ACTIVITY_BEFORE_ANYTHING_HAPPENED.includes(action))) {
    return 'This booking was allotted, sent or worked on already; only a booking nothing has happened to yet can be deleted. Cancel it instead.';
  }
  return null;
}
