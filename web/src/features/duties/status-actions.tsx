// The status actions a duty offers this person (confirm, dispatch, cancel…), each through its own
// procedure; those that undo something or need a reason ask first, in a dialog.
import { BOOKING_TRANSITIONS } from '@fleet/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import type { DutyRef } from './booking-types';
import { asksFirst, needsReason, STATUS_ACTION_LABELS, type StatusAction } from './duty-actions';
import { dutyNumber, statusLabel } from './duty-format';

/** Everything read about bookings (the board, its counts, the booking pages) is read again. */
export function useRefreshBookings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.booking.pathKey() });
}

/** Takes a status action on a duty, says what became of it, and refreshes what shows it. */
export function useStatusAction() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({ action, duty, reason }: { action: StatusAction; duty: DutyRef; reason?: string }) =>
      trpcClient.booking[action].mutate({ id: duty.id, reason: reason || undefined, version: duty.version }),
    onSuccess: (changed) =>
      showToast(`Duty ${dutyNumber(changed.bookingNo)} is ${statusLabel(changed.status).toLowerCase()}.`),
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    onSettled: () => refresh(),
  });
}

function ReasonDialog({
  duty,
  action,
  onClose,
}: {
  duty: DutyRef;
  action: StatusAction;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const take = useStatusAction();
  const required = needsReason(action);
  const label = STATUS_ACTION_LABELS[action];
  return (
    <Modal opened onClose={onClose} title={`${label} · duty ${dutyNumber(duty.bookingNo)}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (required && !reason.trim()) {
            setError('Say why; it is kept with the duty.');
            return;
          }
          take.mutate({ action, duty, reason: reason.trim() }, { onSuccess: onClose });
        }}
        aria-label={`${label} form`}
      >
        <Stack gap="sm">
          <Text size="sm">
            You are about to {BOOKING_TRANSITIONS[action].verb} this duty ({statusLabel(duty.status)} now).
          </Text>
          <Textarea
            label="Reason"
            withAsterisk={required}
            description={required ? undefined : 'Optional'}
            autosize
            minRows={2}
            data-autofocus
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color={action === 'cancel' ? 'red' : undefined} loading={take.isPending}>
              {label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A button per status action offered; `confirm` and `dispatch` act at once, the others ask first. */
export function StatusActionButtons({ duty, actions }: { duty: DutyRef; actions: StatusAction[] }) {
  const [asking, setAsking] = useState<StatusAction>();
  const take = useStatusAction();
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant={action === 'dispatch' || action === 'confirm' ? 'filled' : 'light'}
          color={action === 'cancel' || action === 'markUnfulfilled' ? 'red' : undefined}
          loading={take.isPending && take.variables?.action === action}
          onClick={() => (asksFirst(action) ? setAsking(action) : take.mutate({ action, duty }))}
        >
          {STATUS_ACTION_LABELS[action]}
        </Button>
      ))}
      {asking ? <ReasonDialog duty={duty} action={asking} onClose={() => setAsking(undefined)} /> : null}
    </>
  );
}
