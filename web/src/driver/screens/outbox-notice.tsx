// What of a duty has not reached the office yet: how many acts wait for the network (applied to what
// the screen shows already), and each act the server refused, in its words, until the driver has read it.
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { DriverDuty } from '../api/types';
import type { DriverAct } from '../offline/driver-acts';
import type { QueueEntry } from '../offline/queue';
import { useOnline, useRuntime } from '../runtime-context';
import { describeAct } from './describe-act';

const acts = (n: number) => (n === 1 ? '1 act' : `${n} acts`);

export function WaitingNotice({ waiting }: { waiting: readonly QueueEntry<DriverAct>[] }) {
  const online = useOnline();
  const { outbox } = useRuntime();
  if (waiting.length === 0) return null;
  const stuck = !online || waiting.some((entry) => entry.attempts > 0);
  return (
    <Alert color={stuck ? 'yellow' : 'blue'} data-testid="waiting-acts">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {stuck ? `${waiting.length} waiting for network` : `Sending ${acts(waiting.length)}…`}
        </Text>
        {online && stuck ? (
          <Button size="xs" variant="white" onClick={() => void outbox.flush()}>
            Send now
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

export function RefusedActs({
  refused,
  duty,
}: {
  refused: readonly QueueEntry<DriverAct>[];
  duty: DriverDuty;
}) {
  const { outbox } = useRuntime();
  if (refused.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="refused-acts">
      {refused.map((entry) => (
        <Alert key={entry.seq} color="red" title={`Not recorded: ${describeAct(entry.act, duty)}`}>
          <Stack gap="xs">
            <Text size="sm">{entry.refusal?.message}</Text>
            {Object.keys(entry.refusal?.fieldErrors ?? {}).length > 1 ? (
              <List size="sm">
                {Object.entries(entry.refusal?.fieldErrors ?? {}).map(([field, message]) => (
                  <List.Item key={field}>{message}</List.Item>
                ))}
              </List>
            ) : null}
            <Button size="sm" variant="light" color="red" onClick={() => void outbox.dismiss(entry.seq)}>
              I have read this
            </Button>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
