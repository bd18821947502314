import { Button, Card, Group, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { describeAuditEntry } from './audit-text';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** The operator's audit log, newest first: masquerades, and changes of people's sign-in phones and access. */
export function AuditLog() {
  const log = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(
      { limit: 20 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  if (!log.data) return null;
  const entries = log.data.pages.flatMap((page) => page.entries);
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        Audit log
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has acted as another user or changed anyone’s sign-in phone or permissions yet.
        </Text>
      ) : (
        <Table fz="sm" data-testid="audit-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>About whom</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>From</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{entry.at ? dateTime.format(entry.at) : ''}</Table.Td>
                <Table.Td>
                  {entry.actorName}
                  {entry.asName ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      acting as {entry.asName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{entry.subjectName}</Table.Td>
                <Table.Td>{describeAuditEntry(entry)}</Table.Td>
                <Table.Td>{entry.ip}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {log.hasNextPage ? (
        <Group justify="center" mt="xs">
          <Button
            variant="subtle"
            size="xs"
            loading={log.isFetchingNextPage}
            onClick={() => log.fetchNextPage()}
          >
            Show older entries
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
