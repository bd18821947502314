import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** A duty as the board lists it. */
export type BoardRow = Outputs['booking']['list']['bookings'][number];
/** A booking read whole: the duty, its later days, activity, slips and charges. */
export type BookingView = Outputs['booking']['get'];
export type BookingDetail = BookingView['booking'];
export type Activity = BookingView['activity'][number];
export type SlipPoint = BookingView['salesSlip'][number];
export type Charges = NonNullable<BookingView['charges']>;
export type Quote = Outputs['booking']['quote'];

/** What the actions on a duty need to know of it, whether it came from the board or its page. */
export type DutyRef = Pick<BoardRow, 'id' | 'bookingNo' | 'status' | 'type' | 'version' | 'vehicleGroupId'>;

type Inputs = inferRouterInputs<AppRouter>;
export type AllotInput = Inputs['booking']['allot'];
export type RecordSlipInput = Inputs['booking']['recordSlip'];
