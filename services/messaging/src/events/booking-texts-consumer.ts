// Consumes bookings' events (proto/fleet/bookings/v1/events.proto) and writes the texts each one sends
// to the message log, in the consumer's own transaction: the handled-event record and the unique
// (event, type, number) constraint both keep a redelivered event from writing a text twice. Nothing is
// sent here; the delivery worker sends what is queued.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import type { Booking, Contact } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { type BookingChanged, BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { type BookingChange, type BookingFacts, type Person, textsFor } from '../domain/booking-texts';
import { compose } from '../domain/compose';
import { audienceOf, saveBooking } from '../storage/audience-store';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { operatorTemplates } from '../storage/templates-store';

/** The bookings events texts come from, by the last word of their subject. */
const BOOKING_EVENTS = {
  created: defineEvent('fleet.bookings.booking.created', BookingChangedSchema),
  status_changed: defineEvent('fleet.bookings.booking.status_changed', BookingChangedSchema),
  updated: defineEvent('fleet.bookings.booking.updated', BookingChangedSchema),
} as const;

const eventOf = (subject: string): BookingChange['event'] | undefined =>
  subject === BOOKING_EVENTS.created.subject
    ? 'created'
    : subject === BOOKING_EVENTS.status_changed.subject
      ? 'status_changed'
      : subject === BOOKING_EVENTS.updated.subject
        ? 'updated'
        : undefined;

const person = (contact: Contact): Person => ({
  name: contact.name,
  phone: contact.phone,
  email: contact.email,
});

/** A booking as bookings' events carry it, as the texts' rules read it. */
export function bookingFactsOf(booking: Booking): BookingFacts {
  return {
    id: booking.id,
    bookingNo: booking.bookingNo.toString(),
    status: booking.status,
    version: booking.version,
    customerId: booking.customerId,
    customerName: booking.customerName,
    supplierId: booking.supplierId,
    reportingAt: booking.reportingAt ? timestampDate(booking.reportingAt) : undefined,
    pickup: booking.reportingAddress,
    drop: booking.dropAddress,
    vehicleNo: booking.vehicleNo,
    driverName: booking.driverName,
    driverPhone: booking.driverPhone,
    tripOtp: booking.tripStartOtp,
    bookedBy: booking.bookedBy ? person(booking.bookedBy) : undefined,
    passengers: booking.passengers.map(person),
  };
}

/** Bookings' event as the texts' rules read it; undefined when it carries no booking. */
export function bookingChangeOf(subject: string, message: BookingChanged): BookingChange | undefined {
  const event = eventOf(subject);
  const booking = message.booking;
  if (!event || !booking) return undefined;
  const facts = bookingFactsOf(booking);
  return {
    event,
    action: message.action,
    fromStatus: message.fromStatus,
    toStatus: message.toStatus || booking.status,
    booking: facts,
  };
}

/**
 * Keeps the booking's latest facts and writes the messages its change sends, to whom the operator's and
 * the customer's flags allow, each in the operator's words.
 */
export function startBookingTextsConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Whether driver chat takes this driver's number: their duty goes as WhatsApp, not as this SMS. */
  chatsWithDriver?: (phone: string) => boolean;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.booking-texts',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: Object.values(BOOKING_EVENTS),
    async handle(tx, event) {
      const change = bookingChangeOf(event.subject, event.message);
      const tenantId = event.tenantId ?? event.message.tenantId;
      if (!change || !tenantId) return;
      await saveBooking(tx, tenantId, change.booking);
      const { audience, operator } = await audienceOf(tx, tenantId, change.booking);
      // With driver chat on, the driver hears of the duty there; the text is chat's fallback.
      const planned = textsFor(change, audience).filter(
        (text) => !(text.type === 'DRIVER_ALLOTMENT_SMS' && deps.chatsWithDriver?.(text.phone)),
      );
      if (planned.length === 0) return;
      const composed = compose(change.booking, planned, {
        templates: await operatorTemplates(tx, tenantId),
        audience,
        companyName: operator.companyName,
        timeZone: operator.timeZone,
      });
      const written = await insertMessages(
        tx,
        composed.map(
          (m): NewMessage => ({
            ...m,
            tenantId,
            eventId: event.id,
            bookingId: change.booking.id,
            bookingNo: change.booking.bookingNo,
          }),
        ),
      );
      if (written.length > 0)
        event.logger.info(
          { bookingId: change.booking.id, written: written.length },
          'booking messages queued',
        );
    },
  });
}
