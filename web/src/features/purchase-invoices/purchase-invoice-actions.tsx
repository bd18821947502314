// What can be done to a purchase invoice from its page: cancel it with a reason (cancel_purchase), after
// a confirmation that says its duties are freed; email it to the supplier (email_purchase).
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { ReasonDialog } from '../common/reason-dialog';
import type { PurchaseInvoice } from './purchase-invoice-types';

/**
 * Everything read about purchase invoices (lists, pages, the duties offered) is read again, with what they
 * owe to the payment screens (an approved invoice can be paid; a cancelled one owes nothing) and the
 * purchase duties they bill.
 */
export function useRefreshPurchaseInvoices() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.purchaseInvoice.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.supplierPayment.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.purchaseDuty.pathKey() });
  };
}

export function CancelPurchaseInvoiceDialog({
  invoice,
  onClose,
}: {
  invoice: PurchaseInvoice;
  onClose: () => void;
}) {
  const refresh = useRefreshPurchaseInvoices();
  const duties = invoice.duties.length;
  return (
    <ReasonDialog
      title={`Cancel purchase invoice ${invoice.purchaseNo}`}
      formLabel="Cancel purchase invoice form"
      keptWith="the purchase invoice"
      confirmLabel="Cancel purchase invoice"
      explanation={`It keeps its number, marked cancelled, and the supplier's number ${invoice.supplierInvoiceNo} is free to record again.${
        duties
          ? ` ${duties === 1 ? 'Its duty is' : `Its ${duties} duties are`} free for another purchase invoice.`
          : ''
      }`}
      submit={(reason) => trpcClient.purchaseInvoice.cancel.mutate({ id: invoice.id, reason })}
      onDone={(cancelled) => showToast(`Purchase invoice ${cancelled.purchaseNo} is cancelled.`)}
      onSettled={refresh}
      onClose={onClose}
    />
  );
}

export function EmailPurchaseInvoiceDialog({
  invoice,
  onClose,
}: {
  invoice: PurchaseInvoice;
  onClose: () => void;
}) {
  const refresh = useRefreshPurchaseInvoices();
  const [to, setTo] = useState(invoice.supplierEmail ?? '');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () =>
      trpcClient.purchaseInvoice.email.mutate({
        id: invoice.id,
        to: to
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      }),
    onSuccess: (sent) => {
      showToast(`Purchase invoice ${sent.purchaseNo} is on its way to ${to}.`);
      onClose();
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setError(Object.entries(fields).find(([key]) => key.startsWith('to'))?.[1] ?? errorMessage(failure));
    },
    onSettled: refresh,
  });
  return (
    <Modal opened onClose={onClose} title={`Email purchase invoice ${invoice.purchaseNo}`}>
      <form
        aria-label="Email purchase invoice form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!to.trim()) {
            setError('Give the address to send it to.');
            return;
          }
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="To"
            description="Addresses separated by commas"
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          {send.isError && !error ? <Alert color="red">{errorMessage(send.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send email
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
