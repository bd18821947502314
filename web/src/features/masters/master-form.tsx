import { type Field, type MasterDefinition, masterSchema } from '@fleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Accordion, Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { errorMessage, fieldErrorsOf } from '../../lib/trpc';
import { emptyValue, formValue, keepsFocus, MasterField } from './master-fields';

type Values = Record<string, unknown>;

/** The form's starting values: the record's, or every field empty. */
export function initialValues(definition: MasterDefinition, values?: Values): Values {
  return Object.fromEntries(
    Object.entries(definition.fields)
      .filter(([name]) => name !== definition.autoNumber)
      .map(([name, field]) => [name, values ? formValue(field, values[name]) : emptyValue(field)]),
  );
}

/**
 * Puts the server's field errors on the inputs they name (`values.billing_details.0.gst_no` and
 * `billing_details.0.gst_no` alike); true when at least one was placed.
 */
function placeServerErrors(form: UseFormReturn<Values>, error: unknown): boolean {
  let placed = false;
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const name = path.replace(/^values\./, '');
    const top = name.split('.')[0] ?? '';
    if (top in form.getValues()) {
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
 * same schema the gateway and the masters service check with. Sections fold into an accordion.
 */
export function MasterForm({
  definition,
  values,
  saving,
  submitLabel = 'Save',
  onSubmit,
}: {
  definition: MasterDefinition;
  values?: Values;
  saving: boolean;
  submitLabel?: string;
  /** Saves; rejects with the server's error, which the form shows on its fields. */
  onSubmit: (values: Values) => Promise<unknown>;
}) {
  const form = useForm<Values>({
    defaultValues: initialValues(definition, values),
    resolver: zodResolver(masterSchema(definition) as never) as never,
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
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
