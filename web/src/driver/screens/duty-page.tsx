// One duty on the phone: when and where to report, who to pick up (a tap calls them), the vehicle and the
// office's remark; accepting or rejecting it; the checklist and expenses; the trip's next events as big
// buttons; and the slip so far. What waits in the outbox is already shown applied, and counted.
import { type SlipPointKey, TRIP_EVENT_RULES, type TripEvent } from '@fleet/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import {
  dateTimeText,
  dutyNumber,
  rupees,
  statusColour,
  statusLabel,
  timeText,
} from '../../features/duties/duty-format';
import { failureOf } from '../api/failure';
import { dutyQuery } from '../api/queries';
import { newActId } from '../offline/act-id';
import { withOutbox } from '../offline/optimistic';
import { useOutboxEntries, useRuntime } from '../runtime-context';
import { ExpenseForm } from './expense-form';
import { RefusedActs, WaitingNotice } from './outbox-notice';
import { PageHeader } from './page-header';
import { RejectForm } from './reject-form';
import { TripEventForm } from './trip-event-form';
import { useSubmitAct } from './use-submit-act';

const POINT_LABELS: Readonly<Record<SlipPointKey, string>> = {
  GARAGE_START: 'Left garage',
  ARRIVAL: 'Arrived at pickup',
  DUTY_START: 'Duty start',
  DUTY_END: 'Duty end',
  GARAGE_END: 'Back at garage',
};
/** Statuses in which a driver may still add an expense (the server decides; this only hides the button). */
const OVER = ['CLOSED', 'CANCELLED', 'CANCELLATION_NO_SHOW', 'UNFULFILLED', 'DRIVER_REJECTED'];

type OpenForm =
  | { kind: 'event'; event: TripEvent }
  | { kind: 'expense'; itemId?: string }
  | { kind: 'reject' };

const mapsLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export function DutyPage({ dutyId }: { dutyId: string }) {
  const { snapshots } = useRuntime();
  const read = useQuery(dutyQuery(snapshots, dutyId));
  const entries = useOutboxEntries();
  const back = (
    <Button
      component={Link}
      to="/"
      variant="white"
      size="md"
      px="sm"
      fz={24}
      aria-label="Back to your duties"
    >
      ‹
    </Button>
  );

  if (read.isPending) {
    return (
      <>
        <PageHeader title="Duty" back={back} />
        <Stack p="md" gap="sm">
          <Skeleton h={120} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      </>
    );
  }
  if (read.isError) {
    const failure = failureOf(read.error);
    return (
      <>
        <PageHeader title="Duty" back={back} />
        <Stack p="md">
          <Alert color="red" title="This duty could not be opened">
            <Stack gap="xs">
              <Text size="sm">
                {failure.httpStatus === 404
                  ? 'It is not allotted to you any more. Ask the office if you think it should be.'
                  : failure.message}
              </Text>
              <Button variant="white" onClick={() => void read.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </>
    );
  }
  const { duty, waiting, refused } = withOutbox(read.data, entries);
  return (
    <>
      <PageHeader title={`Duty ${dutyNumber(duty.bookingNo)}`} back={back} />
      <DutyDetails duty={duty} waiting={waiting} refused={refused} />
    </>
  );
}

function DutyDetails({ duty, waiting, refused }: ReturnType<typeof withOutbox>) {
  const submit = useSubmitAct();
  const { outbox } = useRuntime();
  /** Opening the maps is kept as the duty's NAVIGATION_START; the link opens whatever the network. */
  const navigating = (to: 'PICKUP' | 'DROP') => () => {
    void outbox.enqueue(
      { kind: 'navigation', input: { id: duty.id, clientActionId: newActId(), at: new Date(), to } },
      [],
    );
  };
  const [form, setForm] = useState<OpenForm | null>(null);
  const [told, setTold] = useState<string>();
  const [accepting, setAccepting] = useState(false);
  const closeForm = (message?: string) => {
    setForm(null);
    if (message) setTold(message);
  };

  async function accept() {
    setAccepting(true);
    const result = await submit({
      kind: 'answer',
      input: { id: duty.id, clientActionId: newActId(), at: new Date(), answer: 'ACCEPT' },
    });
    setAccepting(false);
    setTold(
      result.kind === 'refused'
        ? result.refusal.message
        : result.kind === 'sent'
          ? 'You accepted the duty.'
          : 'Your acceptance goes when the network is back.',
    );
  }

  const unfilled = duty.checklist.filter((item) => !item.filled);
  const mayAddExpense = duty.addableItems.length > 0 && !OVER.includes(duty.status);
  return (
    <Stack gap="md" p="md" pb="xl">
      {told ? (
        <Alert color="blue" withCloseButton onClose={() => setTold(undefined)} data-testid="told">
          {told}
        </Alert>
      ) : null}
      <WaitingNotice waiting={waiting} />
      <RefusedActs refused={refused} duty={duty} />

      <Stack gap={4}>
        <Badge
          color={statusColour(duty.status)}
          size="xl"
          variant="light"
          data-testid="duty-status"
          style={{ alignSelf: 'flex-start' }}
        >
          {statusLabel(duty.status)}
        </Badge>
        <Text size="xl" fw={700}>
          {duty.reportingAt ? dateTimeText(duty.reportingAt) : duty.startDate}
        </Text>
        <Text c="dimmed" size="sm">
          {duty.dutyTypeName} · {duty.customerName}
        </Text>
      </Stack>

      {duty.mayAccept ? (
        <Group grow>
          <Button size="xl" color="green" loading={accepting} onClick={() => void accept()}>
            Accept
          </Button>
          {duty.mayReject ? (
            <Button size="xl" color="red" variant="light" onClick={() => setForm({ kind: 'reject' })}>
              Reject
            </Button>
          ) : null}
        </Group>
      ) : null}

      {duty.checklist.length > 0 && !OVER.includes(duty.status) ? (
        <Section title="Before you start">
          <Stack gap="xs" role="list" aria-label="Checklist">
            {duty.checklist.map((item) => (
              <Group key={item.billingItemId} justify="space-between" role="listitem">
                <Text>
                  {item.filled ? '✓ ' : ''}
                  {item.name}
                </Text>
                {item.filled ? (
                  <Text c="green" size="sm">
                    Done
                  </Text>
                ) : (
                  <Button
                    size="md"
                    variant="light"
                    onClick={() => setForm({ kind: 'expense', itemId: item.billingItemId })}
                  >
                    Fill in
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Section>
      ) : null}

      {duty.tripEvents.length > 0 ? (
        <Stack gap="sm" role="group" aria-label="Next on the trip">
          {unfilled.length > 0 && duty.tripEvents.includes('DUTY_START') ? (
            <Text size="sm" c="orange">
              Fill in {unfilled.map((item) => item.name).join(', ')} before starting the duty.
            </Text>
          ) : null}
          {duty.tripEvents.map((event, index) => (
            <Button
              key={event}
              size="xl"
              fullWidth
              variant={index === 0 ? 'filled' : 'light'}
              color={event === 'DUTY_START_NO_SHOW' ? 'orange' : 'blue'}
              onClick={() => setForm({ kind: 'event', event })}
            >
              {TRIP_EVENT_RULES[event].label}
            </Button>
          ))}
        </Stack>
      ) : null}

      <Section title="Pickup">
        <Text fw={600}>{duty.reportingAddress || 'No address given: call the office.'}</Text>
        {duty.reportingAddress ? (
          <Anchor
            href={mapsLink(duty.reportingAddress)}
            target="_blank"
            rel="noreferrer"
            size="sm"
            onClick={navigating('PICKUP')}
          >
            Open in maps
          </Anchor>
        ) : null}
        {duty.dropAddress ? (
          <>
            <Text size="sm" c="dimmed" mt="sm">
              Drop
            </Text>
            <Text>{duty.dropAddress}</Text>
            <Anchor
              href={mapsLink(duty.dropAddress)}
              target="_blank"
              rel="noreferrer"
              size="sm"
              onClick={navigating('DROP')}
            >
              Open in maps
            </Anchor>
          </>
        ) : null}
      </Section>

      <Section title="Passengers">
        <Stack gap="xs">
          {duty.passengers.map((passenger) => (
            <Group key={`${passenger.name}|${passenger.phone}`} justify="space-between" wrap="nowrap">
              <div>
                <Text>{passenger.name}</Text>
                {passenger.phone ? (
                  <Text size="sm" c="dimmed">
                    {passenger.phone}
                  </Text>
                ) : null}
              </div>
              {passenger.phone ? (
                <Button
                  component="a"
                  href={`tel:${passenger.phone}`}
                  size="lg"
                  variant="light"
                  aria-label={`Call ${passenger.name}, ${passenger.phone}`}
                >
                  Call
                </Button>
              ) : null}
            </Group>
          ))}
          {duty.bookedBy?.name ? (
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                Booked by {duty.bookedBy.name}
              </Text>
              {duty.bookedBy.phone ? (
                <Button
                  component="a"
                  href={`tel:${duty.bookedBy.phone}`}
                  size="md"
                  variant="subtle"
                  aria-label={`Call ${duty.bookedBy.name}, ${duty.bookedBy.phone}`}
                >
                  Call
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Section>

      <Section title="Vehicle">
        <Text fw={600}>{duty.vehicleNo ?? 'Not given yet'}</Text>
        {duty.remark ? (
          <Text size="sm" mt="xs">
            Remark: {duty.remark}
          </Text>
        ) : null}
      </Section>

      {duty.billingItems.length > 0 || mayAddExpense ? (
        <Section title="Expenses">
          {duty.billingItems.length > 0 ? (
            <List spacing={4} mb="sm" aria-label="Expenses">
              {duty.billingItems.map((item) => (
                <List.Item key={item.id}>
                  {item.name}: {rupees(item.amount)}
                </List.Item>
              ))}
            </List>
          ) : null}
          {mayAddExpense ? (
            <Button size="lg" variant="light" fullWidth onClick={() => setForm({ kind: 'expense' })}>
              Add expense
            </Button>
          ) : null}
        </Section>
      ) : null}

      {duty.slipPoints.length > 0 ? (
        <Section title="Slip">
          <Table aria-label="Slip">
            <Table.Tbody>
              {duty.slipPoints.map((point) => (
                <Table.Tr key={point.point}>
                  <Table.Td>{POINT_LABELS[point.point]}</Table.Td>
                  <Table.Td>{point.at ? timeText(point.at) : '—'}</Table.Td>
                  <Table.Td ta="right">{point.km.toString()} km</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {duty.hasCustomerSignature ? (
            <Text size="sm" c="green" mt="xs">
              Signed by the passenger
            </Text>
          ) : null}
        </Section>
      ) : null}

      {duty.mayReject && !duty.mayAccept ? (
        <Button variant="subtle" color="red" size="lg" onClick={() => setForm({ kind: 'reject' })}>
          Reject this duty
        </Button>
      ) : null}

      {form?.kind === 'event' ? <TripEventForm duty={duty} event={form.event} onClose={closeForm} /> : null}
      {form?.kind === 'expense' ? <ExpenseForm duty={duty} itemId={form.itemId} onClose={closeForm} /> : null}
      {form?.kind === 'reject' ? <RejectForm duty={duty} onClose={closeForm} /> : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}
