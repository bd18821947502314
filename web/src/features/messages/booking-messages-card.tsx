// The booking page's "Messages" card: every text, email and push the log holds for this booking, newest
// first, with its status; a row opens the same detail as the log screens. Shown to holders of view_sms.
import { MESSAGE_LOG_PERMISSION } from '@fleet/domain';
import { Anchor, Badge, Button, Center, Paper, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { trpc } from '../../lib/trpc';
import { dateText, timeText } from '../duties/duty-format';
import { MessageDrawer } from './message-detail';
import {
  channelNoun,
  deliveryText,
  messageTypeLabel,
  roleLabel,
  STATUS_LABELS,
  statusColour,
} from './message-format';

function Messages({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState<string>();
  const list = useInfiniteQuery(
    trpc.message.list.infiniteQueryOptions(
      { bookingId, limit: 20 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.messages) ?? [];
  return (
    <Paper withBorder p="md" data-testid="booking-messages">
      <Title order={4} mb="sm">
        Messages
      </Title>
      {list.isError ? (
        <Text size="sm" c="red">
          {list.error.message}
        </Text>
      ) : !list.isLoading && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No texts, emails or pushes for this booking yet.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} highlightOnHover>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {m.createdAt ? `${dateText(m.createdAt)} ${timeText(m.createdAt)}` : ''}
                </Table.Td>
                <Table.Td>
                  <Anchor component="button" size="sm" onClick={() => setOpen(m.id)}>
                    {messageTypeLabel(m.type)} {m.channel === 'SMS' ? 'SMS' : channelNoun(m.channel)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {[roleLabel(m.recipientRole), m.recipientName, m.recipientEmail ?? m.recipientPhone]
                    .filter(Boolean)
                    .join(' · ')}
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color={statusColour(m.status)}>
                    {STATUS_LABELS[m.status] ?? m.status}
                  </Badge>{' '}
                  <Text span size="xs" c="dimmed">
                    {deliveryText(m)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.hasNextPage ? (
        <Center pt="xs">
          <Button
            size="xs"
            variant="light"
            loading={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
      <MessageDrawer id={open} onClose={() => setOpen(undefined)} onOpen={setOpen} />
    </Paper>
  );
}

export function BookingMessagesCard({ bookingId }: { bookingId: string }) {
  const permissions = usePermissions();
  if (!permissions?.has(MESSAGE_LOG_PERMISSION)) return null;
  return <Messages bookingId={bookingId} />;
}
