import {
  type Field,
  type MasterDefinition,
  type MasterFormValues,
  type MasterValues,
  masterFormSchema,
  masterFormValues,
} from '@fleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Accordion, Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type FieldValues, FormProvider, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { errorMessage, fieldErrorsOf } from '../../lib/trpc';
import { keepsFocus, MasterField } from './master-fields';

/** Whether a server error's path (`billing_details.0.gst_no`) names an input of this form. */
function isFormPath<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  path: unknown,
): path is Path<T> {
  return typeof path === 'string' && (path.split('.')[0] ?? '') in form.getValues();
}

/**
 * Puts the server's field errors on the inputs they name (`values.billing_details.0.gst_no` and
 * `billing_details.0.gst_no` alike); true when at least one was placed.
 */
function placeServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
): boolean {
  let placed = false;
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const name = path.replace(/^values\./, '');
    if (isFormPath(form, name)) {
      form.setError(name, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}

function FieldGrid({ fields, kind }: { fields: [string, Field][]; kind: string }) {
  const wide = fields.filter(([, f]) => f.type === 'rows');
  const narrow = fields.filter(([, f]) => f.type !== 'rows');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {narrow.map(([name, field]) => (
          <MasterField key={name} name={name} field={field} kind={kind} />
        ))}
      </SimpleGrid>
      {wide.map(([name, field]) => (
        <MasterField key={name} name={name} field={field} kind={kind} />
      ))}
    </Stack>
  );
}

/**
 * Create or edit any master: the inputs come from its declaration and are checked as you type with the
 * same schema the gateway and the masters service check with. The form holds `MasterFormValues<D>` (what
 * the inputs show) and submits `MasterValues<D>` (what the schema makes of them). Sections fold into an
 * accordion.
 */
export function MasterForm<D extends MasterDefinition>({
  definition,
  values,
  saving,
  submitLabel = 'Save',
  onSubmit,
}: {
  definition: D;
  /** The record being edited; a new one starts empty. */
  values?: MasterValues<D>;
  saving: boolean;
  submitLabel?: string;
  /** Saves; rejects with the server's error, which the form shows on its fields. */
  onSubmit: (values: MasterValues<D>) => Promise<unknown>;
}) {
  // The form's values as its inputs hold them; `values` (not `defaultValues`, which takes a deep-partial
  // type) so they are typed whole. Memoised: a new record's values reset the form, a re-render does not.
  const initial = useMemo(() => masterFormValues(definition, values), [definition, values]);
  const form = useForm<MasterFormValues<D>, unknown, MasterValues<D>>({
    values: initial,
    resolver: zodResolver(masterFormSchema(definition)),
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  // The auto-numbered field (a driver's number) is the service's to give: shown in the list, not asked.
  const entries = Object.entries(definition.fields).filter(([name]) => name !== definition.autoNumber);
  const top = entries.filter(([, f]) => !f.section);
  const sections = [...new Set(entries.map(([, f]) => f.section).filter((s): s is string => !!s))];

  const [opened, setOpened] = useState<string[]>(sections.slice(0, 1));
  // A refused field inside a folded section opens that section, so nobody hunts for the error.
  const openSectionsWithErrors = () => {
    const wrong = Object.keys(form.formState.errors);
    const withErrors = sections.filter((s) => entries.some(([n, f]) => f.section === s && wrong.includes(n)));
    setOpened((current) => [...new Set([...current, ...withErrors])]);
  };
  const submit = form.handleSubmit(
    async (parsed) => {
      setProblem(undefined);
      try {
        await onSubmit(parsed);
      } catch (error) {
        setProblem(placeServerErrors(form, error) ? undefined : errorMessage(error));
        openSectionsWithErrors();
      }
    },
    () => openSectionsWithErrors(),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={`${definition.one} form`}>
        <Stack>
          {problem ? <Alert color="red">{problem}</Alert> : null}
          <FieldGrid fields={top} kind={definition.kind} />
          {sections.length ? (
            <Accordion variant="contained" multiple value={opened} onChange={setOpened}>
              {sections.map((section) => (
                <Accordion.Item key={section} value={section}>
                  <Accordion.Control {...keepsFocus}>{section}</Accordion.Control>
                  <Accordion.Panel>
                    <FieldGrid
                      fields={entries.filter(([, f]) => f.section === section)}
                      kind={definition.kind}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          ) : null}
          <Group justify="flex-end">
            <Button {...keepsFocus} type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
