// What a person may do to a duty now, as the status machine says (availableActions), sorted into what
// the screens offer: a button per status action that has its own procedure, the Allot dialog, and
// closing from the slip.
import {
  availableActions,
  BOOKING_TRANSITIONS,
  type BookingAction,
  type BookingStatus,
  type BookingType,
  deleteRefusal,
  editRefusal,
  PERMISSION,
  type TransitionRule,
} from '@fleet/domain';

/** The actions with a procedure of their own that takes only a reason (booking.confirm, booking.cancel…). */
export const STATUS_ACTIONS = [
  'confirm',
  'dispatch',
  'refuseCancellation',
  'releaseAssociate',
  'keepAssociate',
  'clearAllotment',
  'reopenNoShow',
  'skip',
  'cancelAsNoShow',
  'markUnfulfilled',
  'cancel',
] as const satisfies readonly BookingAction[];
export type StatusAction = (typeof STATUS_ACTIONS)[number];

export const STATUS_ACTION_LABELS: Readonly<Record<StatusAction, string>> = {
  confirm: 'Confirm',
  dispatch: 'Dispatch',
  refuseCancellation: 'Refuse cancellation',
  releaseAssociate: 'Release supplier',
  keepAssociate: 'Keep supplier',
  clearAllotment: 'Clear allotment',
  reopenNoShow: 'Reopen no-show',
  skip: 'Skip this day',
  cancelAsNoShow: 'Cancel as no-show',
  markUnfulfilled: 'Mark unfulfilled',
  cancel: 'Cancel duty',
};

/** Taken at once from a button: nothing to undo or explain. The rest ask first, in a dialog. */
const AT_ONCE: ReadonlySet<StatusAction> = new Set(['confirm', 'dispatch']);

export function needsReason(action: StatusAction): boolean {
  const rule: TransitionRule = BOOKING_TRANSITIONS[action];
  return rule.reason === true;
}
export const asksFirst = (action: StatusAction): boolean => !AT_ONCE.has(action);

export interface OfferedActions {
  /** Buttons, in the order of STATUS_ACTIONS (the usual next step first, cancelling last). */
  status: StatusAction[];
  /** The Allot dialog (a vehicle and driver, a company supplier or a DCO). */
  allot: boolean;
  /** Closing the duty from its slip. */
  close: boolean;
}

const isStatusAction = (action: BookingAction): action is StatusAction =>
  STATUS_ACTIONS.some((a) => a === action);

/** What the screens offer this person on a duty in its current status. */
export function offeredActions(
  duty: { status: BookingStatus; type: BookingType },
  permissions: ReadonlySet<string>,
): OfferedActions {
  const available = availableActions(duty, { actor: 'STAFF', permissions: [...permissions] });
  return {
    status: STATUS_ACTIONS.filter((a) => available.includes(a) && isStatusAction(a)),
    allot: available.includes('allot') || available.includes('allotVehicleOnly'),
    close: available.includes('closeByOps'),
  };
}

/** The trail's words for what happened: the action's verb, or the service's own names for the rest. */
const ACTIVITY_WORDS: Readonly<Record<string, string>> = {
  created: 'Booked',
  slipRecorded: 'Recorded the customer slip',
  purchaseSlipRecorded: 'Recorded the supplier slip',
  allot: 'Allotted',
  allotVehicleOnly: 'Allotted a vehicle',
  sendToSupplier: 'Sent to a supplier',
  closeByOps: 'Closed',
  chargesAdjusted: 'Adjusted the customer’s allowances',
  driverAllowancesAdjusted: 'Adjusted the driver’s allowances',
  supplierAllowancesAdjusted: 'Adjusted the supplier’s allowances',
  billingItemsChanged: 'Changed the billing items',
  dispatch: 'Dispatched',
  confirm: 'Confirmed',
  cancel: 'Cancelled',
  cancelAsNoShow: 'Cancelled as a no-show',
  markUnfulfilled: 'Marked unfulfilled',
  clearAllotment: 'Cleared the allotment',
  skip: 'Skipped',
  reopenNoShow: 'Reopened the no-show',
  refuseCancellation: 'Refused the cancellation',
  releaseAssociate: 'Released the supplier',
  keepAssociate: 'Kept the supplier',
  updated: 'Changed the booking',
  labelsChanged: 'Changed the labels',
  supportersChanged: 'Changed the duty supporters',
  slipApprovalRequested: 'Asked the passenger to approve the slip',
  slipApproved: 'The passenger approved the slip',
  feedbackReceived: 'The passenger gave feedback',
  completeDuty: 'Completed the duty',
  deleted: 'Deleted the booking',
};

/** An action's code name as words: slipApprovalRequested or SLIP_APPROVAL_REQUESTED → "Slip approval requested". */
function wordsOf(code: string): string {
  const words = code
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function activityWords(action: string): string {
  const known = ACTIVITY_WORDS[action];
  if (known) return known;
  const rule: TransitionRule | undefined = Object.entries(BOOKING_TRANSITIONS).find(
    ([name]) => name === action,
  )?.[1];
  if (!rule) return wordsOf(action);
  return rule.verb.charAt(0).toUpperCase() + rule.verb.slice(1);
}

const PARTIES: Readonly<Record<string, string>> = {
  DRIVER: 'Driver app',
  SUPPLIER: 'Supplier',
  CUSTOMER: 'Customer',
  SYSTEM: 'System',
};

/**
 * Who did it, as the trail shows it: a party other than staff by its kind; staff by the name booking.get
 * gives (identity's, as the person is called now), "Staff" when no name came; and "A as B" when A
 * acted as B (masquerading).
 */
export function actorText(entry: {
  actor: string;
  userId: string | null;
  userName: string | null;
  actorUserId: string | null;
  actorName: string | null;
}): string {
  if (entry.actor !== 'STAFF') return PARTIES[entry.actor] ?? entry.actor;
  const as = entry.userName ?? 'Staff';
  if (entry.actorUserId && entry.actorUserId !== entry.userId)
    return `${entry.actorName ?? 'Staff'} as ${as}`;
  return as;
}

/**
 * Whether to offer Edit on a duty: the person holds the permission booking.update needs, and the
 * service's rule (editRefusal) lets the duty's details change in its status.
 */
export function mayEdit(
  duty: { status: BookingStatus; isBilled: boolean },
  permissions: ReadonlySet<string>,
): boolean {
  return permissions.has(PERMISSION.edit_duty) && editRefusal(duty) === null;
}

/**
 * Whether to offer Delete booking on a duty: the person holds Delete Booking, and the service's rule
 * (deleteRefusal) says nothing has happened to the duty yet — judged from its status and its trail.
 */
export function mayDelete(
  duty: { status: BookingStatus; isBilled: boolean; isNetworkIncoming: boolean },
  activity: readonly { action: string }[],
  permissions: ReadonlySet<string>,
): boolean {
  return (
    permissions.has(PERMISSION.delete_booking) &&
    deleteRefusal({ ...duty, activity: activity.map((entry) => entry.action) }) === null
  );
}
