// The one dialog for taking a document out of use with a reason (cancelling an invoice, a receipt or a
// note; discarding a draft): what it gives back, the reason kept with the document, the service's own
// word at the field when it refuses.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../lib/trpc';

export function ReasonDialog<Result>({
  title,
  formLabel,
  explanation,
  reasonLabel = 'Why is it cancelled?',
  required = true,
  keptWith,
  confirmLabel,
  submit,
  onDone,
  onSettled,
  onClose,
}: {
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  explanation: ReactNode;
  reasonLabel?: string;
  required?: boolean;
  /** What the reason is kept with, for the prompt when it is missing: "the receipt". */
  keptWith: string;
  confirmLabel: string;
  /** Sends the reason ('' when none was given and none is required). */
  submit: (reason: string) => Promise<Result>;
  onDone: (result: Result) => void;
  onSettled?: () => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const take = useMutation({
    mutationFn: () => submit(reason.trim()),
    onSuccess: (result) => {
      onDone(result);
      onClose();
    },
    onError: (failure) => setError(fieldErrorsOf(failure).reason ?? errorMessage(failure)),
    onSettled,
  });
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        aria-label={formLabel}
        onSubmit={(event) => {
          event.preventDefault();
          if (required && !reason.trim()) {
            setError(`Say why; it is kept with ${keptWith}.`);
            return;
          }
          take.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{explanation}</Text>
          <Textarea
            label={reasonLabel}
            withAsterisk={required}
            data-autofocus
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={take.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
