// What billing's use cases check of what people type, each refusal naming the field: text (trimmed, no
// NUL, not too long), dates (YYYY-MM-DD) within what the business allows, and one of a list of choices.
import { addCalendarDays, financialYearOf, formatIsoDate, isIsoDate } from '@fleet/domain';
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

/** How far past the operator's today an invoice may be dated: a bill made out for a trip ending soon. */
export const INVOICE_DAYS_AHEAD = 3;

const shown = formatIsoDate;

/**
 * A document's date within what the business allows: not after `latest` (today for money received or a
 * note, a few days ahead for an invoice) and not before `earliest` nor the start of the last financial
 * year, whose documents may still be made until its returns close.
 */
export function boundedDate(
  date: string,
  field: string,
  bounds: { today: string; latest: string; earliest?: string; earliestWhy?: string },
): string {
  const lastYear = financialYearOf(bounds.today).previous.start;
  const earliest = bounds.earliest && bounds.earliest > lastYear ? bounds.earliest : lastYear;
  if (date > bounds.latest) {
    throw invalidField(
      field,
      bounds.latest === bounds.today
        ? `Date it today (${shown(bounds.today)}) or earlier.`
        : `Date it ${shown(bounds.latest)} at the latest, ${INVOICE_DAYS_AHEAD} days from today.`,
    );
  }
  if (date < earliest) {
    throw invalidField(
      field,
      earliest === lastYear
        ? `Date it ${shown(lastYear)} or later: the last financial year began then.`
        : `Date it ${shown(earliest)} or later: ${bounds.earliestWhy ?? 'an earlier date is not allowed'}.`,
    );
  }
  return date;
}

/** The latest date an invoice may carry, `today` being the operator's. */
export const latestInvoiceDate = (today: string) => addCalendarDays(today, INVOICE_DAYS_AHEAD);
