import { operatorDate } from '@fleet/domain';
import { Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';
import { BookingForm } from './booking-form';
import { newBookingValues } from './booking-form-values';
import { dutyNumber } from './duty-format';

/** /duties/booking/new: take a booking, then open it. */
export default function NewBookingPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.booking.create.mutationOptions());
  const initial = useMemo(() => newBookingValues(operatorDate(new Date())), []);
  return (
    <Stack gap="md">
      <PageHeader title="New booking" />
      <BookingForm
        initial={initial}
        onSubmit={async (draft) => {
          const { booking, duties } = await create.mutateAsync(draft);
          const last = duties.at(-1);
          showToast(
            last
              ? `Booked duties ${dutyNumber(booking.bookingNo)} to ${dutyNumber(last.bookingNo)}.`
              : `Booked duty ${dutyNumber(booking.bookingNo)}.`,
          );
          await queryClient.invalidateQueries({ queryKey: trpc.booking.list.pathKey() });
          await navigate({ to: `/duties/booking/${booking.id}` });
        }}
      />
    </Stack>
  );
}
