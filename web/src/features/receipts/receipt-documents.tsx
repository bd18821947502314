// A receipt leaves the office from its page: its PDF opened to print or downloaded
// (download_print_receipt), and emailed with it to the customer (email_receipt), to the customer
// master's addresses unless others are given.
import { Anchor, Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import type { Receipt } from './receipt-types';

/** The receipt's PDF: opened in the browser to print, or downloaded. */
export const receiptPdfUrl = (id: string, download = false) =>
  `/api/receipts/${encodeURIComponent(id)}.pdf${download ? '?download=1' : ''}`;

function EmailReceiptDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const contacts = useQuery(trpc.paymentRequest.contacts.queryOptions({ customerId: receipt.customerId }));
  const [to, setTo] = useState<string[]>();
  const chosen = to ?? contacts.data?.emails ?? [];
  const send = useMutation({
    mutationFn: () => trpcClient.receipt.email.mutate({ id: receipt.id, to: chosen }),
    onSuccess: (sent) => {
      showToast(`Receipt ${receipt.receiptNo} is on its way to ${sent.sentTo.join(', ')}.`);
      onClose();
    },
  });
  const fields = fieldErrorsOf(send.error);
  const error =
    Object.entries(fields).find(([field]) => field === 'to' || field.startsWith('to.'))?.[1] ??
    (send.error && Object.keys(fields).length === 0 ? errorMessage(send.error) : undefined);
  return (
    <Modal opened onClose={onClose} title={`Email receipt ${receipt.receiptNo}`}>
      <form
        aria-label="Email receipt form"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <TagsInput
            label="To"
            description="Press Enter after each address; at most 10."
            value={chosen}
            onChange={(value) => setTo(value.slice(0, 10))}
            error={error}
          />
          <Text size="sm" c="dimmed">
            The receipt PDF is attached.{' '}
            <Anchor href={receiptPdfUrl(receipt.id)} target="_blank" size="sm">
              Preview it
            </Anchor>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={send.isPending} disabled={chosen.length === 0}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ReceiptDocumentActions({
  receipt,
  permissions,
}: {
  receipt: Receipt;
  permissions: ReadonlySet<string>;
}) {
  const [emailing, setEmailing] = useState(false);
  const canPrint = permissions.has('download_print_receipt');
  const canEmail = !receipt.isCancelled && permissions.has('email_receipt');
  if (!canPrint && !canEmail) return null;
  return (
    <Group gap="xs">
      {canEmail ? (
        <Button size="xs" variant="default" onClick={() => setEmailing(true)}>
          Email
        </Button>
      ) : null}
      {canPrint ? (
        <>
          <Button size="xs" variant="default" component="a" href={receiptPdfUrl(receipt.id)} target="_blank">
            Print
          </Button>
          <Button size="xs" variant="default" component="a" href={receiptPdfUrl(receipt.id, true)}>
            Download PDF
          </Button>
        </>
      ) : null}
      {emailing ? <EmailReceiptDialog receipt={receipt} onClose={() => setEmailing(false)} /> : null}
    </Group>
  );
}
