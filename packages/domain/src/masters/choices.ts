import type { PermissionId } from '../permissions/catalogue';
import type { MasterKind } from './registry';

/**
 * The masters a booking's form and the board's filters pick from. Someone allowed to see bookings may
 * list the names and ids of their records (nothing more) to choose one, whether or not they may open the
 * masters' own screens.
 */
export const BOOKING_CHOICE_KINDS = [
  'customer',
  'company',
  'city',
  'vehicle_group',
  'duty_type',
  'label',
  'supplier',
  'customer_group',
  'supplier_group',
] as const satisfies readonly MasterKind[];
export type BookingChoiceKind = (typeof BOOKING_CHOICE_KINDS)[number];

/** Which permissions open which masters' choices, besides the master's own view permission. */
export const CHOICES_BY_PERMISSION: Partial<Record<PermissionId, readonly MasterKind[]>> = {
  view_booking: BOOKING_CHOICE_KINDS,
};

/** Whether someone holding `permissions` may list the choices of `kind` through a form's permission. */
export function mayChooseFrom(permissions: readonly string[], kind: string): boolean {
  return permissions.some((permission) =>
    (CHOICES_BY_PERMISSION[permission as PermissionId] ?? []).some((k) => k === kind),
  );
}
