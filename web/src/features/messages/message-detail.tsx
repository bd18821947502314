// One message of the log opened beside the list (or the booking page): the full text, the provider's
// id and error, the delivery report, attachments, who asked for it, the message a resend repeats — and
// Resend, for whoever may send that kind of message.
import { MESSAGE_LOG_PERMISSION, resendPermissionFor } from '@fleet/domain';
import { Alert, Anchor, Badge, Button, Code, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { dateTimeText, dutyNumber } from '../duties/duty-format';
import {
  channelNoun,
  deliveryText,
  messageTypeLabel,
  newResendKey,
  roleLabel,
  STATUS_LABELS,
  statusColour,
} from './message-format';
import type { MessageDetail } from './message-types';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** Whether this person may send this message again. */
export const mayResend = (permissions: ReadonlySet<string> | undefined, type: string) =>
  !!permissions?.has(MESSAGE_LOG_PERMISSION) && permissions.has(resendPermissionFor(type));

function ResendButton({ message, onResent }: { message: MessageDetail; onResent: (id: string) => void }) {
  const queryClient = useQueryClient();
  // One key per intent to resend: kept while the request is in flight or failed, renewed once it is sent.
  const key = useRef(newResendKey());
  const resend = useMutation(
    trpc.message.resend.mutationOptions({
      onSuccess: ({ message: resent }) => {
        key.current = newResendKey();
        showToast(`Sent again to ${resent.recipientName || resent.recipientEmail || resent.recipientPhone}.`);
        void queryClient.invalidateQueries({ queryKey: trpc.message.pathKey() });
        onResent(resent.id);
      },
      onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    }),
  );
  return (
    <Button
      onClick={() => resend.mutate({ id: message.id, idempotencyKey: key.current })}
      loading={resend.isPending}
    >
      Resend
    </Button>
  );
}

function Detail({ message, onOpen }: { message: MessageDetail; onOpen: (id: string) => void }) {
  const permissions = usePermissions();
  const recipient = message.channel === 'EMAIL' ? message.recipientEmail : message.recipientPhone;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={statusColour(message.status)} data-testid="message-status">
          {STATUS_LABELS[message.status] ?? message.status}
        </Badge>
        {deliveryText(message) ? (
          <Badge variant="light" color={message.deliveryStatus === 'UNDELIVERED' ? 'red' : 'gray'}>
            {deliveryText(message)}
          </Badge>
        ) : null}
        {message.resentFromId ? (
          <Anchor component="button" size="sm" onClick={() => onOpen(message.resentFromId ?? '')}>
            Resent from an earlier message
          </Anchor>
        ) : null}
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Fact label="To">
          {[roleLabel(message.recipientRole), message.recipientName, recipient].filter(Boolean).join(' · ')}
        </Fact>
        <Fact label="Booking">
          {message.bookingId && message.bookingNo ? (
            <Anchor component={Link} to={`/duties/booking/${message.bookingId}`} size="sm">
              {dutyNumber(BigInt(message.bookingNo))}
            </Anchor>
          ) : null}
        </Fact>
        <Fact label="Written">{dateTimeText(message.createdAt)}</Fact>
        <Fact label="Sent">{dateTimeText(message.sentAt)}</Fact>
        <Fact label="Provider">{message.provider}</Fact>
        <Fact label="Provider's id">{message.providerMessageId}</Fact>
        <Fact label="Attempts">{String(message.attempts)}</Fact>
        <Fact label="Next try">{message.nextAttemptAt ? dateTimeText(message.nextAttemptAt) : ''}</Fact>
        <Fact label="Delivery report">
          {[deliveryText(message), message.deliveredAt ? dateTimeText(message.deliveredAt) : '']
            .filter(Boolean)
            .join(' · ')}
        </Fact>
        <Fact label="Asked for by">
          {message.requestedByName ?? (message.requestedBy ? 'Someone who has left' : '')}
        </Fact>
        {message.channel === 'SMS' ? (
          <>
            <Fact label="DLT template id">{message.dltTemplateId}</Fact>
            <Fact label="Sender id">{message.senderId}</Fact>
          </>
        ) : null}
      </SimpleGrid>
      {message.error ? (
        <Alert color="red" title="Why the last try failed">
          {message.error}
        </Alert>
      ) : null}
      {message.deliveryError ? (
        <Alert color="orange" title="Why it was not delivered">
          {message.deliveryError}
        </Alert>
      ) : null}
      {message.subject ? (
        <Fact label={message.channel === 'PUSH' ? 'Title' : 'Subject'}>{message.subject}</Fact>
      ) : null}
      <Fact label="Text">
        <Code block data-testid="message-text">
          {message.text}
        </Code>
      </Fact>
      {message.attachmentNames.length ? (
        <Fact label="Attachments">{message.attachmentNames.join(', ')}</Fact>
      ) : null}
      {mayResend(permissions, message.type) ? (
        <Group>
          <ResendButton key={message.id} message={message} onResent={onOpen} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** The drawer showing one message; `onOpen` moves it to another (the original of a resend, or the resend). */
export function MessageDrawer({
  id,
  onClose,
  onOpen,
}: {
  id: string | undefined;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const query = useQuery(trpc.message.get.queryOptions({ id: id ?? '' }, { enabled: !!id }));
  const message = query.data?.message;
  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size="lg"
      title={message ? `${messageTypeLabel(message.type)} ${channelNoun(message.channel)}` : 'Message'}
    >
      {query.isError ? (
        <Alert color="red" title="This message could not be opened">
          {errorMessage(query.error)}
        </Alert>
      ) : message ? (
        <Detail message={message} onOpen={onOpen} />
      ) : null}
    </Drawer>
  );
}
