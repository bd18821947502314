// What a driver chat's badge says: its flow status (spec §4), unless the duty has moved past the trip the
// conversation is about; messaging records no flow status for a trip's end, so "Outgoing trip ongoing"
// would otherwise stay on a closed duty.
import type { BookingStatus } from '@fleet/domain';

export interface FlowBadge {
  label: string;
  color: string;
}

const FLOW: Record<string, FlowBadge> = {
  DUTY_SLIP_MESSAGE_PUSHED: { label: 'Duty slip message pushed', color: 'blue' },
  SUCCESS: { label: 'Success', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
  FALLBACK_TEXT_PUSHED: { label: 'Fallback text pushed', color: 'orange' },
  INVALID_PHONE_NUMBER: { label: 'Invalid phone number', color: 'red' },
  TRIP_ACCEPTED: { label: 'Trip accepted', color: 'teal' },
  TRIP_REJECTED: { label: 'Trip rejected', color: 'red' },
  OUTGOING_TRIP_PUSHED: { label: 'Outgoing trip pushed', color: 'indigo' },
  OUTGOING_TRIP_ONGOING: { label: 'Outgoing trip ongoing', color: 'violet' },
  CONVERSATION_RESOLVED: { label: 'Conversation resolved', color: 'gray' },
};

/** Flow statuses that say the trip is still to come or under way. */
const TRIP_UNDER_WAY = new Set([
  'DUTY_SLIP_MESSAGE_PUSHED',
  'SUCCESS',
  'TRIP_ACCEPTED',
  'OUTGOING_TRIP_PUSHED',
  'OUTGOING_TRIP_ONGOING',
]);

/** How a duty past its trip reads instead. */
const TRIP_OVER: Partial<Record<BookingStatus, FlowBadge>> = {
  DRIVER_DUTY_END: { label: 'Trip completed', color: 'gray' },
  CLOSED: { label: 'Trip completed', color: 'gray' },
  CANCELLED: { label: 'Duty cancelled', color: 'gray' },
  CANCELLATION_NO_SHOW: { label: 'Duty cancelled', color: 'gray' },
  UNFULFILLED: { label: 'Duty unfulfilled', color: 'gray' },
};

export function flowBadge(flowStatus: string, bookingStatus: BookingStatus | undefined): FlowBadge {
  const over = bookingStatus ? TRIP_OVER[bookingStatus] : undefined;
  if (over && TRIP_UNDER_WAY.has(flowStatus)) return over;
  return FLOW[flowStatus] ?? { label: flowStatus, color: 'gray' };
}
