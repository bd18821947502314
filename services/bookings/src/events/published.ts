import { createOutbox } from '@fleet/platform';
import { SCHEMA } from '../storage/migrations';

/**
 * Every event bookings publishes, on subjects fleet.bookings.<entity>.<event>. None yet: counting
 * changes nothing. Events join here (and in proto/fleet/bookings/v1/events.proto) with the first use
 * case that changes a booking, enqueued through this outbox in the same transaction.
 */
export const BookingsEvents = {} as const;

export const bookingsOutbox = createOutbox(SCHEMA);
