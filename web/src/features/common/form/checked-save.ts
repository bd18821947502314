// How a form saves: its own checks first, each problem shown at its field; then the server, whose
// messages land at their fields too; and what was typed stays when either says no.
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/trpc';

export type FieldErrors = Record<string, string>;

/** The server's field names without the name of the object they came under (`expense.amount` → `amount`). */
export const withoutPrefix =
  (prefix: string) =>
  (fields: FieldErrors): FieldErrors =>
    Object.fromEntries(
      Object.entries(fields).map(([field, message]) => [
        field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field,
        message,
      ]),
    );

export function useCheckedSave<I, R>(options: {
  /** The form's own checks: each problem at its field; none lets the save go on. */
  check: () => FieldErrors;
  /** What is sent once the checks pass. */
  input: () => I;
  send: (input: I) => Promise<R>;
  onSaved: (saved: R) => void;
  /** The server's field names as the form names its fields (a prefix dropped, say). */
  fieldsOf?: (fields: FieldErrors) => FieldErrors;
  /** After the server answers, saved or not (what it holds may have moved under the form). */
  onSettled?: () => void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  /** A failure of this save, or of another call the form makes (a delete), shown the same way. */
  const failed = (failure: unknown) => {
    const fields = fieldErrorsOf(failure);
    setErrors(options.fieldsOf ? options.fieldsOf(fields) : fields);
    setProblem(errorMessage(failure));
  };
  const save = useMutation({
    mutationFn: options.send,
    onSuccess: options.onSaved,
    onError: failed,
    onSettled: options.onSettled,
  });
  const submit = () => {
    const found = options.check();
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length > 0) {
      setProblem('Some fields need attention.');
      return;
    }
    save.mutate(options.input());
  };
  /** Forgets the problems of the fields a change touched (and of what lies under them: `settlements.0.amount`). */
  const forget = (fields: readonly string[]) =>
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => !fields.some((f) => key === f || key.startsWith(`${f}.`))),
      ),
    );
  return { errors, setErrors, problem, submit, saving: save.isPending, failed, forget };
}

/** The fields of `Values` that hold text. */
type TextField<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/**
 * A controlled form's values bound to its inputs: `set` takes a change and forgets the errors of the
 * fields it changes; `text(name)` is a text input's value, change and error for one field.
 */
export function boundFields<Values extends object>(
  values: Values,
  setValues: Dispatch<SetStateAction<Values>>,
  errors: FieldErrors,
  forget: (fields: string[]) => void,
) {
  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    forget(Object.keys(patch));
  };
  const text = <K extends TextField<Values> & string>(name: K) => ({
    value: String(values[name]),
    onChange: (event: { currentTarget: { value: string } }) => {
      const patch: Partial<Values> = {};
      // K names a text field (TextField), which TypeScript cannot carry through the index.
      patch[name] = event.currentTarget.value as Values[K];
      set(patch);
    },
    error: errors[name],
  });
  return { set, text };
}
