// What a form shows when an act is refused, by the app's own check before it is queued (zod) or by the
// server: each message beside the field it names, and what names no field of the form above it.

export interface FormErrors {
  byField: Record<string, string>;
  general?: string;
}

/** The first message of each field a zod error names (by the top of its path). */
export function fieldErrorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Places field errors on the form's fields: `fields` maps an input's field (as the schema or server
 * names it) to the form's field; the rest, and the message when no field is named, go above the form.
 */
export function placeErrors(
  fieldErrors: Record<string, string>,
  fields: Record<string, string>,
  message?: string,
): FormErrors {
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [field, text] of Object.entries(fieldErrors)) {
    const formField = fields[field];
    if (formField) byField[formField] ??= text;
    else if (!unplaced.includes(text)) unplaced.push(text);
  }
  if (Object.keys(byField).length === 0 && unplaced.length === 0 && message) unplaced.push(message);
  return unplaced.length > 0 ? { byField, general: unplaced.join(' ') } : { byField };
}
