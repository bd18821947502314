// Which texts a change to a booking sends, and to whom (spec §3 contact roles, §9 SMS types). Pure:
// the consumer turns bookings' event into a BookingChange, and writes one message per planned text.
import type { SmsType } from '@fleet/domain';
import type { RecipientRole } from './message-types';

/** The SMS types this service sends from bookings' events today. */
export const BOOKING_SMS_TYPES = [
  'CONFIRMATION_SMS',
  'DRIVER_ALLOTMENT_SMS',
  'CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP',
  'CANCELLATION_SMS',
] as const satisfies readonly SmsType[];
export type BookingSmsType = (typeof BOOKING_SMS_TYPES)[number];

export interface Person {
  name: string;
  phone: string;
}

/** What a text needs of a booking, as its event carries it. */
export interface BookingFacts {
  id: string;
  bookingNo: string;
  reportingAt: Date | undefined;
  pickup: string;
  vehicleNo: string;
  driverName: string;
  driverPhone: string;
  /** The trip-start code the passenger gives the driver; empty when the booking has none. */
  tripOtp: string;
  bookedBy: Person | undefined;
  passengers: Person[];
}

/** One of bookings' events, as this service reads it. */
export interface BookingChange {
  /** created, status_changed or updated: the last word of the event's subject. */
  event: 'created' | 'status_changed' | 'updated';
  /** created, or the status machine's action (confirm, allot, dispatch, cancel…). */
  action: string;
  fromStatus: string;
  toStatus: string;
  booking: BookingFacts;
}

/** A text to send: its type and its recipient. */
export interface PlannedText {
  type: BookingSmsType;
  role: RecipientRole;
  name: string;
  phone: string;
}

/**
 * The texts a change sends:
 * - a booking confirmed (created BOOKED, or UNCONFIRMED confirmed): CONFIRMATION_SMS to its passengers
 *   and its booker;
 * - a driver allotted (to ALLOTED, a re-allotment included): DRIVER_ALLOTMENT_SMS to that driver;
 * - dispatched: CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP to the passengers, with the driver, vehicle
 *   and trip code;
 * - cancelled: CANCELLATION_SMS to the passengers.
 * Other changes (an allotment cleared back to BOOKED, an edit, the driver's own steps) send nothing. A
 * number is texted once per type even when it holds two roles (a booker travelling); a contact without
 * a number is skipped.
 */
export function textsFor(change: BookingChange): PlannedText[] {
  const { booking } = change;
  const passengers = booking.passengers.map((p) => ({ ...p, role: 'PASSENGER' as const }));
  const booker = booking.bookedBy ? [{ ...booking.bookedBy, role: 'BOOKED_BY' as const }] : [];
  const to = (type: BookingSmsType, people: (Person & { role: RecipientRole })[]): PlannedText[] => {
    const seen = new Set<string>();
    const texts: PlannedText[] = [];
    for (const person of people) {
      const phone = person.phone.trim();
      if (!phone || seen.has(phone)) continue;
      seen.add(phone);
      texts.push({ type, role: person.role, name: person.name.trim(), phone });
    }
    return texts;
  };
  const confirmed =
    (change.event === 'created' && change.toStatus === 'BOOKED') ||
    (change.event === 'status_changed' &&
      change.fromStatus === 'UNCONFIRMED' &&
      change.toStatus === 'BOOKED');
  if (confirmed) return to('CONFIRMATION_SMS', [...passengers, ...booker]);
  if (change.event !== 'status_changed') return [];
  switch (change.toStatus) {
    case 'ALLOTED':
      return to('DRIVER_ALLOTMENT_SMS', [
        { name: booking.driverName, phone: booking.driverPhone, role: 'DRIVER' },
      ]);
    case 'DISPATCHED':
      return to('CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', passengers);
    case 'CANCELLED':
      return to('CANCELLATION_SMS', passengers);
    default:
      return [];
  }
}
