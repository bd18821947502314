// A form input for each field kind of a master declaration: the one form mechanism every master uses.
// The inputs are bound to the surrounding form by name (the form itself is typed by the master, see
// master-form.tsx); a `ref` field's picker lists the master it points at through that master's own
// procedures.
import {
  type ChoiceField,
  emptyRow,
  type Field,
  firstNumberOf,
  isListedKind,
  type ListedKind,
  type MasterDefinition,
  type MasterListRecord,
  type MasterOf,
  type MasterRecord,
  type MasterValues,
  masterOf,
  operatorDate,
  type RefField,
  type RefsField,
  type RowsField,
} from '@fleet/domain';
import type { MasterListInput } from '@fleet/domain/inputs';
import {
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { DateField, SelectField, SwitchField, TextField } from '../common/form/form-fields';
import { UPLOAD_ACCEPT, uploadFile } from '../common/form/upload-file';
import { listedApi } from './master-api';

/** Times of day on the quarter hour (spec §9), HH:MM. */
export const QUARTER_HOURS = Array.from({ length: 96 }, (_, i) => {
  const hh = String(Math.floor(i / 4)).padStart(2, '0');
  const mm = String((i % 4) * 15).padStart(2, '0');
  return `${hh}:${mm}`;
});

/**
 * For the form's buttons (section headers, Add/Remove row, Upload, Save): pressing one leaves the focus
 * in the input being typed in. Otherwise the press blurs that input, its check puts an error line above
 * the button, the button moves down before the mouse comes up, and the click is lost.
 */
export const keepsFocus = { onMouseDown: (event: { preventDefault(): void }) => event.preventDefault() };

const choiceData = (field: ChoiceField) =>
  field.options.map((o) => ({ value: o, label: field.labels?.[o] ?? o }));

/** The name a record goes by: its declaration's display field. */
export function displayOf<D extends MasterDefinition>(
  definition: D,
  record: MasterRecord<D> | MasterListRecord<D>,
): string {
  // Both carry the display field: a list carries it among its listed fields.
  const display: D['display'] = definition.display;
  const values: Pick<MasterValues<D>, D['display']> = record.values;
  const value = values[display];
  return value === null || value === undefined ? '' : String(value);
}

// How a record of some masters is named in a picker, where names repeat; the others by their display.
const PICKER_LABELS: { [K in ListedKind]?: (record: MasterListRecord<MasterOf<K>>) => string } = {
  vehicle: ({ values }) => `${values.vehicle_no} · ${values.vehicle_model}`,
  driver: ({ values }) => `${values.name} (${values.phone})`,
};

/**
 * Options of a master for a picker: the searched ones (within `filters`, when given) plus those already
 * chosen, by name.
 */
export function useRefOptions<K extends ListedKind>(
  kind: K,
  chosen: string[],
  search: string,
  filters?: MasterListInput<MasterOf<K>>['filters'],
) {
  const api = listedApi(kind);
  const found = useQuery(
    api.list.queryOptions(
      { search: search || undefined, active: 'active', filters, limit: 50 },
      { staleTime: 30_000 },
    ),
  );
  const known = useQuery(
    api.list.queryOptions(
      { ids: chosen, active: 'all', limit: 1000 },
      { enabled: chosen.length > 0, staleTime: 30_000 },
    ),
  );
  return useMemo(() => {
    const definition = masterOf(kind);
    const label =
      PICKER_LABELS[kind] ?? ((record: MasterListRecord<MasterOf<K>>) => displayOf(definition, record));
    const byId = new Map<string, string>();
    for (const r of [...(known.data?.records ?? []), ...(found.data?.records ?? [])])
      byId.set(r.id, label(r));
    for (const id of chosen) if (!byId.has(id)) byId.set(id, id);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [kind, chosen, found.data, known.data]);
}

function RefPicker<K extends ListedKind>({
  name,
  field,
  target,
}: {
  name: string;
  field: RefField;
  target: K;
}) {
  const { control } = useFormContext();
  const { field: input, fieldState } = useController({ name, control });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const value = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  const options = useRefOptions(target, value ? [value] : [], debounced);
  return (
    <Select
      label={field.label}
      description={field.help}
      withAsterisk={field.required}
      searchable
      clearable
      data={options}
      value={value}
      onSearchChange={setSearch}
      onChange={(v) => input.onChange(v ?? '')}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
      nothingFoundMessage="Nothing matches"
      name={name}
    />
  );
}

const NONE: string[] = [];

/** A multi-pick of a master's records, searched on the server as the user types (also outside master forms). */
export function RefsPicker<K extends ListedKind>({
  name,
  field,
  target,
}: {
  name: string;
  field: RefsField;
  target: K;
}) {
  const { control } = useFormContext();
  const { field: input, fieldState } = useController({ name, control });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const value: string[] = Array.isArray(input.value) ? input.value : NONE;
  const options = useRefOptions(target, value, debounced);
  return (
    <MultiSelect
      label={field.label}
      description={field.help}
      searchable
      clearable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={input.onChange}
      error={fieldState.error?.message}
      name={name}
    />
  );
}

/** Uploads to /api/files (checked there by extension and content) and keeps the file's id. */
function FileField({ name, field, kind }: { name: string; field: Field; kind: string }) {
  const { control } = useFormContext();
  const { field: input, fieldState } = useController({ name, control });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string>();
  // Uploaded for this field of this master (a row's field without its row number): only it takes the file.
  const uploadedFor = { kind, field: name.replace(/\.\d+\./g, '.') };
  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(undefined);
    setBusy(true);
    const outcome = await uploadFile(file, uploadedFor);
    setBusy(false);
    if (!outcome.ok) {
      setProblem(outcome.message);
      return;
    }
    setFileName(outcome.file.fileName);
    input.onChange(outcome.file.id);
  };
  const id = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {field.label}
      </Text>
      <Group gap="xs">
        <FileButton onChange={upload} accept={UPLOAD_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              {...keepsFocus}
              size="xs"
              variant="light"
              loading={busy}
              aria-label={`Upload ${field.label}`}
            >
              {id ? 'Replace' : 'Upload'}
            </Button>
          )}
        </FileButton>
        {id ? (
          <>
            <Anchor href={`/api/files/${id}`} target="_blank" size="sm">
              {fileName ?? 'Open'}
            </Anchor>
            <Button
              {...keepsFocus}
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => input.onChange('')}
            >
              Remove
            </Button>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            PNG, JPG or PDF up to 3.5 MB
          </Text>
        )}
      </Group>
      {problem || fieldState.error ? (
        <Text size="xs" c="red" role="alert">
          {problem ?? fieldState.error?.message}
        </Text>
      ) : null}
    </Stack>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function RowsInput({ name, field, kind }: { name: string; field: RowsField; kind: string }) {
  const { control, getFieldState, formState } = useFormContext();
  const rows = useFieldArray({ control, name });
  const error = getFieldState(name, formState).error?.message;
  return (
    <Stack gap="xs">
      {rows.fields.map((row, index) => (
        <Card
          key={row.id}
          withBorder
          padding="sm"
          role="group"
          aria-label={`${capitalised(field.item)} ${index + 1}`}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {Object.entries(field.fields).map(([sub, subField]) => (
              <MasterField key={sub} name={`${name}.${index}.${sub}`} field={subField} kind={kind} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button {...keepsFocus} size="xs" variant="subtle" color="red" onClick={() => rows.remove(index)}>
              Remove {field.item}
            </Button>
          </Group>
        </Card>
      ))}
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
      {rows.fields.length < field.max ? (
        <Group>
          <Button
            {...keepsFocus}
            size="xs"
            variant="light"
            onClick={() => rows.append(emptyRow(field.fields))}
          >
            Add {field.item}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function NoteField({ name, field }: { name: string; field: Field }) {
  const { control } = useFormContext();
  const { field: input, fieldState } = useController({ name, control });
  return (
    <Textarea
      label={field.label}
      description={field.help}
      withAsterisk={field.required}
      autosize
      minRows={2}
      value={typeof input.value === 'string' ? input.value : ''}
      onChange={(e) => input.onChange(e.currentTarget.value)}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
      name={name}
    />
  );
}

/** A document number prefix, saying under it the first number it gives this financial year. */
function NumberPrefixField({
  whenEmpty,
  ...common
}: {
  name: string;
  label: string;
  description?: string;
  required?: boolean;
  whenEmpty: string;
}) {
  const { control } = useFormContext();
  const typed = useWatch({ control, name: common.name });
  const prefix = typeof typed === 'string' ? typed.trim() : '';
  const first = firstNumberOf(prefix || whenEmpty, operatorDate(new Date()));
  const preview = first
    ? `${prefix ? 'First number this financial year' : 'Left empty, the first number this financial year'}: ${first}`
    : 'Put {FY} in the prefix to see its first number.';
  return <TextField {...common} description={[common.description, preview].filter(Boolean).join('. ')} />;
}

/** The input for one field of a master, bound to the surrounding form by name. */
export function MasterField({ name, field, kind }: { name: string; field: Field; kind: string }) {
  const common = { name, label: field.label, description: field.help, required: field.required };
  switch (field.type) {
    case 'text':
      if (field.numberPrefix)
        return <NumberPrefixField {...common} whenEmpty={field.numberPrefix.whenEmpty} />;
      return field.multiline ? <NoteField name={name} field={field} /> : <TextField {...common} />;
    case 'phone':
      return <TextField {...common} type="tel" placeholder="+91…" />;
    case 'email':
      return <TextField {...common} type="email" />;
    case 'gstin':
    case 'pan':
    case 'ifsc':
      return <TextField {...common} />;
    case 'money':
    case 'rate':
    case 'percent':
      return <TextField {...common} placeholder={field.type === 'percent' ? '0.00 %' : '0.00'} />;
    case 'integer':
      return <TextField {...common} />;
    case 'boolean':
      return <SwitchField {...common} />;
    case 'date':
      return <DateField {...common} />;
    case 'time':
      return <SelectField {...common} data={QUARTER_HOURS.map((t) => ({ value: t, label: t }))} />;
    case 'choice':
      return <SelectField {...common} data={choiceData(field)} clearable={!field.required} />;
    case 'ref':
      return isListedKind(field.target) ? (
        <RefPicker name={name} field={field} target={field.target} />
      ) : null;
    case 'refs':
      return isListedKind(field.target) ? (
        <RefsPicker name={name} field={field} target={field.target} />
      ) : null;
    case 'file':
      return <FileField name={name} field={field} kind={kind} />;
    case 'rows':
      return <RowsInput name={name} field={field} kind={kind} />;
  }
}
