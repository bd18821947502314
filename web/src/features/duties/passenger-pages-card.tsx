// On a duty's page: what its passenger said — the digital slip's approval (waiting, accepted with a
// signature, rejected with a reason, or accepted for want of an answer), flagged when the slip changed
// after the answer, and the passenger's feedback.
import { SLIP_APPROVAL_LABELS, type SlipApprovalState } from '@fleet/domain';
import { Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BookingView } from './booking-types';
import { dateTimeText } from './duty-format';
import { SlipPhotoLink } from './slip-photo';

const STATE_COLOURS: Record<SlipApprovalState, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  REJECTED: 'red',
  AUTO_ACCEPTED: 'teal',
};

function SlipApproval({ approval }: { approval: NonNullable<BookingView['slipApproval']> }) {
  return (
    <Stack gap="xs" aria-label="Passenger’s approval of the slip">
      <Group gap="sm">
        <Badge color={STATE_COLOURS[approval.state]}>{SLIP_APPROVAL_LABELS[approval.state]}</Badge>
        <Text size="sm" c="dimmed">
          {approval.state === 'PENDING'
            ? `Counts as accepted at ${dateTimeText(approval.dueAt)}`
            : dateTimeText(approval.answeredAt)}
        </Text>
        {approval.signatureFileId ? (
          <SlipPhotoLink fileId={approval.signatureFileId} label="the passenger’s signature" />
        ) : null}
      </Group>
      {approval.reason ? <Text size="sm">Passenger’s reason: {approval.reason}</Text> : null}
      {approval.changedSinceAnswer ? (
        <Alert color="orange" p="xs" role="alert">
          Changed after the passenger’s answer: the slip no longer matches what the passenger{' '}
          {approval.state === 'AUTO_ACCEPTED' ? 'was taken to accept' : 'answered'}.
        </Alert>
      ) : null}
      {approval.contentHash ? (
        <Text size="xs" c="dimmed">
          Fingerprint as answered: <Code>{approval.contentHash.slice(0, 16)}…</Code>
        </Text>
      ) : null}
    </Stack>
  );
}

function Feedback({ feedback }: { feedback: NonNullable<BookingView['feedback']> }) {
  return (
    <Stack gap={6} aria-label="Passenger’s feedback">
      <Text size="sm" c="dimmed">
        {feedback.formName} · {dateTimeText(feedback.answeredAt)}
      </Text>
      {feedback.answers.map((answer, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the answers, in the form's fixed order
        <Stack key={`${answer.label}-${i}`} gap={0}>
          <Text size="xs" c="dimmed">
            {answer.label}
          </Text>
          <Text size="sm">{answer.values.join(', ') || '—'}</Text>
        </Stack>
      ))}
    </Stack>
  );
}

export function PassengerPagesCard({ view }: { view: BookingView }) {
  if (!view.slipApproval && !view.feedback) return null;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        From the passenger
      </Title>
      <Stack gap="md">
        {view.slipApproval ? <SlipApproval approval={view.slipApproval} /> : null}
        {view.feedback ? <Feedback feedback={view.feedback} /> : null}
      </Stack>
    </Paper>
  );
}
