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
import type { Contact } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { type BookingChanged, BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { type BookingChange, type BookingFacts, type Person, textsFor } from '../domain/booking-texts';
import { DEFAULT_TEMPLATES, renderTemplate, templateValues } from '../domain/templates';
import { insertMessages } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';

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

const person = (contact: Contact | undefined): Person | undefined =>
  contact ? { name: contact.name, phone: contact.phone } : undefined;

/** Bookings' event as the texts' rules read it; undefined when it carries no booking. */
export function bookingChangeOf(subject: string, message: BookingChanged): BookingChange | undefined {
  const event = eventOf(subject);
  const booking = message.booking;
  if (!event || !booking) return undefined;
  const facts: BookingFacts = {
    id: booking.id,
    bookingNo: booking.bookingNo.toString(),
    reportingAt: booking.reportingAt ? timestampDate(booking.reportingAt) : undefined,
    pickup: booking.reportingAddress,
    vehicleNo: booking.vehicleNo,
    driverName: booking.driverName,
    driverPhone: booking.driverPhone,
    // Bookings' events carry no trip code yet; the text leaves its part out until they do.
    tripOtp: '',
    bookedBy: person(booking.bookedBy),
    passengers: booking.passengers.map((p) => ({ name: p.name, phone: p.phone })),
  };
  return {
    event,
    action: message.action,
    fromStatus: message.fromStatus,
    toStatus: message.toStatus || booking.status,
    booking: facts,
  };
}

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
      const values = templateValues(change.booking);
      const planned = textsFor(change).filter(
        (text) => !(text.type === 'DRIVER_ALLOTMENT_SMS' && deps.chatsWithDriver?.(text.phone)),
      );
      const written = await insertMessages(
        tx,
        planned.map((text) => ({
          tenantId,
          eventId: event.id,
          type: text.type,
          role: text.role,
          name: text.name,
          phone: text.phone,
          bookingId: change.booking.id,
          bookingNo: change.booking.bookingNo,
          text: renderTemplate(DEFAULT_TEMPLATES[text.type], values),
          variables: values,
        })),
      );
      if (written.length > 0)
        event.logger.info({ bookingId: change.booking.id, written: written.length }, 'booking texts queued');
    },
  });
}
