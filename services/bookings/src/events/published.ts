import { createOutbox, defineEvent } from '@fleet/platform';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { SCHEMA } from '../storage/migrations';

/**
 * Every event bookings publishes, on subjects fleet.bookings.<entity>.<event> (events.proto), enqueued
 * through this outbox in the transaction that makes the change.
 */
export const BookingsEvents = {
  bookingCreated: defineEvent('fleet.bookings.booking.created', BookingChangedSchema),
  bookingStatusChanged: defineEvent('fleet.bookings.booking.status_changed', BookingChangedSchema),
  bookingUpdated: defineEvent('fleet.bookings.booking.updated', BookingChangedSchema),
} as const;

export const bookingsOutbox = createOutbox(SCHEMA);
