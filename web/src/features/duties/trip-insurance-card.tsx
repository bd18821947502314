// A duty's trip insurance on its page ("Insurance"): the policy number, insurer, premium and sum insured
// (₹1,803.00), and a note. Whoever may manage booking insurance adds, edits or removes it until the duty
// is invoiced; its premium is billed as a line of the duty's invoice.
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpcClient } from '../../lib/trpc';
import { Fact } from '../common/facts';
import type { BookingView } from './booking-types';
import { rupees } from './duty-format';
import { useRefreshBookings } from './status-actions';
import {
  type InsuranceForm,
  insuranceEditable,
  insuranceFacts,
  insuranceFormOf,
  insuranceInput,
  insuranceProblems,
} from './trip-insurance-values';

const FIELDS: { name: keyof InsuranceForm; label: string; placeholder: string; money?: boolean }[] = [
  { name: 'policyNumber', label: 'Policy number', placeholder: 'TRV/2026/004211' },
  { name: 'insurer', label: 'Insurer', placeholder: 'ICICI Lombard' },
  { name: 'premium', label: 'Premium (₹)', placeholder: '1803.00', money: true },
  { name: 'sumInsured', label: 'Sum insured (₹, optional)', placeholder: '500000', money: true },
  { name: 'note', label: 'Note (optional)', placeholder: 'Who it covers' },
];

function InsuranceEditor({ view, onDone }: { view: BookingView; onDone: () => void }) {
  const { booking } = view;
  const refresh = useRefreshBookings();
  const [form, setForm] = useState(() => insuranceFormOf(booking.tripInsurance));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failed = (error: unknown) => {
    setErrors(fieldErrorsOf(error));
    showToast(errorMessage(error), 'alert-danger');
  };
  const save = useMutation({
    mutationFn: (given: InsuranceForm) =>
      trpcClient.booking.setInsurance.mutate({
        id: booking.id,
        insurance: insuranceInput(given),
        version: booking.version,
      }),
    onSuccess: (changed) => {
      const premium = changed.tripInsurance ? rupees(changed.tripInsurance.premium) : '';
      showToast(`Trip insurance saved: premium ${premium}.`);
      onDone();
    },
    onError: failed,
    onSettled: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: () => trpcClient.booking.removeInsurance.mutate({ id: booking.id, version: booking.version }),
    onSuccess: () => {
      showToast('Trip insurance removed.');
      onDone();
    },
    onError: failed,
    onSettled: () => refresh(),
  });

  return (
    <form
      aria-label="Trip insurance"
      onSubmit={(event) => {
        event.preventDefault();
        const found = insuranceProblems(form);
        setErrors(found);
        if (Object.keys(found).length === 0) save.mutate(form);
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {FIELDS.map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              placeholder={field.placeholder}
              inputMode={field.money ? 'decimal' : undefined}
              value={form[field.name]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((now) => ({ ...now, [field.name]: value }));
              }}
              error={errors[`insurance.${field.name}`]}
              styles={
                field.money
                  ? { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          {booking.tripInsurance ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
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
