import { PERMISSION } from '@fleet/domain';
import { type Caller, callAs } from '@fleet/platform';

/**
 * The masters bookings reads for its own work — names to print on a slip, choices to check on a duty —
 * whatever the person may open in the masters screens: bookings has already checked the person's right
 * to the duty itself, and passes on only these read permissions, never a manage one.
 */
const READS = [
  PERMISSION.view_my_company,
  PERMISSION.view_vehicle_group,
  PERMISSION.view_label,
  PERMISSION.view_duty_supporter,
];

export const readingForBookings = (caller: Caller) =>
  callAs({ ...caller, permissions: [...new Set([...caller.permissions, ...READS])] });
