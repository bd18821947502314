// A duty whose trip start the driver app locked after too many wrong start codes: the office sees it
// beside the codes and, holding the permission to send the trip's details, unlocks it (after reading
// the code out to the driver, who can then start).
import { TRIP_START_CODE_TRIES } from '@fleet/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import type { BookingDetail } from './booking-types';
import { useRefreshBookings } from './status-actions';

export function TripStartLock({
  booking,
  permissions,
}: {
  booking: BookingDetail;
  permissions: ReadonlySet<string>;
}) {
  const refresh = useRefreshBookings();
  const unlock = useMutation(
    trpc.booking.unlockTripStart.mutationOptions({
      onSuccess: () => showToast('The driver can start the duty with the code now.'),
      onError: (error) => showToast(errorMessage(error), 'alert-danger'),
      onSettled: () => refresh(),
    }),
  );
  if (!booking.tripStartLockedAt) {
    if (!booking.tripStartWrongCodes) return null;
    return (
      <Text size="xs" c="orange" mt="xs" data-testid="trip-start-wrong-codes">
        {booking.tripStartWrongCodes} wrong start code{booking.tripStartWrongCodes === 1 ? '' : 's'} from the
        driver app; the start locks at {TRIP_START_CODE_TRIES}.
      </Text>
    );
  }
  return (
    <Alert color="red" mt="sm" title="Trip start locked" data-testid="trip-start-locked">
      <Stack gap="xs">
        <Text size="sm">
          The driver app sent {booking.tripStartWrongCodes} wrong start codes, so the duty cannot start until
          it is unlocked. Read the start code to the driver, then unlock.
        </Text>
        {permissions.has('send_duty_info') ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={unlock.isPending}
            onClick={() => unlock.mutate({ id: booking.id })}
            style={{ alignSelf: 'flex-start' }}
          >
            Unlock the start
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            Someone who sends duty info can unlock it.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
