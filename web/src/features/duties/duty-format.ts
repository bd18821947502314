// How the Duties screens write what they show: duty numbers, dates and times in the operator's zone,
// rupees from Decimal, statuses, labels and slip media.
import {
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  DEFAULT_OPERATOR_TIME_ZONE,
  DUTY_SLIP_MEDIA,
  type DutySlipMedium,
  formatDate,
  formatRupees,
  type LabelColour,
  shownBookingNo,
} from '@fleet/domain';
import type Decimal from 'decimal.js';

/** Spec/DOMAIN: booking numbers are shown as 8 digits. */
export const dutyNumber = (bookingNo: number | bigint) => shownBookingNo(bookingNo);

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DEFAULT_OPERATOR_TIME_ZONE,
});

/** The instant's date in the operator's zone, DD/MM/YYYY. */
export const dateText = (at: Date) => formatDate(at);
/** The instant's wall-clock time in the operator's zone, HH:MM (24-hour, as the forms take it). */
export const timeText = (at: Date) => timeFormat.format(at);
export const dateTimeText = (at: Date | null) => (at ? `${dateText(at)} ${timeText(at)}` : '—');

/** ₹ with Indian grouping and paise, written from the Decimal's own digits (never a JS number). */
export const rupees = (amount: Decimal) => formatRupees(amount);

/** How long a duty ran, as a person says it: 9 h 15 min. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h && m ? `${h} h ${m} min` : h ? `${h} h` : `${m} min`;
}

export const statusLabel = (status: BookingStatus) => BOOKING_STATUS_LABELS[status];

/** A status's badge colour: grey waiting, blue allotted, violet on the road, green done, red stopped. */
export function statusColour(status: BookingStatus): string {
  switch (status) {
    case 'UNCONFIRMED':
    case 'BOOKED':
      return 'gray';
    case 'DRIVER_NEEDED':
    case 'DETAILS_NEEDED':
    case 'SUPPLIER_REQUESTED':
    case 'EDIT_NO_SHOW':
      return 'yellow';
    case 'DRIVER_REJECTED':
    case 'CANCELLATION_REQUESTED':
    case 'CANCELLATION_REQUEST_BY_ASSOCIATE':
      return 'orange';
    case 'ALLOTED':
    case 'DRIVER_ACCEPTED':
    case 'SUPPLIER_ACCEPTED':
      return 'blue';
    case 'DISPATCHED':
    case 'DRIVER_GARAGE_START':
    case 'DRIVER_ARRIVED_AT_PICKUP':
    case 'DRIVER_DUTY_START':
    case 'DRIVER_DUTY_START_PASSENGER_NO_SHOW':
    case 'DRIVER_DUTY_END':
      return 'violet';
    case 'CLOSED':
      return 'green';
    case 'CANCELLED':
    case 'CANCELLATION_NO_SHOW':
    case 'UNFULFILLED':
      return 'red';
  }
}

/** The nine label colours (spec §3) as Mantine's palette names them. */
export const LABEL_COLOURS_ON_SCREEN: Readonly<Record<LabelColour, string>> = {
  red: 'red',
  blue: 'blue',
  green: 'green',
  'sky-blue': 'cyan',
  yellow: 'yellow',
  orange: 'orange',
  purple: 'grape',
  pink: 'pink',
  black: 'dark',
};

export const SLIP_MEDIUM_LABELS: Readonly<Record<DutySlipMedium, string>> = {
  EMAIL: 'Email',
  HARD_COPY: 'Hard copy',
  DIGITAL_DUTY_SLIP: 'Digital slip',
  NETWORK: 'Network',
};

/** How the slip arrived, or a dash while it has not. */
export function slipMediumText(medium: string | null): string {
  const known = DUTY_SLIP_MEDIA.find((m) => m === medium);
  return known ? SLIP_MEDIUM_LABELS[known] : (medium ?? '—');
}
