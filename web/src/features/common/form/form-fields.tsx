import { MultiSelect, Select, Switch, TextInput } from '@mantine/core';
import {
  type FieldValues,
  type Path,
  type UseFormReturn,
  useController,
  useFormContext,
} from 'react-hook-form';
import { fieldErrorsOf } from '../../../lib/trpc';
import { DayInput } from './day-input';

/**
 * Form fields bound to react-hook-form through context, so every form in the app is the same few lines:
 * `<FormProvider {...form}><TextField name="name" label="Name" /></FormProvider>`.
 */
interface FieldProps {
  name: string;
  label: string;
  /** Named for screen readers only, where a column header above says it (a table of inputs). */
  hideLabel?: boolean;
  description?: string;
  required?: boolean;
  disabled?: boolean;
}

function useField(name: string) {
  const { control } = useFormContext();
  return useController({ name, control });
}

/** The label shown above the input, or (when a header says it) only the input's accessible name. */
const labelProps = (label: string, hide?: boolean) => (hide ? { 'aria-label': label } : { label });

export function TextField({
  name,
  label,
  hideLabel,
  description,
  required,
  disabled,
  type,
  placeholder,
}: FieldProps & { type?: string; placeholder?: string }) {
  const { field, fieldState } = useField(name);
  return (
    <TextInput
      {...labelProps(label, hideLabel)}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      type={type}
      placeholder={placeholder}
      value={(field.value as string | null) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
      name={name}
    />
  );
}

export function SelectField({
  name,
  label,
  description,
  required,
  disabled,
  data,
  clearable = true,
}: FieldProps & { data: { value: string; label: string }[]; clearable?: boolean }) {
  const { field, fieldState } = useField(name);
  return (
    <Select
      label={label}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      clearable={clearable}
      searchable
      data={data}
      value={(field.value as string | null) || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      name={name}
    />
  );
}

export function MultiSelectField({
  name,
  label,
  description,
  data,
}: FieldProps & { data: { value: string; label: string }[] }) {
  const { field, fieldState } = useField(name);
  return (
    <MultiSelect
      label={label}
      description={description}
      searchable
      data={data}
      value={(field.value as string[]) ?? []}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}

/**
 * Dates are ISO (YYYY-MM-DD) in the form and on the wire, shown and typed as DD/MM/YYYY (spec §9).
 * Typed text is read day first by our own parser: Mantine's default goes through dayjs without its
 * customParseFormat plugin, which reads 01/04/2026 as the 4th of January and refuses 31/03/2027.
 */
export function DateField({ name, label, hideLabel, description, required, disabled }: FieldProps) {
  const { field, fieldState } = useField(name);
  return (
    <DayInput
      {...labelProps(label, hideLabel)}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      clearable
      value={(field.value as string | null) || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      name={name}
    />
  );
}

export function SwitchField({ name, label, description, disabled }: FieldProps) {
  const { field } = useField(name);
  return (
    <Switch
      label={label}
      description={description}
      disabled={disabled}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      name={name}
    />
  );
}

/**
 * Puts the server's field errors (a service's validation, a duplicate phone…) on the fields they name;
 * returns whether any were placed, so the caller can show the general message otherwise.
 */
export function applyServerErrors<T extends FieldValues, Context, Checked>(
  form: UseFormReturn<T, Context, Checked>,
  error: unknown,
): boolean {
  const fields = fieldErrorsOf(error);
  let placed = false;
  for (const [field, message] of Object.entries(fields)) {
    // A nested field (`passengers.1.phone`) is placed when its first part is one of the form's.
    if ((field.split('.')[0] ?? '') in form.getValues()) {
      form.setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
