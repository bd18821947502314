// The duty's driver chat over WhatsApp on its page: each conversation (one per driver it was allotted
// to) with its flow status, the messages as bubbles with their ticks, a composer while the driver's
// 24-hour window is open (WhatsApp allows only the duty template after it: "Re-send duty"), and
// resolve. Writing needs send_duty_info; the messaging service enforces the same.
import type { BookingStatus } from '@fleet/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { flowBadge } from './driver-chat-flow';
import { dateTimeText } from './duty-format';

interface ChatMessageView {
  id: string;
  direction: string;
  kind: string;
  text: string;
  status: string;
  error: string | null;
  createdAt: Date | null;
}

interface ConversationView {
  id: string;
  driverName: string;
  driverPhone: string;
  flowStatus: string;
  windowOpenUntil: Date | null;
  fallbackMessageId: string | null;
  resolvedAt: Date | null;
  messages: ChatMessageView[];
}

/** WhatsApp's ticks: one when sent, two when delivered, two blue when read. */
function Ticks({ message }: { message: ChatMessageView }) {
  if (message.direction === 'IN') return null;
  const ticks: Record<string, { mark: string; color: string; label: string }> = {
    QUEUED: { mark: '◷', color: 'dimmed', label: 'Queued' },
    SENT: { mark: '✓', color: 'dimmed', label: 'Sent' },
    DELIVERED: { mark: '✓✓', color: 'dimmed', label: 'Delivered' },
    READ: { mark: '✓✓', color: 'blue', label: 'Read' },
    FAILED: { mark: '!', color: 'red', label: `Failed${message.error ? `: ${message.error}` : ''}` },
  };
  const tick = ticks[message.status];
  if (!tick) return null;
  return (
    <Text span size="xs" c={tick.color} title={tick.label} aria-label={tick.label} ml={6}>
      {tick.mark}
    </Text>
  );
}

function Bubble({ message }: { message: ChatMessageView }) {
  const out = message.direction === 'OUT';
  return (
    <Group justify={out ? 'flex-end' : 'flex-start'} data-testid="chat-message">
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        bg={out ? 'var(--mantine-color-green-light)' : 'var(--mantine-color-gray-light)'}
      >
        {message.kind === 'TEMPLATE' ? (
          <Text size="xs" c="dimmed">
            Duty template
          </Text>
        ) : null}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.text}
        </Text>
        <Text size="xs" c="dimmed" ta="right">
          {message.createdAt ? dateTimeText(message.createdAt) : ''}
          <Ticks message={message} />
        </Text>
      </Paper>
    </Group>
  );
}

function Conversation({
  conversation,
  bookingStatus,
  mayWrite,
  onChanged,
}: {
  conversation: ConversationView;
  bookingStatus: BookingStatus | undefined;
  mayWrite: boolean;
  onChanged: () => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const windowOpen = !!conversation.windowOpenUntil && conversation.windowOpenUntil.getTime() > Date.now();
  const flow = flowBadge(conversation.flowStatus, bookingStatus);
  const send = useMutation({
    mutationFn: (input: { kind: 'TEXT'; text: string } | { kind: 'RESEND_DUTY' }) =>
      trpcClient.chat.send.mutate({ conversationId: conversation.id, ...input }),
    onSuccess: (_sent, input) => {
      if (input.kind === 'TEXT') setText('');
      else showToast('The duty is on its way to the driver again.');
      setProblem(undefined);
    },
    onError: (error) => {
      const field = fieldErrorsOf(error).text;
      if (field) setProblem(field);
      else showToast(errorMessage(error), 'alert-danger');
    },
    onSettled: onChanged,
  });
  const resolve = useMutation({
    mutationFn: () => trpcClient.chat.resolve.mutate({ conversationId: conversation.id }),
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    onSettled: onChanged,
  });

  return (
    <Stack gap="xs" data-testid="driver-chat">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {conversation.driverName || 'Driver'} · {conversation.driverPhone}
        </Text>
        <Badge color={flow.color} data-testid="chat-flow-status">
          {flow.label}
        </Badge>
      </Group>
      {conversation.fallbackMessageId ? (
        <Text size="xs" c="dimmed">
          Chat could not reach the driver, so the duty went by SMS (see the message log).
        </Text>
      ) : null}
      <Stack gap={6}>
        {conversation.messages.map((message) => (
          <Bubble key={message.id} message={message} />
        ))}
      </Stack>
      {mayWrite ? (
        windowOpen ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (text.trim()) send.mutate({ kind: 'TEXT', text });
            }}
          >
            <Stack gap={4}>
              <Textarea
                aria-label="Message to the driver"
                placeholder="Write to the driver"
                autosize
                minRows={1}
                maxRows={4}
                maxLength={4096}
                value={text}
                error={problem}
                onChange={(event) => setText(event.currentTarget.value)}
              />
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  Free text until{' '}
                  {conversation.windowOpenUntil ? dateTimeText(conversation.windowOpenUntil) : ''}
                </Text>
                <Group gap="xs">
                  {!conversation.resolvedAt ? (
                    <Button
                      size="xs"
                      variant="default"
                      loading={resolve.isPending}
                      onClick={() => resolve.mutate()}
                    >
                      Resolve
                    </Button>
                  ) : null}
                  <Button size="xs" type="submit" loading={send.isPending} disabled={!text.trim()}>
                    Send
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              The driver has not written in the last 24 hours: WhatsApp allows only the duty template.
            </Text>
            <Group gap="xs">
              {!conversation.resolvedAt ? (
                <Button
                  size="xs"
                  variant="default"
                  loading={resolve.isPending}
                  onClick={() => resolve.mutate()}
                >
                  Resolve
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="light"
                loading={send.isPending}
                onClick={() => send.mutate({ kind: 'RESEND_DUTY' })}
              >
                Re-send duty
              </Button>
            </Group>
          </Group>
        )
      ) : null}
    </Stack>
  );
}

export function DriverChatCard({
  bookingId,
  permissions,
}: {
  bookingId: string;
  permissions: ReadonlySet<string>;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(trpc.chat.forBooking.queryOptions({ bookingId }));
  // The duty's page has it already (the same query, from the cache): where the trip stands now.
  const bookingStatus = useQuery(trpc.booking.get.queryOptions({ id: bookingId })).data?.booking.status;
  const conversations: ConversationView[] = query.data?.conversations ?? [];
  if (!conversations.length) return null;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.chat.forBooking.queryKey({ bookingId }) });
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Driver chat</Title>
        <Button size="xs" variant="subtle" onClick={() => void refresh()}>
          Refresh
        </Button>
      </Group>
      <Stack gap="lg">
        {conversations.map((conversation) => (
          <Conversation
            key={conversation.id}
            conversation={conversation}
            bookingStatus={bookingStatus}
            mayWrite={permissions.has('send_duty_info')}
            onChanged={() => void refresh()}
          />
        ))}
      </Stack>
    </Paper>
  );
}
