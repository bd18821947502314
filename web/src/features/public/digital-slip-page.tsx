// /digital-duty-slip/$token: the passenger's digital duty slip, opened from the texted link with no
// sign-in and no app shell, made for a phone. It shows the trip's points with their times and km, the
// totals, the billing items, the charges when the customer shows them and the tracked route; the
// passenger accepts it with a signature or rejects it with a reason, once, and then sees the answer with
// the slip's fingerprint. A passenger who signed on the driver's phone sees that, and when, and accepts
// without signing again.
import { SLIP_APPROVAL_LABELS, type SlipApprovalState } from '@fleet/domain';
import type { AppRouter } from '@fleet/gateway';
import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { lazy, Suspense, useState } from 'react';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { durationText, dutyNumber, rupees } from '../duties/duty-format';
import { SLIP_POINT_LABELS, SLIP_POINT_NAMES } from '../duties/slip-values';
import { SignatureBox } from './signature-box';

const RouteMap = lazy(() => import('./route-map'));

type Slip = inferRouterOutputs<AppRouter>['publicSlip']['get'];

const STATE_COLOURS: Record<SlipApprovalState, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  REJECTED: 'red',
  AUTO_ACCEPTED: 'teal',
};

const pointLabel = (point: string) => SLIP_POINT_NAMES.find((name) => name === point) ?? undefined;

/** Date and time on the operator's clock, DD/MM/YYYY HH:MM. */
function timesIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZone || 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at: Date | null) => (at ? format.format(at).replace(',', '') : '—');
}

/** The fingerprint in groups of eight, so a person can read it out or compare it. */
const fingerprintText = (hash: string) => hash.match(/.{1,8}/g)?.join(' ') ?? '';

export function PublicFrame({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <Container size={560} px="sm" py="lg">
      <Stack gap="md">
        {title ? (
          <Title order={1} size="h3">
            {title}
          </Title>
        ) : null}
        {children}
      </Stack>
    </Container>
  );
}

export function LinkProblem({ error }: { error: unknown }) {
  return (
    <PublicFrame>
      <Alert color="orange" title="This link cannot be opened" role="alert">
        {errorMessage(error)}
      </Alert>
    </PublicFrame>
  );
}

function SlipFacts({ slip }: { slip: Slip }) {
  const at = timesIn(slip.timeZone);
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Table aria-label="Trip points" verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Point</Table.Th>
              <Table.Th>Date and time</Table.Th>
              <Table.Th ta="right">Km</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slip.points.map((p) => {
              const name = pointLabel(p.point);
              return (
                <Table.Tr key={p.point}>
                  <Table.Td>{name ? SLIP_POINT_LABELS[name] : p.point}</Table.Td>
                  <Table.Td>{at(p.at)}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {p.km.toFixed(1)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" mt="sm" px="xs">
          <Text size="sm" fw={600}>
            Total
          </Text>
          <Text size="sm" fw={600} aria-label="Total distance and time">
            {slip.totalKm.toFixed(1)} km · {durationText(slip.totalMinutes)}
          </Text>
        </Group>
      </Paper>

      {slip.billingItems.length ? (
        <Paper withBorder p="sm">
          <Title order={2} size="h5" mb="xs">
            Billing items
          </Title>
          <Stack gap={4} role="list" aria-label="Billing items">
            {slip.billingItems.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the slip's lines, in a fixed order
              <Group key={`${item.name}-${i}`} justify="space-between" role="listitem">
                <Text size="sm">{item.name}</Text>
                <Text size="sm">{rupees(item.amount)}</Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}

      {slip.chargesShown && slip.chargesTotal ? (
        <Paper withBorder p="sm">
          <Title order={2} size="h5" mb="xs">
            Charges
          </Title>
          <Stack gap={4} role="list" aria-label="Charges">
            {slip.chargeLines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the slip's lines, in a fixed order
              <Group key={`${line.label}-${i}`} justify="space-between" role="listitem" wrap="nowrap">
                <Text size="sm">
                  {line.label}{' '}
                  <Text span c="dimmed" size="xs">
                    {line.quantity.toString()} {line.unit} × {rupees(line.rate)}
                  </Text>
                </Text>
                <Text size="sm">{rupees(line.amount)}</Text>
              </Group>
            ))}
            <Divider my={4} />
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Total charges
              </Text>
              <Text size="sm" fw={600}>
                {rupees(slip.chargesTotal)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {slip.route.length ? (
        <Paper withBorder p="xs">
          <Suspense fallback={null}>
            <RouteMap route={slip.route} tileUrl={slip.mapTileUrl} />
          </Suspense>
        </Paper>
      ) : null}
    </Stack>
  );
}

function Answer({ token, slip }: { token: string; slip: Slip }) {
  const queryClient = useQueryClient();
  const [signature, setSignature] = useState<string>();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const answer = useMutation(
    trpc.publicSlip.answer.mutationOptions({
      onSuccess: (answered) => queryClient.setQueryData(trpc.publicSlip.get.queryKey({ token }), answered),
    }),
  );
  const fieldErrors = fieldErrorsOf(answer.error);
  const at = timesIn(slip.timeZone);
  const { approval } = slip;
  const late = approval.dueAt !== null && approval.dueAt.getTime() <= Date.now();

  const signedOnPhone = slip.signedOnDriverPhone;

  if (late) {
    return (
      <Alert color="teal" title="The time to answer has passed">
        No answer came by {at(approval.dueAt)}, so the slip counts as accepted.
      </Alert>
    );
  }
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Is this slip right?
        </Title>
        <Text size="sm" c="dimmed">
          Please answer by {at(approval.dueAt)}; after that it counts as accepted.
        </Text>
        {signedOnPhone ? (
          <SignedOnPhone slip={slip} />
        ) : (
          <SignatureBox onChange={setSignature} error={fieldErrors.signature} />
        )}
        <Button
          color="green"
          size="md"
          loading={answer.isPending && !rejecting}
          disabled={(!signedOnPhone && !signature) || answer.isPending}
          onClick={() => {
            setRejecting(false);
            answer.mutate(
              signedOnPhone ? { token, decision: 'ACCEPT' } : { token, decision: 'ACCEPT', signature },
            );
          }}
        >
          {signedOnPhone ? 'Accept the slip' : 'Accept and sign'}
        </Button>
        <Divider label="or" labelPosition="center" />
        <Textarea
          label="What is wrong with the slip?"
          placeholder="e.g. the garage end km is too high"
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldErrors.reason}
        />
        <Button
          color="red"
          variant="light"
          size="md"
          loading={answer.isPending && rejecting}
          disabled={reason.trim() === '' || answer.isPending}
          onClick={() => {
            setRejecting(true);
            answer.mutate({
              token,
              decision: 'REJECT',
              reason,
              ...(signature && !signedOnPhone ? { signature } : {}),
            });
          }}
        >
          Reject the slip
        </Button>
        {answer.error && (signedOnPhone || !fieldErrors.signature) && !fieldErrors.reason ? (
          <Alert color="red" role="alert">
            {errorMessage(answer.error)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The passenger's signature was taken on the driver's phone: said so, with when, instead of a signing box. */
function SignedOnPhone({ slip }: { slip: Slip }) {
  const at = timesIn(slip.timeZone);
  return (
    <Alert color="green" title="Signed on the driver’s phone" role="status" aria-label="Signature">
      {slip.signedOnDriverPhoneAt
        ? `You signed this slip on the driver’s phone at ${at(slip.signedOnDriverPhoneAt)}.`
        : 'You signed this slip on the driver’s phone.'}{' '}
      There is no need to sign again.
    </Alert>
  );
}

function Answered({ slip }: { slip: Slip }) {
  const at = timesIn(slip.timeZone);
  const { approval } = slip;
  return (
    <Paper withBorder p="sm" role="status" aria-label="Your answer">
      <Stack gap="xs">
        <Group justify="space-between">
          <Badge color={STATE_COLOURS[approval.state]} size="lg">
            {SLIP_APPROVAL_LABELS[approval.state]}
          </Badge>
          <Text size="sm" c="dimmed">
            {at(approval.answeredAt)}
          </Text>
        </Group>
        {approval.reason ? <Text size="sm">Reason: {approval.reason}</Text> : null}
        {slip.signedOnDriverPhone ? (
          <Text size="sm">
            Signed on the driver’s phone
            {slip.signedOnDriverPhoneAt ? ` at ${at(slip.signedOnDriverPhoneAt)}` : ''}.
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Fingerprint of the slip as answered (SHA-256):
        </Text>
        <Code block aria-label="Slip fingerprint" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {fingerprintText(approval.contentHash)}
        </Code>
      </Stack>
    </Paper>
  );
}

export default function DigitalSlipPage() {
  const { token } = useParams({ strict: false });
  const slip = useQuery(
    trpc.publicSlip.get.queryOptions({ token: token ?? '' }, { enabled: Boolean(token) }),
  );
  if (slip.error) return <LinkProblem error={slip.error} />;
  if (!slip.data) {
    return (
      <Center mih="50vh">
        <Text c="dimmed">Opening your duty slip…</Text>
      </Center>
    );
  }
  const data = slip.data;
  return (
    <PublicFrame title={data.operatorName ? `${data.operatorName} — duty slip` : 'Duty slip'}>
      <Stack gap={2}>
        <Text size="sm">
          Booking <b>#{dutyNumber(BigInt(data.bookingNo))}</b>
        </Text>
        {data.passengerName ? <Text size="sm">Passenger: {data.passengerName}</Text> : null}
      </Stack>
      <SlipFacts slip={data} />
      {data.approval.state === 'PENDING' ? (
        <Answer token={token ?? ''} slip={data} />
      ) : (
        <Answered slip={data} />
      )}
    </PublicFrame>
  );
}
