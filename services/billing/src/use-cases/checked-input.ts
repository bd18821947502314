// What billing's use cases check of what people type, each refusal naming the field: text (trimmed, no
// NUL, not too long), dates (YYYY-MM-DD), and one of a list of choices.
import { isIsoDate } from '@fleet/domain';
import { invalidField } from '@fleet/platform';

/** Trimmed text of at most `max` characters; '' when none was given. */
export function checkedText(value: string | undefined, field: string, max: number): string {
  const trimmed = (value ?? '').trim();
  if (trimmed.length > max) throw invalidField(field, `Keep it to ${max} characters or fewer.`);
  if (trimmed.includes('\0')) throw invalidField(field, 'It cannot contain NUL characters.');
  return trimmed;
}

/** A YYYY-MM-DD date, or undefined when none was given. */
export function checkedDate(value: string | undefined, field: string): string | undefined {
  if (!value) return undefined;
  if (!isIsoDate(value)) throw invalidField(field, 'Give the date as YYYY-MM-DD.');
  return value;
}

/** One of `choices`, else the field is refused with them listed. */
export function oneOf<T extends string>(choices: readonly T[], value: string, field: string): T {
  const found = choices.find((choice) => choice === value);
  if (!found) throw invalidField(field, `Choose one of ${choices.join(', ')}.`);
  return found;
}
