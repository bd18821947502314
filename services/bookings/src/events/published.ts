import { createOutbox, defineEvent } from '@fleet/platform';
import {
  BookingChangedSchema,
  DriverPositionChangedSchema,
  FeedbackReceivedSchema,
  SlipApprovalChangedSchema,
} from '@fleet/proto/fleet/bookings/v1/events_pb';
import { SCHEMA } from '../storage/migrations';

/**
 * Every event bookings publishes, on subjects fleet.bookings.<entity>.<event> (events.proto), enqueued
 * through this outbox in the transaction that makes the change.
 */
export const BookingsEvents = {
  bookingCreated: defineEvent('fleet.bookings.booking.created', BookingChangedSchema),
  bookingStatusChanged: defineEvent('fleet.bookings.booking.status_changed', BookingChangedSchema),
  bookingUpdated: defineEvent('fleet.bookings.booking.updated', BookingChangedSchema),
  /** A booking entered by mistake was deleted (each of its duties): it leaves every list and count. */
  bookingDeleted: defineEvent('fleet.bookings.booking.deleted', BookingChangedSchema),
  driverPositionChanged: defineEvent('fleet.bookings.driver_position.changed', DriverPositionChangedSchema),
  /** A closed duty's digital slip awaits the passenger's answer. */
  slipApprovalRequested: defineEvent('fleet.bookings.slip_approval.requested', SlipApprovalChangedSchema),
  /** The passenger accepted or rejected the slip, or it counted as accepted at its due time. */
  slipApprovalAnswered: defineEvent('fleet.bookings.slip_approval.answered', SlipApprovalChangedSchema),
  feedbackReceived: defineEvent('fleet.bookings.feedback.received', FeedbackReceivedSchema),
} as const;

export const bookingsOutbox = createOutbox(SCHEMA);
