// Delete booking: a booking entered by mistake, deleted with every duty of it while nothing has happened
// to it (the service decides; the button shows only when its rule would allow it), after a confirm
// dialog. The booking leaves the board, its counts and search; the person lands back on the board.
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import type { DutyRef } from './booking-types';
import { dutyNumber } from './duty-format';
import { useRefreshBookings } from './status-actions';

function DeleteDialog({ duty, days, onClose }: { duty: DutyRef; days: number; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const refresh = useRefreshBookings();
  const navigate = useNavigate();
  const remove = useMutation(
    trpc.booking.delete.mutationOptions({
      onSuccess: () => {
        showToast(`Booking ${dutyNumber(duty.bookingNo)} is deleted.`);
        onClose();
        void navigate({ to: '/duties/bookings/all' });
      },
      onSettled: () => refresh(),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`Delete booking ${dutyNumber(duty.bookingNo)}?`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate({ id: duty.id, reason: reason.trim() || undefined, version: duty.version });
        }}
        aria-label="Delete booking form"
      >
        <Stack gap="sm">
          <Text size="sm">
            {days > 1 ? `All ${days} days of this booking are deleted. ` : ''}A deleted booking leaves the
            board, its counts and search; who deleted it and when is kept. Delete only a booking entered by
            mistake; cancel one that is real.
          </Text>
          <Textarea
            label="Reason"
            description="Optional"
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {remove.error ? (
            <Text size="sm" c="red" role="alert">
              {errorMessage(remove.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              Delete booking
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The Delete booking button and its confirm dialog; `days`: how many duties the booking has. */
export function DeleteBookingButton({ duty, days }: { duty: DutyRef; days: number }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={() => setAsking(true)}>
        Delete booking
      </Button>
      {asking ? <DeleteDialog duty={duty} days={days} onClose={() => setAsking(false)} /> : null}
    </>
  );
}
