// What can be done to a receipt from its page: cancel it with a reason (cancel_receipt), after a
// confirmation that says what cancelling gives back.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import type { Receipt } from './receipt-types';

/** Everything read about receipts and invoices (lists, pages, what invoices ask) is read again. */
export function useRefreshReceipts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.receipt.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.invoice.pathKey() });
  };
}

export function CancelReceiptDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const refresh = useRefreshReceipts();
  const cancel = useMutation({
    mutationFn: () => trpcClient.receipt.cancel.mutate({ id: receipt.id, reason: reason.trim() }),
    onSuccess: (cancelled) => {
      showToast(`Receipt ${cancelled.receiptNo} is cancelled.`);
      onClose();
    },
    onError: (failure) => setError(fieldErrorsOf(failure).reason ?? errorMessage(failure)),
    onSettled: refresh,
  });
  const settled = receipt.settlements.length;
  return (
    <Modal opened onClose={onClose} title={`Cancel receipt ${receipt.receiptNo}`}>
      <form
        aria-label="Cancel receipt form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError('Say why; it is kept with the receipt.');
            return;
          }
          cancel.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            The receipt keeps its number, marked cancelled.
            {settled
              ? ` The ${settled === 1 ? 'invoice it settles asks' : `${settled} invoices it settles ask`} again for exactly what it settled.`
              : ''}
          </Text>
          <Textarea
            label="Why is it cancelled?"
            withAsterisk
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              Cancel receipt
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
