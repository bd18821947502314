// Which pushes a change to a booking sends to the driver app, and their words. Pure: the consumer
// reads who held the duty before the change (messaging's copy of the booking), applies the change, and
// writes a push for each driver planned here whose app can be reached (an active account with a token).
import type { BookingChange, BookingFacts } from './booking-texts';
import type { PushType } from './message-types';
import { renderTemplate, type TemplateValues, templateValues } from './templates';

/** A driver master holding a duty, as the booking names them. */
export interface DutyHolder {
  driverId: string;
  name: string;
  phone: string;
}

/**
 * Why a driver is pushed: the duty was allotted to them, cancelled while theirs, or withdrawn from them
 * (allotted to someone else, or its allotment cleared).
 */
export type DutyPushReason = 'ALLOTTED' | 'CANCELLED' | 'WITHDRAWN';

export interface PlannedPush {
  type: PushType;
  reason: DutyPushReason;
  driver: DutyHolder;
}

const holderOf = (booking: BookingFacts): DutyHolder | undefined =>
  booking.allotedDriverId
    ? {
        driverId: booking.allotedDriverId,
        name: booking.driverName.trim(),
        phone: booking.driverPhone.trim(),
      }
    : undefined;

/**
 * The pushes a change sends, given who held the duty before it (undefined when nobody did, or the
 * booking was not seen before):
 * - allotted (the `allot` action, to ALLOTED) to a driver master: NEW_DUTY_PUSH to that driver, a
 *   re-allotment to the same driver included (its details may have changed, as the SMS tells again);
 * - cancelled (to CANCELLED) while a driver held it: DUTY_CANCELLED_PUSH to that driver;
 * - taken from a driver by any other change (allotted to another driver or to a supplier, its
 *   allotment cleared): DUTY_CANCELLED_PUSH to the driver it was taken from.
 * A driver who rejected the duty gave it up: they are not told it is gone. A supplier's driver has no
 * app account here and is never pushed. A cancellation after the trip started (a no-show, unfulfilled)
 * is not pushed: the driver is at the duty.
 */
export function pushesFor(change: BookingChange, before: DutyHolder | undefined): PlannedPush[] {
  const holder = holderOf(change.booking);
  const statusChange = change.event === 'status_changed';
  const gaveItUp = statusChange && change.fromStatus === 'DRIVER_REJECTED';
  const pushes: PlannedPush[] = [];
  if (statusChange && change.action === 'allot' && change.toStatus === 'ALLOTED' && holder) {
    pushes.push({ type: 'NEW_DUTY_PUSH', reason: 'ALLOTTED', driver: holder });
  }
  if (statusChange && change.toStatus === 'CANCELLED') {
    const cancelledFor = holder ?? before;
    if (cancelledFor && !gaveItUp) {
      pushes.push({ type: 'DUTY_CANCELLED_PUSH', reason: 'CANCELLED', driver: cancelledFor });
    }
  } else if (before?.driverId && before.driverId !== holder?.driverId && !gaveItUp) {
    pushes.push({ type: 'DUTY_CANCELLED_PUSH', reason: 'WITHDRAWN', driver: before });
  }
  return pushes;
}

/** A push as the log keeps it: the notification's title and text, and what the app reads when it is opened. */
export interface PushWords {
  title: string;
  body: string;
  data: Record<string, string>;
}

const WORDS: Record<DutyPushReason, { title: string; body: string }> = {
  ALLOTTED: {
    title: 'New duty #{bookingNo}',
    body: 'Report {reportingTime}[ at {pickup}][ with {vehicleNo}].',
  },
  CANCELLED: {
    title: 'Duty #{bookingNo} cancelled',
    body: 'The duty reporting {reportingTime}[ at {pickup}] is cancelled.',
  },
  WITHDRAWN: {
    title: 'Duty #{bookingNo} withdrawn',
    body: 'The duty reporting {reportingTime}[ at {pickup}] is no longer allotted to you.',
  },
};

/** The longest pickup a push repeats: FCM takes 4096 bytes in all, and a lock screen shows a few lines. */
const PICKUP_LIMIT = 200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** A value fit for one line of a notification: no control characters, cut to `limit` characters. */
function oneLine(value: string, limit: number): string {
  const chars = [...value.replace(CONTROL, ' ').trim()];
  return chars.length > limit
    ? `${chars
        .slice(0, limit - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

/**
 * A push's words in the operator's time zone. The data tells the app which duty to open and what
 * happened to it: `kind` NEW_DUTY or DUTY_CANCELLED.
 */
export function pushWords(push: PlannedPush, booking: BookingFacts, timeZone: string): PushWords {
  const values = templateValues(booking, { timeZone });
  const fitted: TemplateValues = {
    ...values,
    pickup: oneLine(values.pickup, PICKUP_LIMIT),
    vehicleNo: oneLine(values.vehicleNo, 20),
  };
  const words = WORDS[push.reason];
  return {
    title: renderTemplate(words.title, fitted),
    body: renderTemplate(words.body, fitted),
    data: {
      bookingId: booking.id,
      bookingNo: booking.bookingNo,
      kind: push.type === 'NEW_DUTY_PUSH' ? 'NEW_DUTY' : 'DUTY_CANCELLED',
    },
  };
}

/** Pushes about one duty replace one another on a device that was offline: only the latest shows. */
export const dutyCollapseKey = (bookingId: string) => `duty-${bookingId}`;
