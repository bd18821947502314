// Asking a customer to pay: a message by email and text (to the addresses and phones chosen, the customer
// master's at first) with the amount due — an invoice's outstanding, or all the customer owes — and a link
// to a page of its dues. Offered to whoever may request payment and see what customers owe.
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { rupees } from '../duties/duty-format';

/** Whether this person may ask customers to pay. */
export const canRequestPayment = (permissions: ReadonlySet<string> | undefined) =>
  Boolean(permissions?.has('request_payment') && permissions.has('view_receipt'));

const MOST = 10;

function RequestPaymentDialog({
  customerId,
  invoiceId,
  what,
  onClose,
}: {
  customerId: string;
  invoiceId?: string;
  /** What is asked for, as the dialog says it: "invoice KC/26-27/0004" or "all Harbour Logistics owes". */
  what: string;
  onClose: () => void;
}) {
  const contacts = useQuery(trpc.paymentRequest.contacts.queryOptions({ customerId }));
  const [emails, setEmails] = useState<string[]>();
  const [phones, setPhones] = useState<string[]>();
  const chosenEmails = emails ?? contacts.data?.emails ?? [];
  const chosenPhones = phones ?? contacts.data?.phones ?? [];
  const send = useMutation({
    mutationFn: () =>
      trpcClient.paymentRequest.send.mutate({
        customerId,
        ...(invoiceId ? { invoiceId } : {}),
        emails: chosenEmails,
        phones: chosenPhones,
      }),
    onSuccess: (sent) => {
      showToast(
        `${sent.customerName} is asked for ${rupees(sent.amountDue)}: ${[...sent.emails, ...sent.phones].join(', ')}.`,
      );
      onClose();
    },
  });
  const fields = fieldErrorsOf(send.error);
  const fieldError = (prefix: string) =>
    Object.entries(fields).find(([field]) => field === prefix || field.startsWith(`${prefix}.`))?.[1];
  const otherError = send.error && Object.keys(fields).length === 0 ? errorMessage(send.error) : undefined;
  return (
    <Modal opened onClose={onClose} title="Request payment">
      <form
        aria-label="Request payment form"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Sends {what} with a link to a page of the open invoices, their PDFs and your bank account, open
            for 30 days.
          </Text>
          <TagsInput
            label="Email to"
            description={`Press Enter after each address; at most ${MOST}.`}
            value={chosenEmails}
            onChange={(value) => setEmails(value.slice(0, MOST))}
            error={fieldError('emails')}
          />
          <TagsInput
            label="Text to"
            description="Mobile numbers, e.g. +919800000001."
            value={chosenPhones}
            onChange={(value) => setPhones(value.slice(0, MOST))}
            error={fieldError('phones')}
          />
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              type="submit"
              loading={send.isPending}
              disabled={contacts.isLoading || (chosenEmails.length === 0 && chosenPhones.length === 0)}
            >
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A button opening the request for a customer's total outstanding, or one invoice's. */
export function RequestPaymentButton({
  customerId,
  invoiceId,
  what,
  size = 'xs',
}: {
  customerId: string;
  invoiceId?: string;
  what: string;
  size?: 'xs' | 'sm';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="default" onClick={() => setOpen(true)}>
        Request payment
      </Button>
      {open ? (
        <RequestPaymentDialog
          customerId={customerId}
          invoiceId={invoiceId}
          what={what}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
