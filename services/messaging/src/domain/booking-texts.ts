// Which messages a change to a booking sends, and to whom (spec §3 contact roles, §9 SMS types, and
// the confirmation and duty-slip emails). Pure: the consumer turns bookings' event into a BookingChange,
// reads who may be messaged (the Audience, from its read models), and writes one row per planned message.
import { SMS_TYPES } from '@fleet/domain';
import type { RecipientRole } from './message-types';

/** The SMS types sent from bookings' events: every one of spec §9, and the digital slip's link. */
export const BOOKING_SMS_TYPES = SMS_TYPES;
/** The emails sent from bookings' events. */
export const BOOKING_EMAIL_TYPES = ['CONFIRMATION_EMAIL', 'DUTY_INFO_EMAIL', 'DUTY_SLIP_EMAIL'] as const;
export const BOOKING_MESSAGE_TYPES = [...BOOKING_SMS_TYPES, ...BOOKING_EMAIL_TYPES] as const;
export type BookingSmsType = (typeof BOOKING_SMS_TYPES)[number];
export type BookingEmailType = (typeof BOOKING_EMAIL_TYPES)[number];
export type BookingMessageType = (typeof BOOKING_MESSAGE_TYPES)[number];

export interface Person {
  name: string;
  phone: string;
  email: string;
}

/** What a message needs of a booking, as its event carries it. */
export interface BookingFacts {
  id: string;
  bookingNo: string;
  status: string;
  /** Bookings' version of the booking: the read model keeps the newest. */
  version: number;
  customerId: string;
  customerName: string;
  /** The supplier the duty is allotted to (a company supplier or a DCO); empty when none. */
  supplierId: string;
  reportingAt: Date | undefined;
  pickup: string;
  drop: string;
  vehicleNo: string;
  driverName: string;
  driverPhone: string;
  /** The operator's driver (a driver master) the duty is allotted to; empty for none or a supplier's driver. */
  allotedDriverId: string;
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

/**
 * Who may be messaged automatically about one operator's booking, from messaging's read models:
 * the operator's own flags (identity's owner account), the customer's (masters' connection), and the
 * supplier the duty is allotted to.
 */
export interface Audience {
  autoSendPassengerSms: boolean;
  autoSendPassengerEmail: boolean;
  sendPassengerMessages: boolean;
  sendBookerMessages: boolean;
  /** The customer's own email, for the duty slip; empty when it has none. */
  customerEmail: string;
  customerName: string;
  supplier: { name: string; phone: string; email: string } | undefined;
}

/**
 * What a missing read-model row means. The customer's flags are masters' own defaults for a new
 * connection (both on). The operator's flags read as on while messaging has not seen the owner's
 * account: an operator whose account predates messaging's subscription kept its booking texts (what
 * the product did before the flags were honoured) rather than losing them silently; the first account
 * event after that brings the operator's real choice, which for a new operator is off.
 */
export const DEFAULT_AUDIENCE: Audience = {
  autoSendPassengerSms: true,
  autoSendPassengerEmail: true,
  sendPassengerMessages: true,
  sendBookerMessages: true,
  customerEmail: '',
  customerName: '',
  supplier: undefined,
};

/** A message to write: its type, its channel and its recipient (a number for SMS, an address for email). */
export interface PlannedMessage {
  type: BookingMessageType;
  channel: 'SMS' | 'EMAIL';
  role: RecipientRole;
  name: string;
  phone: string;
  email: string;
}

type Recipient = Person & { role: RecipientRole };

/** Each recipient once per type: an SMS to each distinct number, an email to each distinct address. */
export function addressed(
  type: BookingMessageType,
  channel: 'SMS' | 'EMAIL',
  people: Recipient[],
): PlannedMessage[] {
  const seen = new Set<string>();
  const planned: PlannedMessage[] = [];
  for (const person of people) {
    const phone = person.phone.trim();
    const email = person.email.trim();
    const key = channel === 'SMS' ? phone : email.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    planned.push({
      type,
      channel,
      role: person.role,
      name: person.name.trim(),
      phone: channel === 'SMS' ? phone : '',
      email: channel === 'EMAIL' ? email : '',
    });
  }
  return planned;
}

/** The people of a booking by role. */
export function recipientsOf(
  booking: BookingFacts,
  audience: Pick<Audience, 'customerEmail' | 'customerName' | 'supplier'>,
) {
  return {
    passengers: booking.passengers.map((p): Recipient => ({ ...p, role: 'PASSENGER' })),
    booker: booking.bookedBy ? [{ ...booking.bookedBy, role: 'BOOKED_BY' } satisfies Recipient] : [],
    customer: audience.customerEmail
      ? [
          {
            name: audience.customerName,
            phone: '',
            email: audience.customerEmail,
            role: 'CUSTOMER',
          } satisfies Recipient,
        ]
      : [],
    driver: [
      { name: booking.driverName, phone: booking.driverPhone, email: '', role: 'DRIVER' } satisfies Recipient,
    ],
    supplier:
      booking.supplierId && audience.supplier
        ? [{ ...audience.supplier, role: 'SUPPLIER' } satisfies Recipient]
        : [],
  };
}

/**
 * The messages a change sends automatically:
 * - confirmed (created BOOKED, or UNCONFIRMED confirmed): CONFIRMATION_SMS and CONFIRMATION_EMAIL to
 *   the passengers and the booker;
 * - a driver allotted (to ALLOTED, a re-allotment included): DRIVER_ALLOTMENT_SMS to that driver, and
 *   SEND_INFO_TO_SUPPLIER_SMS to the supplier when the duty went to one (a company supplier or a DCO;
 *   a DCO drives itself, so its one number gets the supplier's text, not both);
 * - dispatched: CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP to the passengers, with the trip code;
 * - cancelled: CANCELLATION_SMS to the passengers and the booker;
 * - closed (completed by the driver or closed by staff, the end of the trip): FEEDBACK_REQUEST_SMS to
 *   the passengers, and DUTY_SLIP_EMAIL with the slip to the booker and the customer's own address.
 * Flags: passenger messages go when the operator's flag for that channel and the customer's passenger
 * flag are both on; the booker's (and the customer's duty slip) when the customer's booker flag is on
 * (the operator's flags are about passengers only); the driver's and the supplier's always. Other
 * changes (an allotment cleared back to BOOKED, an edit, the driver's own steps) send nothing.
 */
export function textsFor(change: BookingChange, audience: Audience = DEFAULT_AUDIENCE): PlannedMessage[] {
  const { booking } = change;
  const people = recipientsOf(booking, audience);
  const passengersBy = (channel: 'SMS' | 'EMAIL') =>
    audience.sendPassengerMessages &&
    (channel === 'SMS' ? audience.autoSendPassengerSms : audience.autoSendPassengerEmail)
      ? people.passengers
      : [];
  const booker = audience.sendBookerMessages ? people.booker : [];
  const customer = audience.sendBookerMessages ? people.customer : [];

  const confirmed =
    (change.event === 'created' && change.toStatus === 'BOOKED') ||
    (change.event === 'status_changed' &&
      change.fromStatus === 'UNCONFIRMED' &&
      change.toStatus === 'BOOKED');
  if (confirmed) {
    return [
      ...addressed('CONFIRMATION_SMS', 'SMS', [...passengersBy('SMS'), ...booker]),
      ...addressed('CONFIRMATION_EMAIL', 'EMAIL', [...passengersBy('EMAIL'), ...booker]),
    ];
  }
  if (change.event !== 'status_changed') return [];
  switch (change.toStatus) {
    case 'ALLOTED': {
      const supplierPhone = people.supplier[0]?.phone.trim() ?? '';
      const isDco = supplierPhone !== '' && supplierPhone === booking.driverPhone.trim();
      return [
        ...(isDco ? [] : addressed('DRIVER_ALLOTMENT_SMS', 'SMS', people.driver)),
        ...addressed('SEND_INFO_TO_SUPPLIER_SMS', 'SMS', people.supplier),
      ];
    }
    case 'DISPATCHED':
      return addressed('CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'SMS', passengersBy('SMS'));
    case 'CANCELLED':
      return addressed('CANCELLATION_SMS', 'SMS', [...passengersBy('SMS'), ...booker]);
    case 'CLOSED':
      return [
        ...addressed('FEEDBACK_REQUEST_SMS', 'SMS', passengersBy('SMS')),
        ...addressed('DUTY_SLIP_EMAIL', 'EMAIL', [...booker, ...customer]),
      ];
    default:
      return [];
  }
}

/**
 * The texts a digital slip awaiting its passenger sends (bookings' slip_approval.requested): the link to
 * approve it, DIGITAL_DUTY_SLIP_SMS, to each passenger, under the same flags as every passenger text.
 */
export function slipApprovalTexts(
  booking: BookingFacts,
  audience: Audience = DEFAULT_AUDIENCE,
): PlannedMessage[] {
  const passengers =
    audience.sendPassengerMessages && audience.autoSendPassengerSms
      ? recipientsOf(booking, audience).passengers
      : [];
  return addressed('DIGITAL_DUTY_SLIP_SMS', 'SMS', passengers);
}

/** What staff ask to send by hand: the confirmation, or a duty's allotment details. */
export type OnDemandRequest =
  | { what: 'CONFIRMATION'; channels: ('SMS' | 'EMAIL')[] }
  | { what: 'INFO'; to: ('DRIVER' | 'PASSENGERS' | 'SUPPLIER')[]; channels: ('SMS' | 'EMAIL')[] };

/**
 * The messages staff's request sends, whatever the automatic flags say (a person asked): the
 * confirmation to the passengers and the booker by SMS and/or email; the allotment details by SMS to
 * the driver (DRIVER_ALLOTMENT_SMS), the passengers (with the trip code) and the supplier.
 */
export function onDemandMessages(
  booking: BookingFacts,
  request: OnDemandRequest,
  audience: Pick<Audience, 'customerEmail' | 'customerName' | 'supplier'>,
): PlannedMessage[] {
  const people = recipientsOf(booking, audience);
  if (request.what === 'CONFIRMATION') {
    return [
      ...(request.channels.includes('SMS')
        ? addressed('CONFIRMATION_SMS', 'SMS', [...people.passengers, ...people.booker])
        : []),
      ...(request.channels.includes('EMAIL')
        ? addressed('CONFIRMATION_EMAIL', 'EMAIL', [...people.passengers, ...people.booker])
        : []),
    ];
  }
  const texts = request.channels.includes('SMS')
    ? [
        ...(request.to.includes('DRIVER') ? addressed('DRIVER_ALLOTMENT_SMS', 'SMS', people.driver) : []),
        ...(request.to.includes('PASSENGERS')
          ? addressed('CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP', 'SMS', people.passengers)
          : []),
        ...(request.to.includes('SUPPLIER')
          ? addressed('SEND_INFO_TO_SUPPLIER_SMS', 'SMS', people.supplier)
          : []),
      ]
    : [];
  // The details by email go to whoever asked for has an address (the driver master keeps none).
  const emails = request.channels.includes('EMAIL')
    ? addressed('DUTY_INFO_EMAIL', 'EMAIL', [
        ...(request.to.includes('PASSENGERS') ? people.passengers : []),
        ...(request.to.includes('SUPPLIER') ? people.supplier : []),
      ])
    : [];
  return [...texts, ...emails];
}
