// A duty's trip insurance on its page ("Insurance"): the policy number, insurer, premium and sum insured
// (₹1,803.00), and a note. Whoever may manage booking insurance adds, edits or removes it until the duty
// is invoiced; its premium is billed as a line of the duty's invoice.
import { tripInsuranceSchema } from '@fleet/domain/inputs';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { Fact } from '../common/facts';
import { applyServerErrors, TextField } from '../common/form/form-fields';
import type { BookingView } from './booking-types';
import { dutyNumber, rupees } from './duty-format';
import { useRefreshBookings } from './status-actions';
import { insuranceEditable, insuranceFacts, insuranceFormOf, insuranceInput } from './trip-insurance-values';

/** The form's values under `insurance`, so its fields are named as the server names them (`insurance.premium`). */
const formSchema = z.object({ insurance: tripInsuranceSchema });
type FormValues = z.input<typeof formSchema>;

function InsuranceEditor({ view, onDone }: { view: BookingView; onDone: () => void }) {
  const { booking } = view;
  const refresh = useRefreshBookings();
  // Read once: the editor is keyed by the duty's version, so a saved change starts it afresh.
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    defaultValues: { insurance: insuranceFormOf(booking.tripInsurance) },
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const options = {
    onError: (error: unknown) => {
      setProblem(applyServerErrors(form, error) ? undefined : errorMessage(error));
    },
    onSettled: () => refresh(),
  };
  const save = useMutation(
    trpc.booking.setInsurance.mutationOptions({
      ...options,
      onSuccess: (changed) => {
        const premium = changed.tripInsurance ? rupees(changed.tripInsurance.premium) : '';
        showToast(`Trip insurance of duty ${dutyNumber(booking.bookingNo)} saved: premium ${premium}.`);
        onDone();
      },
    }),
  );
  const remove = useMutation(
    trpc.booking.removeInsurance.mutationOptions({
      ...options,
      onSuccess: () => {
        showToast(`Trip insurance of duty ${dutyNumber(booking.bookingNo)} removed.`);
        onDone();
      },
    }),
  );
  const submit = form.handleSubmit((values) => {
    setProblem(undefined);
    save.mutate({ id: booking.id, insurance: insuranceInput(values.insurance), version: booking.version });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Trip insurance">
        <Stack gap="xs">
          {problem ? <Alert color="red">{problem}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextField name="insurance.policyNumber" label="Policy number" required />
            <TextField name="insurance.insurer" label="Insurer" required />
            <TextField name="insurance.premium" label="Premium (₹)" placeholder="1803.00" required />
            <TextField name="insurance.sumInsured" label="Sum insured (₹)" placeholder="Optional" />
          </SimpleGrid>
          <TextField name="insurance.note" label="Note" placeholder="Optional: who it covers" />
          <Group justify="space-between">
            {booking.tripInsurance ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => {
                  setProblem(undefined);
                  remove.mutate({ id: booking.id, version: booking.version });
                }}
              >
                Remove insurance
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={onDone}>
                Back
              </Button>
              <Button size="xs" type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** The "Insurance" card: shown when the duty carries insurance, or when this person may add it. */
export function TripInsuranceCard({
  view,
  permissions,
}: {
  view: BookingView;
  permissions: ReadonlySet<string>;
}) {
  const [editing, setEditing] = useState(false);
  const { booking } = view;
  const insurance = booking.tripInsurance;
  const editable = insuranceEditable(booking, permissions);
  if (!editable && !insurance) return null;
  return (
    <Paper withBorder p="md" aria-label="Insurance">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Insurance</Title>
        {editable && !editing ? (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {insurance ? 'Edit insurance' : 'Add insurance'}
          </Button>
        ) : null}
        {booking.isBilled && insurance ? (
          <Badge variant="light" color="gray">
            Invoiced
          </Badge>
        ) : null}
      </Group>
      {editing ? (
        <InsuranceEditor key={booking.version} view={view} onDone={() => setEditing(false)} />
      ) : insurance ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {insuranceFacts(insurance).map(([label, value]) => (
            <Fact key={label} label={label}>
              {value}
            </Fact>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          No trip insurance on this duty. Add the policy the passengers travel under; its premium is billed on
          the duty’s invoice.
        </Text>
      )}
    </Paper>
  );
}
