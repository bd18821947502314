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

/**
 * What a booking's form fills in from a chosen record, besides its name: a customer's city (the duty's
 * from city), its contact (who booked) and the company it is billed from. Nothing of documents, terms
 * or money.
 */
export const CHOICE_DETAILS: Partial<Record<BookingChoiceKind, readonly string[]>> = {
  customer: ['city_id', 'contact_person', 'phone', 'email', 'billed_from_company_id'],
};

/** The details a form takes from a chosen record of `kind`, none for most kinds. */
export function choiceDetailsOf(kind: string): readonly string[] {
  const known = BOOKING_CHOICE_KINDS.find((k) => k === kind);
  return (known && CHOICE_DETAILS[known]) || [];
}

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
