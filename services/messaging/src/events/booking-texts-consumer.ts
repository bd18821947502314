// Consumes bookings' events (proto/fleet/bookings/v1/events.proto) and writes the texts, emails and
// driver-app pushes each one sends to the message log, in the consumer's own transaction: the
// handled-event record and the unique (event, type, recipient) constraint both keep a redelivered event
// from writing a message twice. Nothing is sent here; the delivery and push workers send what is queued.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { isUuid } from '@fleet/domain';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
  type Tx,
} from '@fleet/platform';
import type { Booking, Contact } from '@fleet/proto/fleet/bookings/v1/booking_pb';
import { type BookingChanged, BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { type BookingChange, type BookingFacts, type Person, textsFor } from '../domain/booking-texts';
import { compose } from '../domain/compose';
import { pushesFor, pushWords } from '../domain/duty-pushes';
import {
  audienceOf,
  type DutyHolding,
  dutyHolding,
  markBookingDeleted,
  saveBooking,
} from '../storage/audience-store';
import { insertMessages, type NewMessage } from '../storage/messages-store';
import { SCHEMA } from '../storage/migrations';
import { reachableDrivers } from '../storage/push-targets-store';
import { operatorTemplates } from '../storage/templates-store';

/** The bookings events texts come from, by the last word of their subject. */
const BOOKING_EVENTS = {
  created: defineEvent('fleet.bookings.booking.created', BookingChangedSchema),
  status_changed: defineEvent('fleet.bookings.booking.status_changed', BookingChangedSchema),
  updated: defineEvent('fleet.bookings.booking.updated', BookingChangedSchema),
} as const;
/** A booking entered by mistake was deleted: its copy is kept (messages name it), marked, sent nothing more. */
const BOOKING_DELETED = defineEvent('fleet.bookings.booking.deleted', BookingChangedSchema);

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
    allotedDriverId: isUuid(booking.allotedDriverId) ? booking.allotedDriverId : '',
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
 * The pushes a change sends to drivers whose app can be reached, given who held the duty before it. An
 * event older than the booking messaging already knows pushes nothing: what it says was overtaken.
 */
async function plannedPushes(
  tx: Tx,
  tenantId: string,
  change: BookingChange,
  before: DutyHolding | undefined,
  timeZone: string,
): Promise<Omit<NewMessage, 'tenantId' | 'eventId' | 'bookingId' | 'bookingNo'>[]> {
  if (before && before.version > change.booking.version) return [];
  const planned = pushesFor(
    change,
    before?.driverId
      ? { driverId: before.driverId, name: before.driverName.trim(), phone: before.driverPhone.trim() }
      : undefined,
  );
  const reachable = await reachableDrivers(
    tx,
    tenantId,
    planned.map((push) => push.driver.driverId),
  );
  // A driver without a push token gets no push; their SMS or WhatsApp still goes.
  return planned
    .filter((push) => reachable.has(push.driver.driverId))
    .map((push) => {
      const words = pushWords(push, change.booking, timeZone);
      return {
        type: push.type,
        channel: 'PUSH',
        role: 'DRIVER',
        name: push.driver.name,
        phone: push.driver.phone,
        driverId: push.driver.driverId,
        subject: words.title,
        text: words.body,
        variables: words.data,
      };
    });
}

/**
 * Keeps the booking's latest facts and writes the messages its change sends: texts and emails to whom
 * the operator's and the customer's flags allow, each in the operator's words, and pushes to the
 * drivers it gives the duty to or takes it from.
 */
export function startBookingTextsConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Whether driver chat takes this driver's number: their duty goes as WhatsApp, not as this SMS. */
  chatsWithDriver?: (phone: string) => boolean;
  /** Whether pushes are sent (a push provider is configured): without, none is written. */
  pushes?: boolean;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.booking-texts',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [...Object.values(BOOKING_EVENTS), BOOKING_DELETED],
    async handle(tx, event) {
      const tenantId = event.tenantId ?? event.message.tenantId;
      if (event.subject === BOOKING_DELETED.subject) {
        const deleted = event.message.booking;
        if (tenantId && deleted) {
          await saveBooking(tx, tenantId, bookingFactsOf(deleted));
          await markBookingDeleted(tx, tenantId, deleted.id);
        }
        return;
      }
      const change = bookingChangeOf(event.subject, event.message);
      if (!change || !tenantId) return;
      const before = deps.pushes ? await dutyHolding(tx, tenantId, change.booking.id) : undefined;
      await saveBooking(tx, tenantId, change.booking);
      const { audience, operator } = await audienceOf(tx, tenantId, change.booking);
      // With driver chat on, the driver hears of the duty there; the text is chat's fallback.
      const planned = textsFor(change, audience).filter(
        (text) => !(text.type === 'DRIVER_ALLOTMENT_SMS' && deps.chatsWithDriver?.(text.phone)),
      );
      const composed =
        planned.length === 0
          ? []
          : compose(change.booking, planned, {
              templates: await operatorTemplates(tx, tenantId),
              audience,
              companyName: operator.companyName,
              timeZone: operator.timeZone,
            });
      const pushes = deps.pushes ? await plannedPushes(tx, tenantId, change, before, operator.timeZone) : [];
      if (composed.length === 0 && pushes.length === 0) return;
      const written = await insertMessages(
        tx,
        [...composed, ...pushes].map(
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
