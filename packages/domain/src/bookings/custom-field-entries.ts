// What a booking's custom field entries must be (spec §3 Booking: custom field entries; the custom field
// master): one entry per field at most, a choice field's value one of its choices, and every required
// booking field filled in. Shared by the bookings service, which enforces it, and the booking form,
// which checks as you type and shows a choice field as a picker of its choices.
import type { customFieldMaster } from '../masters/business-masters';
import type { MasterListRecord } from '../masters/master';
import type { CustomFieldType } from '../vocabulary';

/** A custom field as an entry is checked against (the custom field master's record, its listed values). */
export interface CustomFieldShape {
  id: string;
  name: string;
  type: CustomFieldType;
  /** For a choice (SELECT): the choices, separated by commas. */
  options: string;
  isRequired: boolean;
}

/** A custom field as the custom field master's list carries it. */
export const customFieldShapeOf = (record: MasterListRecord<typeof customFieldMaster>): CustomFieldShape => ({
  id: record.id,
  name: record.values.name ?? '',
  type: record.values.type ?? 'TEXT',
  options: record.values.options ?? '',
  isRequired: record.values.is_required ?? false,
});

export interface CustomFieldEntry {
  customFieldId: string;
  value: string;
}

/** A choice field's choices as the master keeps them (comma-separated), trimmed, empty ones and repeats left out. */
export function customFieldChoices(options: string): string[] {
  return [...new Set(options.split(',').map((choice) => choice.trim()))].filter(Boolean);
}

/** Why a value does not fit its field, or undefined when it does (the length and NUL are the draft schema's). */
export function customFieldValueProblem(field: CustomFieldShape, value: string): string | undefined {
  if (field.type !== 'SELECT') return undefined;
  const choices = customFieldChoices(field.options);
  if (choices.includes(value)) return undefined;
  return choices.length === 0
    ? `${field.name} has no choices yet; add them to the custom field first.`
    : `Choose one of: ${choices.join(', ')}.`;
}

/** The entries filled in (a blank one is not): what a booking keeps. */
export const filledEntries = <E extends CustomFieldEntry>(entries: readonly E[]): E[] =>
  entries.filter((entry) => entry.value !== '');

/** The required fields among `fields` that `entries` leave out or blank, in the order of `fields`. */
export function missingRequiredFields<F extends CustomFieldShape>(
  fields: readonly F[],
  entries: readonly CustomFieldEntry[],
): F[] {
  const given = new Set(filledEntries(entries).map((entry) => entry.customFieldId));
  return fields.filter((field) => field.isRequired && !given.has(field.id));
}
