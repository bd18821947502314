// A duty's slip: its five points (date, time, km, where, a photo) for the customer (sales) or the
// supplier (purchase), how it arrived, and closing the duty from it, which prices it.
import { DUTY_SLIP_MEDIA } from '@fleet/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { DateField, SelectField, TextField } from '../common/form/form-fields';
import { keepsFocus } from '../masters/master-fields';
import type { BookingView, DutyRef, SlipPoint } from './booking-types';
import { dateTimeText, dutyNumber, rupees, SLIP_MEDIUM_LABELS, slipMediumText } from './duty-format';
import { SlipPhotoField, SlipPhotoLink } from './slip-photo';
import {
  SLIP_POINT_LABELS,
  type SlipFormValues,
  type SlipVariant,
  slipErrorPath,
  slipFormValues,
  slipRequest,
} from './slip-values';
import { useRefreshBookings } from './status-actions';

/** A path the slip form has: `medium`, or a row's date, time, km, location or photo. */
const isSlipPath = (path: string): path is Path<SlipFormValues> =>
  path === 'medium' || /^points\.[0-4]\.(date|time|km|location|fileId)$/.test(path);

const MEDIUM_OPTIONS = DUTY_SLIP_MEDIA.map((m) => ({ value: m, label: SLIP_MEDIUM_LABELS[m] }));

function SlipEditor({
  duty,
  variant,
  recorded,
  medium,
  dutyDate,
}: {
  duty: DutyRef;
  variant: SlipVariant;
  recorded: readonly SlipPoint[];
  medium: string | null;
  dutyDate: string;
}) {
  const initial = useMemo(() => slipFormValues(recorded, dutyDate, medium), [recorded, dutyDate, medium]);
  // Read once: the editor is keyed by the duty's version, so a saved slip starts it afresh.
  const form = useForm<SlipFormValues>({ defaultValues: initial });
  const [problem, setProblem] = useState<string>();
  const refresh = useRefreshBookings();
  const record = useMutation(trpc.booking.recordSlip.mutationOptions({ onSuccess: () => refresh() }));

  const submit = form.handleSubmit(async (values) => {
    setProblem(undefined);
    form.clearErrors();
    const request = slipRequest(values);
    if (!request.ok) {
      for (const [path, message] of Object.entries(request.problems)) {
        if (isSlipPath(path)) form.setError(path, { type: 'validation', message });
        else setProblem(message);
      }
      return;
    }
    try {
      await record.mutateAsync({
        id: duty.id,
        variant,
        points: request.points,
        medium: request.medium,
        version: duty.version,
      });
      showToast(
        `The ${variant === 'SALES' ? 'customer' : 'supplier'} slip of duty ${dutyNumber(duty.bookingNo)} is recorded.`,
      );
    } catch (error) {
      let placed = false;
      for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
        const at = slipErrorPath(path, request.rows);
        if (!at || !isSlipPath(at)) continue;
        form.setError(at, { type: 'server', message });
        placed = true;
      }
      if (!placed) setProblem(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Duty slip form">
        <Stack gap="xs">
          {problem ? <Alert color="red">{problem}</Alert> : null}
          <Group gap="sm" wrap="nowrap" aria-hidden>
            <Text w={170} size="xs" c="dimmed">
              Point
            </Text>
            <SimpleGrid cols={5} style={{ flex: 1 }}>
              {['Date', 'Time (HH:MM)', 'Km (odometer)', 'Location', 'Photo'].map((header) => (
                <Text key={header} size="xs" c="dimmed">
                  {header}
                </Text>
              ))}
            </SimpleGrid>
          </Group>
          {initial.points.map((row, index) => (
            <Group
              key={row.point}
              role="group"
              aria-label={SLIP_POINT_LABELS[row.point]}
              align="flex-start"
              gap="sm"
              wrap="nowrap"
            >
              <Text w={170} pt={8} size="sm" fw={500}>
                {SLIP_POINT_LABELS[row.point]}
              </Text>
              <SimpleGrid cols={5} style={{ flex: 1 }}>
                <DateField name={`points.${index}.date`} label="Date" hideLabel />
                <TextField name={`points.${index}.time`} label="Time" hideLabel placeholder="HH:MM" />
                <TextField name={`points.${index}.km`} label="Km" hideLabel placeholder="Odometer" />
                <TextField name={`points.${index}.location`} label="Location" hideLabel />
                <SlipPhotoField index={index} label={SLIP_POINT_LABELS[row.point]} />
              </SimpleGrid>
            </Group>
          ))}
          <Group justify="space-between" align="flex-end">
            <SelectField name="medium" label="Slip received by" data={MEDIUM_OPTIONS} />
            <Button {...keepsFocus} type="submit" loading={record.isPending}>
              Save slip
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

function RecordedSlip({ points }: { points: readonly SlipPoint[] }) {
  // A slip's photos open for whoever may see slips (view_duty_slip), not everyone who sees the duty.
  const seesPhotos = usePermissions()?.has('view_duty_slip') ?? false;
  if (points.length === 0) return <Text c="dimmed">No slip recorded.</Text>;
  return (
    <Table fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Point</Table.Th>
          <Table.Th>Date and time</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Km</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Photo</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {points.map((p) => (
          <Table.Tr key={p.point}>
            <Table.Td>{SLIP_POINT_LABELS[p.point]}</Table.Td>
            <Table.Td>{dateTimeText(p.at)}</Table.Td>
            <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {p.km.toString()}
            </Table.Td>
            <Table.Td>{p.location || '—'}</Table.Td>
            <Table.Td>
              {p.fileId && seesPhotos ? (
                <SlipPhotoLink fileId={p.fileId} label={SLIP_POINT_LABELS[p.point]} />
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The slip section of a duty's page; editable while the duty may be closed by this person. */
export function SlipSection({
  duty,
  view,
  editable,
}: {
  duty: DutyRef;
  view: BookingView;
  /** Recording and closing: a slip is recorded from allotment until the duty is closed, the same span closing is offered in. */
  editable: boolean;
}) {
  const [variant, setVariant] = useState<SlipVariant>('SALES');
  const refresh = useRefreshBookings();
  const close = useMutation(
    trpc.booking.close.mutationOptions({
      onSuccess: ({ booking, charges }) => {
        showToast(`Duty ${dutyNumber(booking.bookingNo)} is closed: ${rupees(charges.total)}.`);
        return refresh();
      },
      onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    }),
  );
  const recorded = variant === 'SALES' ? view.salesSlip : view.purchaseSlip;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Duty slip</Title>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            Received by: {slipMediumText(view.booking.slipMedium)}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Slip for"
            value={variant}
            onChange={(v) => setVariant(v === 'PURCHASE' ? 'PURCHASE' : 'SALES')}
            data={[
              { value: 'SALES', label: 'Customer (sales)' },
              { value: 'PURCHASE', label: 'Supplier (purchase)' },
            ]}
          />
        </Group>
      </Group>
      {editable ? (
        <Stack gap="md">
          <SlipEditor
            key={`${variant}:${view.booking.version}`}
            duty={duty}
            variant={variant}
            recorded={recorded}
            medium={view.booking.slipMedium}
            dutyDate={view.booking.startDate}
          />
          <Group justify="flex-end">
            <Button
              color="green"
              loading={close.isPending}
              disabled={view.salesSlip.length === 0}
              onClick={() => close.mutate({ id: duty.id, version: duty.version })}
            >
              Close duty
            </Button>
          </Group>
          {view.salesSlip.length === 0 ? (
            <Text size="xs" c="dimmed" ta="right">
              Save the customer slip (at least duty start and end) to close the duty.
            </Text>
          ) : null}
        </Stack>
      ) : (
        <RecordedSlip points={recorded} />
      )}
    </Paper>
  );
}
