// The driver's duties: today's (and any earlier one still open), upcoming, and past, each a card to tap,
// showing what the phone has recorded even before the office has heard of it.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { dateTimeText, dutyNumber, statusColour, statusLabel } from '../../features/duties/duty-format';
import { alone, driverClient } from '../api/client';
import { failureOf } from '../api/failure';
import { dutiesQuery } from '../api/queries';
import type { DriverDuty, DutiesWhen } from '../api/types';
import { withOutbox } from '../offline/optimistic';
import { useOnline, useOutboxEntries, useRuntime, useSession } from '../runtime-context';
import { PageHeader } from './page-header';

const TABS: { value: DutiesWhen; label: string; empty: string }[] = [
  {
    value: 'TODAY',
    label: 'Today',
    empty: 'No duties today. New duties appear here when the office allots them.',
  },
  { value: 'UPCOMING', label: 'Upcoming', empty: 'No upcoming duties yet.' },
  { value: 'PAST', label: 'Past', empty: 'No past duties.' },
];

export function DutyListPage({ when }: { when: DutiesWhen }) {
  const { snapshots } = useRuntime();
  const navigate = useNavigate();
  const duties = useQuery(dutiesQuery(snapshots, when));
  const entries = useOutboxEntries();
  const tab = TABS.find((t) => t.value === when) ?? TABS[0]!;
  const shown = (duties.data?.items ?? []).map((duty) => withOutbox(duty, entries));

  return (
    <>
      <PageHeader title="Your duties" actions={<AccountMenu />} />
      <Stack gap="md" p="md" pb="xl">
        <SegmentedControl
          fullWidth
          size="md"
          value={when}
          onChange={(value) => navigate({ to: '/', search: { when: value } })}
          data={TABS.map((t) => ({ value: t.value, label: t.label }))}
          aria-label="Which duties"
        />
        {duties.isPending ? (
          <Stack gap="sm">
            <Skeleton h={96} radius="md" />
            <Skeleton h={96} radius="md" />
          </Stack>
        ) : duties.isError ? (
          <Alert color="red" title="Your duties could not be loaded">
            <Stack gap="xs">
              <Text size="sm">{failureOf(duties.error).message}</Text>
              <Button size="md" variant="white" onClick={() => void duties.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {tab.empty}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" aria-label="Duties" p={0} m={0} style={{ listStyle: 'none' }}>
            {shown.map(({ duty, waiting, refused }) => (
              <DutyCard key={duty.id} duty={duty} waiting={waiting.length} refused={refused.length} />
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}

function DutyCard({ duty, waiting, refused }: { duty: DriverDuty; waiting: number; refused: number }) {
  return (
    <li>
      <Card
        component={Link}
        to={`/duty/${duty.id}`}
        withBorder
        radius="md"
        padding="md"
        aria-label={`Duty ${dutyNumber(duty.bookingNo)}`}
      >
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={700} size="lg">
            {duty.reportingAt ? dateTimeText(duty.reportingAt) : duty.startDate}
          </Text>
          <Badge color={statusColour(duty.status)} size="lg" variant="light" data-testid="duty-status">
            {statusLabel(duty.status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Duty {dutyNumber(duty.bookingNo)} · {duty.dutyTypeName}
        </Text>
        {duty.reportingAddress ? (
          <Text mt={4} lineClamp={2}>
            {duty.reportingAddress}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {duty.customerName}
          {duty.passengers[0] ? ` · ${duty.passengers[0].name}` : ''}
        </Text>
        {waiting > 0 || refused > 0 ? (
          <Group gap="xs" mt="xs">
            {waiting > 0 ? <Badge color="yellow">{waiting} waiting for network</Badge> : null}
            {refused > 0 ? <Badge color="red">{refused} not recorded</Badge> : null}
          </Group>
        ) : null}
      </Card>
    </li>
  );
}

/** The driver's name, and signing out (online only: the server ends the session). */
function AccountMenu() {
  const { session, queryClient, snapshots, outbox } = useRuntime();
  const signedIn = useSession();
  const online = useOnline();
  const entries = useOutboxEntries();
  const waiting = entries.filter((entry) => !entry.refusal && entry.act.kind !== 'locations').length;
  const signOut = useMutation({
    mutationFn: async () => {
      // What can still go, goes with this session.
      await outbox.flush();
      return driverClient.auth.logout.mutate(undefined, alone);
    },
    onSettled: async (_data, error) => {
      if (error && failureOf(error).httpStatus === undefined) return;
      queryClient.clear();
      await snapshots.clear();
      session.signedOut();
    },
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="white" size="sm" aria-label="Account">
          {signedIn?.name.split(' ')[0] || 'Account'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {signedIn?.name} · {signedIn?.phone}
        </Menu.Label>
        {waiting > 0 ? (
          <Menu.Label c="orange">
            {waiting} not sent yet: they go when you sign in again on this phone.
          </Menu.Label>
        ) : null}
        <Menu.Item disabled={!online || signOut.isPending} onClick={() => signOut.mutate()}>
          {online ? 'Sign out' : 'Sign out (needs the network)'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
